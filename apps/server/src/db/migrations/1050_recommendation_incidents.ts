import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's types
export async function up(db: Kysely<any>): Promise<void> {
  // One alert per root cause: the data an incident is about (connection, table), its root segment
  // and where its episode started. Two use cases over the same data store a row each (access and
  // filters stay per use case) with the same key, and the Decision Hub shows it once. Rows from
  // before incidents were grouped have none and are shown as they are.
  await db.schema.alterTable('recommendations').addColumn('incident_key', 'text').execute();
  await db.schema
    .createIndex('recommendations_incident')
    .on('recommendations')
    .columns(['org_id', 'incident_key'])
    .execute();
}
