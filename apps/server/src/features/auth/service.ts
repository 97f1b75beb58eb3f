import { checkPasswordStrength, type TCurrentUser, type TLoginResponse } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import * as repo from './repo';
import { clearAttempts, takeAttempt, type AttemptThrottle } from './throttle';
import { createSession, permissionsOf, revokeUserSessions } from './sessions';

export const LOGIN_FAILURE_LIMIT = 5;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Sign-in attempts per username and address; a successful sign-in clears the count. */
const LOGIN_THROTTLE: AttemptThrottle = {
  scope: 'login',
  limit: LOGIN_FAILURE_LIMIT,
  windowMs: LOGIN_FAILURE_WINDOW_MS,
};
const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** An invitation's set-password link lives longer than a reset link: people read mail late. */
const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
const RESETS_PER_WINDOW = 3;

export async function login(
  deps: Deps,
  input: { username: string; password: string; ip: string; userAgent?: string },
): Promise<TLoginResponse> {
  const usernameKey = input.username.trim().toLowerCase();
  const now = deps.now();
  // The attempt is counted before the password is checked, in one atomic step: parallel guesses
  // cannot all slip under the limit.
  const throttleKey = `${usernameKey}\n${input.ip}`;
  const attempt = await takeAttempt(deps.db, LOGIN_THROTTLE, throttleKey, now);
  if (!attempt.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minute(s) or reset your password.`,
      { 'retry-after': String(attempt.retryAfterSeconds) },
    );
  }
  const user = await repo.findUserByUsername(deps.db, input.username);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), input.password);
  if (!user || !passwordOk || !user.is_active) {
    throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password');
  }
  // Only after the password proved who is asking may the answer say the organisation is closed.
  const org = await deps.db
    .selectFrom('organizations')
    .select(['name', 'status'])
    .where('id', '=', user.org_id)
    .executeTakeFirstOrThrow();
  if (org.status !== 'active') {
    throw new AppError(
      'FORBIDDEN',
      `Your organization "${org.name}" has been deactivated, so you cannot sign in. Contact the administrator of the platform.`,
    );
  }
  await clearAttempts(deps.db, LOGIN_THROTTLE, throttleKey);
  await deps.db.updateTable('users').set({ last_login_at: now }).where('id', '=', user.id).execute();
  const token = await createSession(deps, user, { ip: input.ip, userAgent: input.userAgent });
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    username: user.username,
    defaultUseCaseId: user.default_use_case_id,
    isEulaAccepted: user.eula_accepted_at !== null,
    token,
  };
}

/**
 * Starts a password reset. The caller answers the same whether or not the user exists; the
 * e-mail goes out in the background so the response time does not tell either. With
 * `invitation`, the same single-use link is sent as an invitation to a new account.
 */
export async function requestPasswordReset(
  deps: Deps,
  username: string,
  invitation?: { orgName: string; invitedBy: string },
): Promise<'sent' | 'throttled' | 'no-recipient'> {
  const user = await repo.findUserByUsername(deps.db, username);
  if (!user || !user.is_active) return 'no-recipient';
  if (!user.email) {
    deps.logger.warn({ userId: user.id }, 'password reset requested for a user without an e-mail address');
    return 'no-recipient';
  }
  const now = deps.now();
  const recent = await deps.db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.id)
    .where('created_at', '>', new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) >= RESETS_PER_WINDOW) {
    deps.logger.warn({ userId: user.id }, 'password reset throttled: too many requests in 15 minutes');
    return 'throttled';
  }
  const token = newToken();
  await deps.db.transaction().execute(async (trx) => {
    // Only the newest link works: older unused links are spent.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        org_id: user.org_id,
        created_at: now,
        expires_at: new Date(now.getTime() + (invitation ? INVITE_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS)),
      })
      .execute();
  });
  const link = `${deps.config.publicUrl}/set-password?token=${encodeURIComponent(token)}`;
  const name = user.first_name || user.username;
  const mail = invitation
    ? {
        orgId: user.org_id,
        aboutUserId: user.id,
        redact: [token],
        to: user.email,
        subject: `You are invited to Catalyst (${invitation.orgName})`,
        text: `Hello ${name},\n\n${invitation.invitedBy} invited you to Catalyst, the analytics and decision assistant of ${invitation.orgName}.\nYour username is "${user.username}". Open this link within 7 days to choose your password:\n\n${link}\n\nThe link works once. If it expires, ask ${invitation.invitedBy} to send a new invitation.\n`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(invitation.invitedBy)} invited you to Catalyst, the analytics and decision assistant of <b>${escapeHtml(invitation.orgName)}</b>. Your username is <b>${escapeHtml(user.username)}</b>.</p><p><a href="${escapeHtml(link)}">Choose your password</a> (the link works for 7 days, once).</p>`,
      }
    : null;
  void deps.mailer
    .send(
      mail ?? {
        orgId: user.org_id,
        aboutUserId: user.id,
        redact: [token],
        to: user.email,
        subject: 'Reset your Catalyst password',
        text: `Hello ${name},\n\nSomeone asked to reset the password of your Catalyst account "${user.username}".\nOpen this link within one hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        html: `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your Catalyst account <b>${escapeHtml(user.username)}</b>.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for one hour, once).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
      },
    )
    .catch((error: unknown) =>
      deps.logger.error({ err: error }, 'could not queue the password reset e-mail'),
    );
  return 'sent';
}

export async function setPassword(deps: Deps, input: { token: string; newPassword: string }): Promise<void> {
  const problems = checkPasswordStrength(input.newPassword);
  if (problems.length > 0)
    throw new AppError('VALIDATION_FAILED', `Password Requirements Not Met: ${problems.join('; ')}`);
  const now = deps.now();
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(input.token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) return null;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', spent.user_id)
      .execute();
    return spent.user_id;
  });
  if (userId === null)
    throw new AppError('BAD_REQUEST', 'This password reset link is invalid or has expired.');
  await revokeUserSessions(deps, userId);
}

export async function acceptEula(deps: Deps, userId: number): Promise<void> {
  await deps.db
    .updateTable('users')
    .set({ eula_accepted_at: deps.now() })
    .where('id', '=', userId)
    .where('eula_accepted_at', 'is', null)
    .execute();
}

export async function getCurrentUser(deps: Deps, userId: number): Promise<TCurrentUser> {
  const row = await deps.db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .selectAll('users')
    .select([
      'organizations.name as org_name',
      'roles.name as role_name',
      'roles.key as role_key',
      'roles.permissions',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    name,
    defaultUseCaseId: row.default_use_case_id,
    isEulaAccepted: row.eula_accepted_at !== null,
    isAdmin: row.role_key === 'admin',
    orgId: row.org_id,
    orgName: row.org_name,
    roleId: row.role_id,
    roleName: row.role_name,
    permissions: permissionsOf(row.permissions),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
