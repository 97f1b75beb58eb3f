import type { TAuditEntry } from '@catalyst/contracts';
import type { Warehouse } from '@catalyst/engine';
import type { Deps } from '../../deps';
import './tables';

export interface AuditContext {
  orgId: number;
  userId: number;
  userName: string;
  connId: number;
  connName: string;
  question: string | null;
}

/** Statements longer than this are stored cut (a generated SQL rarely comes near). */
const MAX_STATEMENT = 20_000;

/**
 * The warehouse with every `query` recorded in `data_access_audit`: who, when, which source, the
 * SQL (and the question it answers), how many rows came back, or the error. A query whose
 * record cannot be written fails: an audit-logged source is not read without a trace.
 */
export function auditedWarehouse(deps: Deps, inner: Warehouse, context: AuditContext): Warehouse {
  const record = (statement: string, rowCount: number | null, error: string | null) =>
    deps.db
      .insertInto('data_access_audit')
      .values({
        org_id: context.orgId,
        user_id: context.userId,
        user_name: context.userName,
        conn_id: context.connId,
        conn_name: context.connName,
        question: context.question,
        statement: statement.slice(0, MAX_STATEMENT),
        row_count: rowCount,
        error: error?.slice(0, 2000) ?? null,
        at: deps.now(),
      })
      .execute();
  return {
    dialect: inner.dialect,
    listSchemas: () => inner.listSchemas(),
    listTables: (schema) => inner.listTables(schema),
    describeColumns: (schema, table) => inner.describeColumns(schema, table),
    listForeignKeys: (schema) => inner.listForeignKeys(schema),
    sampleValues: (schema, table, column, limit) => inner.sampleValues(schema, table, column, limit),
    async query(sql, options) {
      let result;
      try {
        result = await inner.query(sql, options);
      } catch (error) {
        await record(sql, null, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await record(sql, result.rows.length, null);
      return result;
    },
    close: () => inner.close(),
  };
}

/** The newest audit records of the organisation, optionally only those of some sources. */
export async function listAuditEntries(
  deps: Deps,
  input: { orgId: number; connIds?: number[]; limit: number },
): Promise<TAuditEntry[]> {
  if (input.connIds && input.connIds.length === 0) return [];
  let query = deps.db.selectFrom('data_access_audit').selectAll().where('org_id', '=', input.orgId);
  if (input.connIds) query = query.where('conn_id', 'in', input.connIds);
  const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    userId: r.user_id,
    userName: r.user_name,
    connId: r.conn_id,
    connName: r.conn_name,
    question: r.question,
    statement: r.statement,
    rowCount: r.row_count,
    error: r.error,
  }));
}
