import { sql, type Kysely } from 'kysely';

// Data sources (issue 3). Forward-only, like every migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('data_connections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('db_type', 'text', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('port', 'integer')
    .addColumn('db_name', 'text')
    .addColumn('user_name', 'text')
    // Non-secret settings: warehouse fields, API type and base URL, selected schemas.
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Password / key file / API key as one AES-256-GCM sealed JSON object (lib/crypto.ts).
    .addColumn('secret', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index data_connections_org_name on data_connections (org_id, lower(name))`.execute(
    db,
  );

  await db.schema
    .createTable('csv_files')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('conn_id', 'integer', (c) => c.notNull().references('data_connections.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'bigint')
    // Queued → Processing → Completed | Failed; a restart re-queues or fails unfinished ones.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Queued'))
    .addColumn('error', 'text')
    // The uploaded file on disk until its ingest ends (a restart resumes from it).
    .addColumn('upload_path', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('csv_files_org').on('csv_files').columns(['org_id', 'conn_id']).execute();
  await sql`create unique index csv_files_live_table on csv_files (conn_id, table_name) where not is_deleted`.execute(
    db,
  );
  await sql`create index csv_files_unfinished on csv_files (status) where status in ('Queued', 'Processing')`.execute(
    db,
  );
}
