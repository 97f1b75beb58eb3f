import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthContext } from '../auth/sessions';
import { requestPasswordReset } from '../auth/service';
import { findUserByUsername } from '../auth/repo';

/**
 * Creates a user in the administrator's organisation with no usable password and e-mails them the
 * set-password link (the password-reset mechanism: single use, one hour).
 */
export async function inviteUser(deps: Deps, admin: AuthContext, input: { username: string; email: string; firstName: string; lastName: string; isAdmin: boolean }) {
  if (await findUserByUsername(deps.db, input.username)) throw new AppError('CONFLICT', `The username "${input.username}" is taken; choose another.`);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const user = await deps.db
    .insertInto('users')
    .values({ org_id: admin.orgId, username: input.username, email: input.email, first_name: input.firstName, last_name: input.lastName, password_hash: unusable, is_admin: input.isAdmin })
    .returning(['id', 'username', 'email'])
    .executeTakeFirstOrThrow();
  await requestPasswordReset(deps, input.username);
  return user;
}
