import { sql, type Kysely } from 'kysely';

// Document Management: folders, documents (files under DATA_DIR/documents), who a restricted
// document is shared with, the use cases a document belongs to, and the text of every page with
// a full-text index (a generated tsvector column under a GIN index).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('document_folders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index document_folders_name on document_folders (org_id, lower(name))`.execute(db);

  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('org_id', 'integer', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('document_folders.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('category', 'text')
    // The file's name under DATA_DIR/documents/<org>/ (a random UUID plus the extension).
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('processing'))
    .addColumn('error', 'text')
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_restricted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('documents_org').on('documents').columns(['org_id', 'uploaded_at']).execute();

  await db.schema
    .createTable('document_shares')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_shares_pk', ['document_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('use_case_documents')
    .addColumn('use_case_id', 'integer', (c) => c.notNull().references('use_cases.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('linked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('linked_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('use_case_documents_pk', ['use_case_id', 'document_id'])
    .execute();
  await db.schema
    .createIndex('use_case_documents_document')
    .on('use_case_documents')
    .column('document_id')
    .execute();

  await db.schema
    .createTable('document_pages')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('org_id', 'integer', (c) => c.notNull())
    .addColumn('page_number', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(sql`to_tsvector('english', text)`).stored(),
    )
    .addPrimaryKeyConstraint('document_pages_pk', ['document_id', 'page_number'])
    .execute();
  await sql`create index document_pages_search on document_pages using gin (search)`.execute(db);
}
