import type { TAdminUser, TUpdateUser } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { dropCachedSessions, revokeUserSessions, type AuthContext } from '../auth';
import { permissionOf, type TPermission } from '@catalyst/contracts';
import { assignableRole } from './roles';
import { sendInvitation } from './invite';
import '../access';

/** The Users tab: the organisation's users with role, status and last sign-in. Never a hard delete. */

const usersOf = (deps: Deps, orgId: number) =>
  deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_active',
      'users.last_login_at',
      'users.created_at',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.key as role_key',
      'organizations.name as org_name',
    ])
    .where('users.org_id', '=', orgId);

type UserListRow = Awaited<ReturnType<ReturnType<typeof usersOf>['execute']>>[number];

function toAdminUser(row: UserListRow): TAdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
    roleId: row.role_id,
    roleName: row.role_name,
    organizations: [row.org_name],
    status: row.is_active ? 'active' : 'inactive',
    lastLogin: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export async function listUsers(deps: Deps, orgId: number): Promise<TAdminUser[]> {
  const rows = await usersOf(deps, orgId)
    .orderBy(sql`lower(users.username)`)
    .execute();
  return rows.map(toAdminUser);
}

/**
 * Nobody manages someone more powerful than themself: changing (e-mail, role, status) a user who
 * holds a permission the caller lacks could be used to take their account over.
 */
async function assertManageable(deps: Deps, auth: AuthContext, user: TAdminUser): Promise<void> {
  const role = await deps.db
    .selectFrom('roles')
    .select('permissions')
    .where('id', '=', user.roleId)
    .executeTakeFirstOrThrow();
  const beyond = (Array.isArray(role.permissions) ? (role.permissions as TPermission[]) : []).filter(
    (p) => !auth.permissions.includes(p),
  );
  if (beyond.length) {
    throw new AppError(
      'FORBIDDEN',
      `${user.name} holds permissions you do not have (${beyond.map((p) => `${p} (${permissionOf(p).name})`).join(', ')}), so you cannot change their account.`,
    );
  }
}

export async function getUser(deps: Deps, orgId: number, id: number): Promise<TAdminUser> {
  const row = await usersOf(deps, orgId).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`User ${id}`);
  return toAdminUser(row);
}

/** Active holders of the organisation's Admin role other than `exceptUserId`. */
async function otherActiveAdmins(deps: Deps, orgId: number, exceptUserId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('users.org_id', '=', orgId)
    .where('roles.key', '=', 'admin')
    .where('users.is_active', '=', true)
    .where('users.id', '!=', exceptUserId)
    .executeTakeFirstOrThrow();
  return row.n;
}

const lastAdmin = (name: string) =>
  new AppError(
    'CONFLICT',
    `${name} is the organization's last active administrator. Give another user the Admin role first, so someone can still manage the organization.`,
  );

export async function updateUser(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: TUpdateUser,
): Promise<TAdminUser> {
  const user = await getUser(deps, auth.orgId, id);
  await assertManageable(deps, auth, user);
  if (input.roleId !== user.roleId) {
    const role = await assignableRole(deps, auth, input.roleId);
    const wasAdmin =
      (
        await deps.db
          .selectFrom('roles')
          .select('key')
          .where('id', '=', user.roleId)
          .executeTakeFirstOrThrow()
      ).key === 'admin';
    if (
      wasAdmin &&
      role.key !== 'admin' &&
      user.status === 'active' &&
      (await otherActiveAdmins(deps, auth.orgId, id)) === 0
    )
      throw lastAdmin(user.name);
  }
  await deps.db
    .updateTable('users')
    .set({
      email: input.email,
      first_name: input.firstName,
      last_name: input.lastName,
      role_id: input.roleId,
      updated_at: deps.now(),
    })
    .where('id', '=', id)
    .where('org_id', '=', auth.orgId)
    .execute();
  // A new role applies to the user's very next request.
  dropCachedSessions(deps, (ctx) => ctx.userId === id);
  return getUser(deps, auth.orgId, id);
}

/** Deactivates (sessions and sockets end at once, sign-in is refused) or reactivates a user. */
export async function setUserActive(
  deps: Deps,
  auth: AuthContext,
  id: number,
  active: boolean,
): Promise<TAdminUser> {
  const user = await getUser(deps, auth.orgId, id);
  await assertManageable(deps, auth, user);
  if (!active) {
    if (id === auth.userId)
      throw new AppError('CONFLICT', 'You cannot deactivate yourself. Ask another administrator to do it.');
    const isAdmin =
      (
        await deps.db
          .selectFrom('roles')
          .select('key')
          .where('id', '=', user.roleId)
          .executeTakeFirstOrThrow()
      ).key === 'admin';
    if (isAdmin && (await otherActiveAdmins(deps, auth.orgId, id)) === 0) throw lastAdmin(user.name);
  }
  await deps.db
    .updateTable('users')
    .set({ is_active: active, deactivated_at: active ? null : deps.now(), updated_at: deps.now() })
    .where('id', '=', id)
    .where('org_id', '=', auth.orgId)
    .execute();
  if (!active) await revokeUserSessions(deps, id);
  return getUser(deps, auth.orgId, id);
}

/** Sends a new set-password link to a user who has not signed in yet. */
export async function resendInvitation(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  const user = await getUser(deps, auth.orgId, id);
  await assertManageable(deps, auth, user);
  if (user.status !== 'active')
    throw new AppError(
      'CONFLICT',
      `${user.name} is deactivated. Reactivate them before sending an invitation.`,
    );
  if (user.lastLogin)
    throw new AppError(
      'CONFLICT',
      `${user.name} has already signed in; they can reset their password from the sign-in page.`,
    );
  await sendInvitation(deps, auth, user.username);
}
