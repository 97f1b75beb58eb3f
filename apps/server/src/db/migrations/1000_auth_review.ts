import { sql, type Kysely } from 'kysely';

// The outside security review (issue 13 items 1, 5 and 9).
//
// - attempt_throttle: one counter row per (scope, key), bumped with a single upsert, so parallel
//   attempts cannot all read "under the limit" before any of them is counted (the old
//   login_failures table was read, then written). Sign-in throttling moves here.
// - mail_outbox.about_user_id: the account a message is about (a reset link, an invitation), so
//   the outbox shows a reader only the mail about users they may manage. Links already kept in
//   the outbox lose their token: a reset token must never be readable at rest.
// - Admin roles hold every permission again, whatever an earlier edit stripped from them.
//
// The permission list is written out on purpose: a migration must not depend on today's code.
const ALL = [
  'users.read',
  'users.write',
  'users.delete',
  'orgs.read',
  'orgs.write',
  'data.read',
  'data.write',
  'reports.view',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attempt_throttle')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_throttle_pk', ['scope', 'key'])
    .execute();
  await db.schema.dropTable('login_failures').ifExists().execute();

  await db.schema
    .alterTable('mail_outbox')
    .addColumn('about_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('mail_outbox_org').on('mail_outbox').columns(['org_id', 'id']).execute();
  // Earlier mail carried no subject; the recipient's address within the organisation names it.
  await sql`
    update mail_outbox m set about_user_id = (
      select min(u.id) from users u where u.org_id = m.org_id and lower(u.email) = lower(m.to_address)
    )`.execute(db);
  await sql`
    update mail_outbox set
      text_body = regexp_replace(text_body, 'set-password\\?token=[^\\s"''<>&]+', 'set-password?token=[redacted]', 'g'),
      html_body = regexp_replace(html_body, 'set-password\\?token=[^\\s"''<>&]+', 'set-password?token=[redacted]', 'g')
    where text_body like '%set-password?token=%' or html_body like '%set-password?token=%'`.execute(db);

  await sql`update roles set permissions = ${JSON.stringify(ALL)}::jsonb, updated_at = now() where key = 'admin'`.execute(
    db,
  );
}
