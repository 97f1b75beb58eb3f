import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Deps } from './deps';
import { hashPassword } from './lib/passwords';

export interface FirstStart {
  username: string;
  userId: number;
  orgId: number;
  /** Set only when this start created the admin with a generated password. */
  generatedPassword?: string;
  passwordFile?: string;
}

/** An advisory lock key of our own ("catalyst first start"). */
const FIRST_START_LOCK = 0x636174_01;

/**
 * On a database with no users, creates the organisation "Default" and its admin. The password is
 * CATALYST_ADMIN_PASSWORD, else a random one saved to DATA_DIR/initial-admin-password (0600).
 */
export async function ensureFirstUser(deps: Deps): Promise<FirstStart | null> {
  const existing = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const username = deps.config.adminUsername;
  const generated = deps.config.adminPassword ? undefined : `${randomBytes(12).toString('base64url')}#1a`;
  const password = deps.config.adminPassword ?? generated!;
  const passwordHash = await hashPassword(password);
  const created = await deps.db.transaction().execute(async (trx) => {
    // Several instances may start at once on one new database: one creates, the others find it made.
    await sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return null;
    const org = await trx
      .insertInto('organizations')
      .values({ name: 'Default' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        org_id: org.id,
        username,
        email: `${username}@localhost`,
        first_name: 'Admin',
        last_name: '',
        password_hash: passwordHash,
        is_admin: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId: user.id, orgId: org.id };
  });
  if (!created) return null;
  if (!generated) return { username, ...created };
  const passwordFile = path.join(deps.config.dataDir, 'initial-admin-password');
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  fs.writeFileSync(passwordFile, `${generated}\n`, { mode: 0o600 });
  return { username, ...created, generatedPassword: generated, passwordFile };
}
