import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('recommendations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    // metric + segment + period: one recommendation each, across runs.
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('brief_summary', 'text', (c) => c.notNull())
    .addColumn('full_description', 'text', (c) => c.notNull())
    .addColumn('impact_level', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('score', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('status_changed_at', 'timestamptz')
    .addUniqueConstraint('recommendations_dedupe', ['org_id', 'use_case_id', 'dedupe_key'])
    .execute();
  await db.schema
    .createIndex('recommendations_org_status')
    .on('recommendations')
    .columns(['org_id', 'status', 'generated_at'])
    .execute();

  // An alert conversation remembers its alert, so a regenerated opening investigates it again.
  await db.schema
    .alterTable('threads')
    .addColumn('alert_ref', 'text')
    .addColumn('alert_action', 'text')
    .execute();

  // Small durable settings of the server itself (the last scheduled scan, …).
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('decisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('alert_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rationale', 'text', (c) => c.notNull())
    .addColumn('metric', 'jsonb')
    .addColumn('baseline', 'jsonb')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('implemented_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('decisions_org').on('decisions').columns(['org_id', 'created_at']).execute();

  await db.schema
    .createTable('decision_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('decision_id', 'integer', (c) => c.notNull().references('decisions.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('decision_artifacts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('decision_id', 'integer', (c) => c.notNull().references('decisions.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('encoding', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('mime_type', 'text')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}
