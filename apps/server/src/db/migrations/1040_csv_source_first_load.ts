import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // A File Source created by an upload is provisional until one of its files has loaded: when
  // every file of that first upload fails, the source is removed again instead of being left
  // behind empty (spec 3: a source whose files all failed is not created).
  await db.schema
    .alterTable('data_connections')
    .addColumn('first_load_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}
