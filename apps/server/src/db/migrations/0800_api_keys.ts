import { sql, type Kysely } from 'kysely';

// API keys and the public API (issue 8, part 4). Forward-only, like every migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // A key belongs to its organisation and to the user who created it; only its SHA-256 is kept.
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The start of the key, shown in lists and logs ("cat_live_…"); never enough to use it.
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // The chosen levels, a subset of ["read", "write", "admin"] (cumulative: the highest counts).
    .addColumn('permissions', 'jsonb', (c) => c.notNull())
    .addColumn('rate_limit', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    // Deleting a key revokes it: the row stays so its requests answer "revoked", not "unknown".
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('api_keys_org').on('api_keys').columns(['org_id', 'created_at']).execute();

  // Requests per key (endpoint '*') and per key and endpoint in fixed one-minute windows: one
  // upsert per request, correct with several server instances sharing the database.
  await db.schema
    .createTable('api_rate_windows')
    .addColumn('key_id', 'integer', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('api_rate_windows_pk', ['key_id', 'endpoint', 'window_start'])
    .execute();
  await db.schema
    .createIndex('api_rate_windows_start')
    .on('api_rate_windows')
    .column('window_start')
    .execute();

  // Every request made with a key (kept 30 days). The key is stored masked, never whole.
  await db.schema
    .createTable('api_request_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('key_id', 'integer', (c) => c.references('api_keys.id').onDelete('set null'))
    .addColumn('key_masked', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('response_ms', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('api_request_logs_org')
    .on('api_request_logs')
    .columns(['org_id', 'created_at'])
    .execute();

  // An endpoint of the public API switched off for an organisation (absent: enabled).
  await db.schema
    .createTable('api_endpoint_settings')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('api_endpoint_settings_pk', ['org_id', 'endpoint_id'])
    .execute();
}
