import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('use_cases')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Analytics'))
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tools', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('configurations', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('business_goals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('key_stakeholders', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('risk_tolerance', 'text', (c) => c.notNull().defaultTo('balanced'))
    .addColumn('ai_confidence_threshold', 'integer', (c) => c.notNull().defaultTo(80))
    .addColumn('agent_config', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_onboarded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('use_cases_org').on('use_cases').column('org_id').execute();

  await db.schema
    .createTable('use_case_users')
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('use_case_users_pk', ['use_case_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('use_case_schemas')
    .addColumn('use_case_id', 'integer', (c) => c.primaryKey().references('use_cases.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('conn_id', 'integer', (c) => c.notNull())
    .addColumn('schema_name', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('use_case_tables')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('is_selected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('validated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('total_column_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'bigint')
    .addColumn('profiled_at', 'timestamptz')
    .addUniqueConstraint('use_case_tables_name', ['use_case_id', 'table_name'])
    .execute();

  await db.schema
    .createTable('use_case_columns')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('table_id', 'integer', (c) => c.notNull().references('use_case_tables.id').onDelete('cascade'))
    .addColumn('db_column_name', 'text', (c) => c.notNull())
    .addColumn('business_name', 'text', (c) => c.notNull())
    .addColumn('business_definition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('is_selected', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_removed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profile', 'jsonb')
    .addColumn('insert_ts', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('use_case_columns_name', ['table_id', 'db_column_name'])
    .execute();

  await db.schema
    .createTable('derived_metrics')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('calculation', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('general'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('decision_flows')
    .addColumn('use_case_id', 'integer', (c) => c.primaryKey().references('use_cases.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('steps', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}
