import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // When an answer started streaming: an answer still pending long after that was interrupted
  // (the server stopped mid-answer) and is closed as such instead of spinning forever.
  await db.schema.alterTable('thread_messages').addColumn('pending_since', 'timestamptz').execute();
  await sql`update thread_messages set pending_since = created_at where status = 'pending'`.execute(db);
  await db.schema
    .createIndex('thread_messages_pending')
    .on('thread_messages')
    .column('pending_since')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  // Every recommendation scan, per organisation: what ran, when, and how it ended — a scan cut
  // short by a server stop is closed as failed, never left "running".
  await db.schema
    .createTable('recommendation_runs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('use_cases', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('recommendation_runs_org')
    .on('recommendation_runs')
    .columns(['org_id', 'started_at'])
    .execute();
}
