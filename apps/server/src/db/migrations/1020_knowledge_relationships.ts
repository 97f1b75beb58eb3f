import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Relationships between a use case's tables: declared by the source, inferred at profiling or
  // added by a user. A removed one stays (is_removed) so that profiling again does not restore it.
  await db.schema
    .createTable('use_case_relationships')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('from_table', 'text', (c) => c.notNull())
    .addColumn('from_columns', 'jsonb', (c) => c.notNull())
    .addColumn('to_table', 'text', (c) => c.notNull())
    .addColumn('to_columns', 'jsonb', (c) => c.notNull())
    // JSON of [from_table, from_columns, to_table, to_columns]: one row per relationship.
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('is_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('use_case_relationships_signature', ['use_case_id', 'signature'])
    .execute();
  // When relationships were last looked for: a use case profiled before this existed gets them
  // looked for once, the first time its model is built.
  await db.schema
    .alterTable('use_case_schemas')
    .addColumn('relationships_checked_at', 'timestamptz')
    .execute();

  // The kind a column is read as when it differs from how it is stored (dates kept as text), its
  // date format, and whether profiling or a user chose it.
  await db.schema
    .alterTable('use_case_columns')
    .addColumn('value_type', 'text')
    .addColumn('value_format', 'text')
    .addColumn('value_type_origin', 'text')
    .execute();
}
