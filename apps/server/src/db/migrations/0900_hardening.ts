import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // When an answer started streaming: an answer still pending long after that was interrupted
  // (the server stopped mid-answer) and is closed as such instead of spinning forever.
  await db.schema.alterTable('thread_messages').addColumn('pending_since', 'timestamptz').execute();
  await sql`update thread_messages set pending_since = created_at where status = 'pending'`.execute(db);
  await db.schema.createIndex('thread_messages_pending').on('thread_messages').column('pending_since').where(sql.ref('status'), '=', 'pending').execute();
}
