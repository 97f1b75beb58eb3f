import {
  ZRestriction,
  type TDataAccessGroup,
  type TDataAccessGroupInput,
  type TDataSourceOption,
  type TRestriction,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { AuthContext } from '../auth';
import '../access';
import '../data-sources';

/**
 * Data access groups (the Data Access tab): which users may use which data sources, under which
 * restrictions. The rules are enforced in features/access/data-access.ts.
 */

const typeOf = (dbType: string): TDataSourceOption['type'] =>
  dbType === 'flat_files' ? 'file' : dbType === 'api' ? 'api' : 'database';

/** Every data source of the organisation, for the group dialog's checkboxes. */
export async function listSourceOptions(deps: Deps, orgId: number): Promise<TDataSourceOption[]> {
  const rows = await deps.db
    .selectFrom('data_connections')
    .select(['id', 'name', 'db_type'])
    .where('org_id', '=', orgId)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: typeOf(r.db_type) }));
}

export async function listGroups(deps: Deps, orgId: number): Promise<TDataAccessGroup[]> {
  const groups = await deps.db
    .selectFrom('data_access_groups')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy(sql`lower(name)`)
    .execute();
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.id);
  const [sources, members] = await Promise.all([
    deps.db
      .selectFrom('data_access_group_sources as s')
      .innerJoin('data_connections as c', 'c.id', 's.conn_id')
      .select(['s.group_id', 'c.id', 'c.name', 'c.db_type'])
      .where('s.group_id', 'in', ids)
      .orderBy(sql`lower(c.name)`)
      .execute(),
    deps.db
      .selectFrom('data_access_group_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.group_id', 'm.approved_at', 'u.id', 'u.username', 'u.first_name', 'u.last_name'])
      .where('m.group_id', 'in', ids)
      .orderBy(sql`lower(u.username)`)
      .execute(),
  ]);
  const now = deps.now().getTime();
  return groups.map((g) => {
    const restrictions = (Array.isArray(g.restrictions) ? g.restrictions : []).filter(
      (r): r is TRestriction => ZRestriction.safeParse(r).success,
    );
    const own = sources
      .filter((s) => s.group_id === g.id)
      .map((s) => ({ id: s.id, name: s.name, type: typeOf(s.db_type) }));
    const people = members
      .filter((m) => m.group_id === g.id)
      .map((m) => ({
        userId: m.id,
        username: m.username,
        name: [m.first_name, m.last_name].filter(Boolean).join(' ') || m.username,
        approved: m.approved_at !== null,
        approvedAt: m.approved_at ? new Date(m.approved_at).toISOString() : null,
      }));
    const expiresAt = g.expires_at ? new Date(g.expires_at) : null;
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      dataSources: own.map((s) => s.id),
      sources: own,
      userCount: people.length,
      members: people,
      restrictions,
      expiresAt: expiresAt?.toISOString() ?? null,
      expired: restrictions.includes('time-limited') && (!expiresAt || expiresAt.getTime() <= now),
      createdAt: new Date(g.created_at).toISOString(),
    };
  });
}

async function getGroup(deps: Deps, orgId: number, id: number): Promise<TDataAccessGroup> {
  const group = (await listGroups(deps, orgId)).find((g) => g.id === id);
  if (!group) throw notFound(`Data access group ${id}`);
  return group;
}

