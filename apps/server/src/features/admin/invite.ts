import { randomBytes } from 'node:crypto';
import type { TInviteUser } from '@catalyst/contracts';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import {
  type AuthContext,
  requestPasswordReset,
  findUserByUsername,
  isThrottled,
  takeAttempt,
  type AttemptThrottle,
} from '../auth';
import { assignableRole } from './roles';

/**
 * Creates a user in an organisation with no usable password and e-mails them the set-password
 * link (the password-reset mechanism: single use, one hour). `db` may be a transaction; the
 * e-mail goes out once the caller's work is done (`send`).
 */
export async function createInvitedUser(
  db: Db,
  input: {
    orgId: number;
    roleId: number;
    username: string;
    email: string;
    firstName: string;
    lastName: string;
  },
) {
  // Hashed first, so a taken name answers no faster than a free one.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  if (await findUserByUsername(db, input.username)) throw usernameTaken(input.username);
  try {
    return await db
      .insertInto('users')
      .values({
        org_id: input.orgId,
        role_id: input.roleId,
        username: input.username,
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        password_hash: unusable,
      })
      .returning(['id', 'username', 'email'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    // The same name was invited at the same moment.
    if ((error as { code?: string }).code === '23505') throw usernameTaken(input.username);
    throw error;
  }
}

/** The same words whichever organisation holds the name (its own or another). */
const usernameTaken = (username: string) =>
  new AppError('CONFLICT', `The username "${username}" is taken; choose another.`);

/**
 * Usernames are one namespace for the whole platform (sign-in has no organisation field), so an
 * invitation with a taken name cannot succeed, and the refusal tells the inviter that the name
 * exists somewhere. It says nothing more (the same words and time for a name of their own
 * organisation or another's), and after TAKEN_NAMES.limit refusals in the window every invitation
 * of that inviter answers 429 alike, taken name or free: probing names one by one stops there.
 */
const TAKEN_NAMES: AttemptThrottle = { scope: 'invite-taken-name', limit: 5, windowMs: 15 * 60_000 };

const probingStopped = (retryAfterSeconds: number) =>
  new AppError(
    'RATE_LIMITED',
    `Several usernames you chose in the last 15 minutes were already taken. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`,
    { 'retry-after': String(retryAfterSeconds) },
  );

/** Invites a user to the administrator's organisation with a role (the organisation's User role when none is given). */
export async function inviteUser(deps: Deps, admin: AuthContext, input: TInviteUser) {
  const role = await assignableRole(deps, admin, input.roleId ?? null);
  const key = String(admin.userId);
  const stopped = await isThrottled(deps.db, TAKEN_NAMES, key, deps.now());
  if (!stopped.allowed) throw probingStopped(stopped.retryAfterSeconds);
  let user: Awaited<ReturnType<typeof createInvitedUser>>;
  try {
    user = await createInvitedUser(deps.db, {
      orgId: admin.orgId,
      roleId: role.id,
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') {
      const counted = await takeAttempt(deps.db, TAKEN_NAMES, key, deps.now());
      if (!counted.allowed) throw probingStopped(counted.retryAfterSeconds);
    }
    throw error;
  }
  await sendInvitation(deps, admin, input.username);
  return user;
}

/** The e-mail with the set-password link (through the mail module: SMTP or the outbox). */
export async function sendInvitation(
  deps: Deps,
  inviter: Pick<AuthContext, 'userId'>,
  username: string,
): Promise<void> {
  const who = await deps.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .select(['users.first_name', 'users.last_name', 'users.username', 'organizations.name as org_name'])
    .where('users.id', '=', inviter.userId)
    .executeTakeFirstOrThrow();
  const invitee = await findUserByUsername(deps.db, username);
  const orgName = invitee
    ? (
        await deps.db
          .selectFrom('organizations')
          .select('name')
          .where('id', '=', invitee.org_id)
          .executeTakeFirstOrThrow()
      ).name
    : who.org_name;
  const outcome = await requestPasswordReset(deps, username, {
    orgName,
    invitedBy: [who.first_name, who.last_name].filter(Boolean).join(' ') || who.username,
  });
  // Unlike the public reset form, an administrator is told when nothing went out.
  if (outcome === 'throttled')
    throw new AppError(
      'RATE_LIMITED',
      `Three e-mails with a link already went to ${username} in the last 15 minutes. Wait a few minutes, then send the invitation again.`,
    );
  if (outcome === 'no-recipient')
    throw new AppError(
      'CONFLICT',
      `${username} has no active account with an e-mail address, so no invitation was sent.`,
    );
}
