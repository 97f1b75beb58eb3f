import type {
  TCreateOrganization,
  TOrganization,
  TOrganizationList,
  TUpdateOrganization,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { revokeOrgSessions, type AuthContext } from '../auth';
import { createInvitedUser, sendInvitation } from './invite';
import '../access';

/**
 * Organisations. Every user sees their own (editable with orgs.write). The first organisation,
 * the one created on first start, is the platform operator's: its users with orgs.write also
 * create organisations (each with the three sample roles and an invited first administrator),
 * list, edit, deactivate and reactivate them. For anyone else another organisation is a 404.
 */

async function platformOrgId(deps: Deps): Promise<number | null> {
  const row = await deps.db
    .selectFrom('organizations')
    .select(sql<number | null>`min(id)`.as('id'))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the caller runs the platform: orgs.write in the first organisation. */
async function managesAllOrganizations(deps: Deps, auth: AuthContext): Promise<boolean> {
  return auth.permissions.includes('orgs.write') && (await platformOrgId(deps)) === auth.orgId;
}

const organizations = (deps: Deps) =>
  deps.db
    .selectFrom('organizations')
    .selectAll('organizations')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('users.org_id', '=', 'organizations.id')
        .as('user_count'),
    );

type OrgRow = Awaited<ReturnType<ReturnType<typeof organizations>['execute']>>[number];

function toOrganization(row: OrgRow, platformId: number | null): TOrganization {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    domains: Array.isArray(row.domains) ? row.domains.map(String) : [],
    status: row.status,
    timeZone: row.time_zone,
    userCount: Number(row.user_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
    isPlatform: row.id === platformId,
  };
}

export async function listOrganizations(deps: Deps, auth: AuthContext): Promise<TOrganizationList> {
  const platformId = await platformOrgId(deps);
  const canManageAll = auth.permissions.includes('orgs.write') && platformId === auth.orgId;
  let query = organizations(deps);
  if (!canManageAll) query = query.where('organizations.id', '=', auth.orgId);
  const rows = await query.orderBy('organizations.id').execute();
  return {
    organizations: rows.map((r) => toOrganization(r, platformId)),
    canManageAll,
    ownOrgId: auth.orgId,
  };
}

/** The organisation if the caller may see it: their own, or any when they run the platform. */
async function visibleOrganization(deps: Deps, auth: AuthContext, id: number): Promise<TOrganization> {
  const platformId = await platformOrgId(deps);
  const canManageAll = auth.permissions.includes('orgs.write') && platformId === auth.orgId;
  if (id !== auth.orgId && !canManageAll) throw notFound(`Organization ${id}`);
  const row = await organizations(deps).where('organizations.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Organization ${id}`);
  return toOrganization(row, platformId);
}

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `An organization named "${name}" already exists. Choose another name.`);

async function assertNameFree(deps: Deps, name: string, exceptId?: number): Promise<void> {
  let query = deps.db
    .selectFrom('organizations')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken(name);
}

export async function updateOrganization(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: TUpdateOrganization,
): Promise<TOrganization> {
  await visibleOrganization(deps, auth, id);
  await assertNameFree(deps, input.name, id);
  await deps.db
    .updateTable('organizations')
    .set({
      name: input.name,
      description: input.description,
      domains: JSON.stringify([...new Set(input.domains)]),
      time_zone: input.timeZone,
      updated_at: deps.now(),
    })
    .where('id', '=', id)
    .execute();
  return visibleOrganization(deps, auth, id);
}

const onlyPlatform = () =>
  new AppError(
    'FORBIDDEN',
    'Only administrators of the first organization (the one created when Catalyst was installed) can create, deactivate or reactivate organizations.',
  );

export async function createOrganization(
  deps: Deps,
  auth: AuthContext,
  input: TCreateOrganization,
): Promise<TOrganization> {
  if (!(await managesAllOrganizations(deps, auth))) throw onlyPlatform();
  await assertNameFree(deps, input.name);
  const orgId = await deps.db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto('organizations')
      .values({
        name: input.name,
        description: input.description,
        domains: JSON.stringify([...new Set(input.domains)]),
        time_zone: input.timeZone,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The insert trigger made the sample roles; the first user holds Admin.
    const admin = await trx
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', org.id)
      .where('key', '=', 'admin')
      .executeTakeFirstOrThrow();
    await createInvitedUser(trx, { orgId: org.id, roleId: admin.id, ...input.admin });
    return org.id;
  });
  await sendInvitation(deps, auth, input.admin.username);
  return visibleOrganization(deps, auth, orgId);
}

/** Deactivating ends the sessions of all the organisation's users and refuses their sign-in. */
export async function setOrganizationActive(
  deps: Deps,
  auth: AuthContext,
  id: number,
  active: boolean,
): Promise<TOrganization> {
  if (!(await managesAllOrganizations(deps, auth))) {
    // Someone else's organisation stays invisible; their own they may not switch off.
    if (id !== auth.orgId) throw notFound(`Organization ${id}`);
    throw onlyPlatform();
  }
  const org = await visibleOrganization(deps, auth, id);
  if (!active && (id === auth.orgId || org.isPlatform)) {
    throw new AppError(
      'CONFLICT',
      'The first organization runs the platform and cannot be deactivated (you would lock yourself out).',
    );
  }
  await deps.db
    .updateTable('organizations')
    .set({ status: active ? 'active' : 'inactive', updated_at: deps.now() })
    .where('id', '=', id)
    .execute();
  if (!active) await revokeOrgSessions(deps, id);
  return visibleOrganization(deps, auth, id);
}
