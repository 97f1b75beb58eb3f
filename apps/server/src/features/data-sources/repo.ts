import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ConnectionMetadata, ConnectionRow, CsvFileRow, CsvStatus } from './tables';
import './tables';

/** SQL of the data-sources feature. Every function takes the caller's org and filters by it. */

export function listConnections(db: Db, orgId: number): Promise<ConnectionRow[]> {
  return db
    .selectFrom('data_connections')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findConnection(db: Db, orgId: number, id: number): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('data_connections')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findConnectionByName(
  db: Db,
  orgId: number,
  name: string,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('data_connections')
    .selectAll()
    .where('org_id', '=', orgId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export interface ConnectionValues {
  name: string;
  db_type: ConnectionRow['db_type'];
  host: string | null;
  port: number | null;
  db_name: string | null;
  user_name: string | null;
  metadata: ConnectionMetadata;
  secret: string | null;
  /** Only when an upload creates the source (see tables.ts). */
  first_load_pending?: boolean;
}

/** The row of a new File Source: no host, no secret; the DuckDB file is made on first load. */
export const fileSourceValues = (name: string): ConnectionValues => ({
  name,
  db_type: 'flat_files',
  host: null,
  port: null,
  db_name: null,
  user_name: null,
  metadata: {},
  secret: null,
});

export function insertConnection(
  db: Db,
  orgId: number,
  userId: number | null,
  v: ConnectionValues,
): Promise<ConnectionRow> {
  return db
    .insertInto('data_connections')
    .values({ ...v, metadata: JSON.stringify(v.metadata), org_id: orgId, created_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateConnection(
  db: Db,
  orgId: number,
  id: number,
  v: ConnectionValues,
  now: Date,
): Promise<ConnectionRow | undefined> {
  return db
    .updateTable('data_connections')
    .set({ ...v, metadata: JSON.stringify(v.metadata), updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConnection(db: Db, orgId: number, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('data_connections')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function touchConnection(db: Db, orgId: number, id: number, now: Date) {
  return db
    .updateTable('data_connections')
    .set({ updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

/** A file of the source has loaded: it is no longer provisional. */
export function settleFirstLoad(db: Db, connId: number) {
  return db
    .updateTable('data_connections')
    .set({ first_load_pending: false })
    .where('id', '=', connId)
    .where('first_load_pending', '=', true)
    .execute();
}

/**
 * Deletes a source an upload created when none of its files loaded or is still loading, in one
 * statement so a file added meanwhile keeps it. Returns the deleted source, if it was deleted.
 */
export function discardFailedFirstLoad(
  db: Db,
  connId: number,
): Promise<{ id: number; org_id: number; name: string } | undefined> {
  return db
    .deleteFrom('data_connections')
    .where('id', '=', connId)
    .where('first_load_pending', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('csv_files')
            .select('csv_files.id')
            .whereRef('csv_files.conn_id', '=', 'data_connections.id')
            .where('csv_files.is_deleted', '=', false)
            .where('csv_files.status', '<>', 'Failed'),
        ),
      ),
    )
    .returning(['id', 'org_id', 'name'])
    .executeTakeFirst();
}

export async function countLiveCsvFiles(db: Db, orgId: number): Promise<number> {
  const r = await db
    .selectFrom('csv_files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .where('is_deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export type CsvFileWithUser = CsvFileRow & { uploaded_by_name: string | null };

export function listCsvFiles(db: Db, orgId: number, connId: number): Promise<CsvFileWithUser[]> {
  return db
    .selectFrom('csv_files')
    .leftJoin('users', 'users.id', 'csv_files.uploaded_by')
    .selectAll('csv_files')
    .select('users.username as uploaded_by_name')
    .where('csv_files.org_id', '=', orgId)
    .where('csv_files.conn_id', '=', connId)
    .where('csv_files.is_deleted', '=', false)
    .orderBy('csv_files.id')
    .execute();
}

export function findCsvFile(db: Db, orgId: number, id: number): Promise<CsvFileRow | undefined> {
  return db
    .selectFrom('csv_files')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('is_deleted', '=', false)
    .executeTakeFirst();
}

export function findCsvFileById(db: Db, id: number): Promise<CsvFileRow | undefined> {
  return db.selectFrom('csv_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function liveTableNames(db: Db, connId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('csv_files')
    .select('table_name')
    .where('conn_id', '=', connId)
    .where('is_deleted', '=', false)
    .execute();
  return new Set(rows.map((r) => r.table_name));
}

export interface NewCsvFile {
  file_name: string;
  table_name: string;
  size_bytes: number;
  upload_path: string;
}

export function insertCsvFiles(
  db: Db,
  orgId: number,
  connId: number,
  userId: number | null,
  files: NewCsvFile[],
): Promise<CsvFileRow[]> {
  if (files.length === 0) return Promise.resolve([]);
  return db
    .insertInto('csv_files')
    .values(
      files.map((f) => ({
        ...f,
        org_id: orgId,
        conn_id: connId,
        uploaded_by: userId,
        status: 'Queued' as const,
      })),
    )
    .returningAll()
    .execute();
}

export function setCsvStatus(
  db: Db,
  id: number,
  values: {
    status: CsvStatus;
    error?: string | null;
    row_count?: number | null;
    upload_path?: string | null;
    completed_at?: Date | null;
  },
) {
  return db.updateTable('csv_files').set(values).where('id', '=', id).execute();
}

export function markCsvDeleted(db: Db, orgId: number, id: number) {
  return db
    .updateTable('csv_files')
    .set({ is_deleted: true, upload_path: null })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
}

export function unfinishedCsvFiles(db: Db): Promise<CsvFileRow[]> {
  return db
    .selectFrom('csv_files')
    .selectAll()
    .where('status', 'in', ['Queued', 'Processing'])
    .where('is_deleted', '=', false)
    .orderBy('id')
    .execute();
}