/** The input's sources and members must be the organisation's; a time-limited group needs its end. */
async function validated(deps: Deps, orgId: number, input: TDataAccessGroupInput) {
  const sourceIds = [...new Set(input.dataSources)];
  const memberIds = [...new Set(input.members.map((m) => m.userId))];
  if (sourceIds.length) {
    const found = await deps.db
      .selectFrom('data_connections')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', sourceIds)
      .execute();
    const missing = sourceIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw new AppError(
        'VALIDATION_FAILED',
        `Data source ${missing.join(', ')} was not found in the organization.`,
      );
  }
  if (memberIds.length) {
    const found = await deps.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', 'in', memberIds)
      .execute();
    const missing = memberIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw new AppError(
        'VALIDATION_FAILED',
        `User ${missing.join(', ')} was not found in the organization.`,
      );
  }
  const restrictions = [...new Set(input.restrictions)];
  const timeLimited = restrictions.includes('time-limited');
  if (timeLimited && !input.expiresAt)
    throw new AppError('VALIDATION_FAILED', 'A time-limited group needs an expiry date and time.');
  const approvals = new Map(input.members.map((m) => [m.userId, m.approved]));
  return {
    sourceIds,
    memberIds,
    approvals,
    restrictions,
    expiresAt: timeLimited && input.expiresAt ? new Date(input.expiresAt) : null,
  };
}

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A data access group named "${name}" already exists. Choose another name.`);

async function save(
  deps: Deps,
  auth: AuthContext,
  id: number | null,
  input: TDataAccessGroupInput,
): Promise<number> {
  const v = await validated(deps, auth.orgId, input);
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const values = {
        name: input.name,
        description: input.description,
        restrictions: JSON.stringify(v.restrictions),
        expires_at: v.expiresAt,
        updated_at: now,
      };
      let groupId: number;
      if (id === null) {
        groupId = (
          await trx
            .insertInto('data_access_groups')
            .values({ ...values, org_id: auth.orgId, created_by: auth.userId })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        const updated = await trx
          .updateTable('data_access_groups')
          .set(values)
          .where('id', '=', id)
          .where('org_id', '=', auth.orgId)
          .returning('id')
          .executeTakeFirst();
        if (!updated) throw notFound(`Data access group ${id}`);
        groupId = updated.id;
      }
      await trx.deleteFrom('data_access_group_sources').where('group_id', '=', groupId).execute();
      if (v.sourceIds.length)
        await trx
          .insertInto('data_access_group_sources')
          .values(v.sourceIds.map((connId) => ({ group_id: groupId, conn_id: connId, org_id: auth.orgId })))
          .execute();
      // Members keep when they were added and approved; approval is recorded with who gave it.
      const before = await trx
        .selectFrom('data_access_group_members')
        .selectAll()
        .where('group_id', '=', groupId)
        .execute();
      await trx.deleteFrom('data_access_group_members').where('group_id', '=', groupId).execute();
      if (v.memberIds.length) {
        await trx
          .insertInto('data_access_group_members')
          .values(
            v.memberIds.map((userId) => {
              const old = before.find((b) => b.user_id === userId);
              const approved = v.approvals.get(userId) === true;
              return {
                group_id: groupId,
                user_id: userId,
                org_id: auth.orgId,
                added_at: old?.added_at ?? now,
                approved_at: approved ? (old?.approved_at ?? now) : null,
                approved_by: approved ? (old?.approved_at ? old.approved_by : auth.userId) : null,
              };
            }),
          )
          .execute();
      }
      return groupId;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameTaken(input.name);
    throw error;
  }
}

export async function createGroup(
  deps: Deps,
  auth: AuthContext,
  input: TDataAccessGroupInput,
): Promise<TDataAccessGroup> {
  return getGroup(deps, auth.orgId, await save(deps, auth, null, input));
}

export async function updateGroup(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: TDataAccessGroupInput,
): Promise<TDataAccessGroup> {
  return getGroup(deps, auth.orgId, await save(deps, auth, id, input));
}

export async function deleteGroup(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const deleted = await deps.db
    .deleteFrom('data_access_groups')
    .where('id', '=', id)
    .where('org_id', '=', auth.orgId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(`Data access group ${id}`);
}

/** The sources of a group of the organisation (for its audit log). */
export async function groupSourceIds(deps: Deps, orgId: number, id: number): Promise<number[]> {
  return (await getGroup(deps, orgId, id)).dataSources;
}
