import {
  PERMISSION_IDS,
  permissionOf,
  type TPermission,
  type TRole,
  type TRoleInput,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { RoleRow } from '../access';
import { dropCachedSessions, permissionsOf, type AuthContext } from '../auth';
import '../access';

/**
 * Roles of an organisation: the three sample roles (Admin, Manager, User) and the ones an
 * administrator makes. Nobody can lock an organisation out: the Admin role is immutable (every
 * permission, its name; it cannot be deleted), and the last active Admin keeps it (see users.ts).
 * Nobody hands out more than they hold: creating, changing or deleting a role, and giving one to
 * a user, require holding every permission the role grants.
 */

function toRole(row: RoleRow & { user_count: number | string }): TRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    permissions: permissionsOf(row.permissions),
    userCount: Number(row.user_count),
    key: row.key,
  };
}

const withUserCount = (deps: Deps, orgId: number) =>
  deps.db
    .selectFrom('roles')
    .selectAll('roles')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('users.role_id', '=', 'roles.id')
        .as('user_count'),
    )
    .where('roles.org_id', '=', orgId);

export async function listRoles(deps: Deps, orgId: number): Promise<TRole[]> {
  // The sample roles first, in their order, then the others by name.
  const rows = await withUserCount(deps, orgId)
    .orderBy(sql`case roles.key when 'admin' then 0 when 'manager' then 1 when 'user' then 2 else 3 end`)
    .orderBy(sql`lower(roles.name)`)
    .execute();
  return rows.map((r) => toRole({ ...r, user_count: r.user_count ?? 0 }));
}

async function roleOf(deps: Deps, orgId: number, id: number): Promise<TRole> {
  const row = await withUserCount(deps, orgId).where('roles.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Role ${id}`);
  return toRole({ ...row, user_count: row.user_count ?? 0 });
}

/** Nobody hands out more than they hold: a role may carry only permissions its maker has. */
function assertGrantable(
  auth: Pick<AuthContext, 'permissions'>,
  permissions: readonly TPermission[],
  doing = 'grant permissions',
): void {
  const beyond = permissions.filter((p) => !auth.permissions.includes(p));
  if (beyond.length) {
    throw new AppError(
      'FORBIDDEN',
      `You cannot ${doing} you do not hold yourself: ${beyond.map((p) => `${p} (${permissionOf(p).name})`).join(', ')}.`,
    );
  }
}

/** A role of the caller's organisation they may give a user (the User role when `roleId` is null). */
export async function assignableRole(deps: Deps, auth: AuthContext, roleId: number | null): Promise<TRole> {
  let id = roleId;
  if (id === null) {
    const fallback = await deps.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', auth.orgId)
      .where('key', '=', 'user')
      .executeTakeFirst();
    if (!fallback)
      throw new AppError(
        'VALIDATION_FAILED',
        'Choose a role for the user (the organization has no User role).',
      );
    id = fallback.id;
  }
  const role = await roleOf(deps, auth.orgId, id);
  assertGrantable(auth, role.permissions, `give the role "${role.name}", which grants permissions`);
  return role;
}

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `A role named "${name}" already exists. Choose another name.`);
const unique = (permissions: TPermission[]) => [...new Set(permissions)];

export async function createRole(deps: Deps, auth: AuthContext, input: TRoleInput): Promise<TRole> {
  assertGrantable(auth, input.permissions);
  try {
    const row = await deps.db
      .insertInto('roles')
      .values({
        org_id: auth.orgId,
        name: input.name,
        description: input.description,
        permissions: JSON.stringify(unique(input.permissions)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return roleOf(deps, auth.orgId, row.id);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameTaken(input.name);
    throw error;
  }
}

export async function updateRole(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: TRoleInput,
): Promise<TRole> {
  const current = await roleOf(deps, auth.orgId, id);
  // Changing a role changes what its holders may do: only someone holding everything it grants,
  // before and after, may change it (removing a permission one lacks is as much an escalation
  // over its holders as adding one).
  assertGrantable(
    auth,
    unique([...current.permissions, ...input.permissions]),
    'change a role that grants permissions',
  );
  if (current.key === 'admin') assertAdminUnchanged(current, input);
  try {
    await deps.db
      .updateTable('roles')
      .set({
        name: input.name,
        description: input.description,
        // The Admin role keeps its stored list as it is (the same set, checked above).
        ...(current.key !== 'admin' && { permissions: JSON.stringify(unique(input.permissions)) }),
        updated_at: deps.now(),
      })
      .where('id', '=', id)
      .where('org_id', '=', auth.orgId)
      .execute();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw nameTaken(input.name);
    throw error;
  }
  // Holders of the role get the new permissions on their next request.
  dropCachedSessions(deps, (ctx) => ctx.roleId === id);
  return roleOf(deps, auth.orgId, id);
}

/**
 * The Admin role is what keeps an organisation manageable: its name and permissions never change
 * (an edit that strips it could not be undone by anyone), only its description may.
 */
function assertAdminUnchanged(current: TRole, input: TRoleInput): void {
  const same =
    input.name === current.name &&
    unique(input.permissions).length === PERMISSION_IDS.length &&
    PERMISSION_IDS.every((p) => input.permissions.includes(p));
  if (!same)
    throw new AppError(
      'CONFLICT',
      'The Admin role cannot be changed: it keeps its name and every permission, so the organization always has someone who can manage it. Create another role instead.',
    );
}

export async function deleteRole(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const role = await roleOf(deps, auth.orgId, id);
  assertGrantable(auth, role.permissions, 'delete a role that grants permissions');
  if (role.key === 'admin')
    throw new AppError('CONFLICT', 'The Admin role cannot be deleted: every organization needs it.');
  if (role.userCount > 0) {
    throw new AppError(
      'CONFLICT',
      `${role.userCount} user${role.userCount === 1 ? ' holds' : 's hold'} the role "${role.name}". Give ${role.userCount === 1 ? 'them' : 'each of them'} another role first.`,
    );
  }
  try {
    await deps.db.deleteFrom('roles').where('id', '=', id).where('org_id', '=', auth.orgId).execute();
  } catch (error) {
    // A user was given the role between the count and the delete.
    if ((error as { code?: string }).code === '23503')
      throw new AppError('CONFLICT', `Users hold the role "${role.name}". Give them another role first.`);
    throw error;
  }
}
