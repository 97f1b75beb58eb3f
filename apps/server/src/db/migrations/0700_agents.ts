import { sql, type Kysely } from 'kysely';

// Agents and action flows (issue 8, part 6). Forward-only, like every migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // One OpenAI-compatible endpoint per organisation for Catalyst AI.
  await db.schema
    .createTable('llm_providers')
    .addColumn('org_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    // The API key, AES-256-GCM sealed with the secret box (lib/crypto.ts); null when none.
    .addColumn('api_key', 'text')
    .addColumn('timeout_ms', 'integer')
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // The last "Test connection" of these very settings: { ok, message, latencyMs, at }.
    .addColumn('last_test', 'jsonb')
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // The bearer token, sealed like the LLM key; null when none.
    .addColumn('token', 'text')
    .addColumn('last_test', 'jsonb')
    // The tools listed at the last successful test: [{ name, description }].
    .addColumn('tools', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index mcp_servers_org_name on mcp_servers (org_id, lower(name))`.execute(db);

  await db.schema
    .createTable('action_flows')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // draft → active ↔ inactive (contracts' ACTION_FLOW_TRANSITIONS).
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('trigger_type', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('action_flows_org')
    .on('action_flows')
    .columns(['org_id', 'created_at'])
    .execute();
}
