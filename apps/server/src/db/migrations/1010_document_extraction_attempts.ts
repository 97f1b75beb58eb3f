import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // Extractions of a document started and not finished. It is counted before the text is read, so
  // a document still `processing` with an attempt at start was being read when the server stopped
  // without warning (possibly because of the file): it is failed, not read again in a loop.
  await db.schema
    .alterTable('documents')
    .addColumn('extraction_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
