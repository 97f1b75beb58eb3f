import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('threads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('use_case_id', 'integer', (c) => c.references('use_cases.id').onDelete('set null'))
    .addColumn('name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('threads_owner').on('threads').columns(['org_id', 'owner_id']).execute();

  await db.schema
    .createTable('thread_shares')
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('shared_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('thread_shares_pk', ['thread_id', 'user_id'])
    .execute();

  // One row per exchange: the question and the answer to it (regenerating replaces the answer).
  await db.schema
    .createTable('thread_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('threads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cards', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('plan', 'jsonb')
    .addColumn('confidence', 'real')
    .addColumn('feedback', 'smallint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('thread_messages_thread')
    .on('thread_messages')
    .columns(['thread_id', 'id'])
    .execute();
  // Clip & Share mails carry a PNG; kept mail must keep it too.
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'jsonb').execute();
  await db.schema
    .createIndex('thread_messages_answered')
    .on('thread_messages')
    .columns(['org_id', 'answered_at'])
    .execute();
}
