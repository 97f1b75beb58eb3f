/**
 * The one way Catalyst reads customer data. Every implementation is read-only: it runs
 * queries in a read-only transaction or connection, binds values as parameters, stops a
 * query after `timeoutMs` and returns at most `maxRows` rows.
 */
export type SqlDialect = 'duckdb' | 'postgres' | 'mysql' | 'bigquery';

export interface WarehouseColumn {
  name: string;
  /** The source database's own type name, e.g. "integer", "varchar(40)", "TIMESTAMP". */
  type: string;
  nullable: boolean;
}

export interface WarehouseTable {
  schema: string;
  name: string;
  /** Approximate row count when the source can tell cheaply, else null. */
  rowCount: number | null;
}

export interface ForeignKey {
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface QueryOptions {
  /** Values for the statement's placeholders, in order. */
  params?: unknown[];
  maxRows?: number;
  timeoutMs?: number;
}

export interface QueryResult {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  /** True when more rows existed than `maxRows`. */
  truncated: boolean;
}

export interface Warehouse {
  readonly dialect: SqlDialect;
  listSchemas(): Promise<string[]>;
  listTables(schema: string): Promise<WarehouseTable[]>;
  describeColumns(schema: string, table: string): Promise<WarehouseColumn[]>;
  /** Foreign keys the source declares; an empty list when it has none or cannot tell. */
  listForeignKeys(schema: string): Promise<ForeignKey[]>;
  /** Up to `limit` distinct non-null values of a column, most frequent first. */
  sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]>;
  /** Runs one read-only statement. Placeholders are `?` for duckdb/mysql/bigquery and `$n` for postgres. */
  query(sql: string, options?: QueryOptions): Promise<QueryResult>;
  close(): Promise<void>;
}
