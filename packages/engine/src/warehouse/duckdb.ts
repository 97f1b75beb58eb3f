import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type {
  ForeignKey,
  QueryOptions,
  QueryResult,
  Warehouse,
  WarehouseColumn,
  WarehouseTable,
} from '../warehouse';

export interface DuckDbWarehouseOptions {
  /** A database file; in-memory when absent. */
  path?: string;
  defaultTimeoutMs?: number;
  defaultMaxRows?: number;
}

const quote = (id: string): string => `"${id.replace(/"/g, '""')}"`;

/** Turns DuckDB's JS values into JSON-friendly ones (bigint → number, dates → ISO text). */
function toPlainValue(v: unknown, type = ''): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null;
    const text = v.toISOString();
    return type === 'DATE' ? text.slice(0, 10) : text.slice(0, 19).replace('T', ' ');
  }
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (v !== null && typeof v === 'object')
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
  return v;
}

/**
 * A DuckDB warehouse. Tables are loaded through `loadCsv` / `loadRows` (the only writes);
 * `query` accepts one SELECT-like statement, binds params, interrupts the connection after
 * `timeoutMs` and returns at most `maxRows` rows. Extensions never auto-install, so nothing
 * is downloaded at run time.
 */
export class DuckDbWarehouse implements Warehouse {
  readonly dialect = 'duckdb' as const;
  private foreignKeys: ForeignKey[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
    private readonly options: DuckDbWarehouseOptions,
  ) {}

  static async create(options: DuckDbWarehouseOptions = {}): Promise<DuckDbWarehouse> {
    const instance = await DuckDBInstance.create(options.path ?? ':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      threads: '2',
      // NULL sorts as the smallest value, as in SQLite and most business tools.
      default_null_order: 'nulls_first_on_asc_last_on_desc',
    });
    const conn = await instance.connect();
    return new DuckDbWarehouse(instance, conn, options);
  }

  /** Serialises work on the single connection (interrupt() applies to the whole connection). */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Loads a CSV file (header row, auto-detected types) as table `name`, replacing it. */
  async loadCsv(name: string, file: string, columnTypes?: Record<string, string>): Promise<void> {
    const types =
      columnTypes && Object.keys(columnTypes).length
        ? `, types = {${Object.entries(columnTypes)
            .map(([c, t]) => `'${c.replace(/'/g, "''")}': '${t}'`)
            .join(', ')}}`
        : '';
    const sql = `CREATE OR REPLACE TABLE ${quote(name)} AS SELECT * FROM read_csv('${file.replace(/'/g, "''")}', header = true, auto_detect = true, sample_size = -1${types})`;
    await this.exclusive(() => this.conn.run(sql));
  }

  /** Creates a table from column definitions and rows (used by the demo data and tests). */
  async loadRows(name: string, columns: { name: string; type: string }[], rows: unknown[][]): Promise<void> {
    await this.exclusive(async () => {
      await this.conn.run(
        `CREATE OR REPLACE TABLE ${quote(name)} (${columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ')})`,
      );
      const appender = await this.conn.createAppender(name);
      for (const row of rows) {
        for (const v of row) {
          if (v === null || v === undefined) appender.appendNull();
          else if (typeof v === 'number' && Number.isInteger(v)) appender.appendBigInt(BigInt(v));
          else if (typeof v === 'number') appender.appendDouble(v);
          else appender.appendVarchar(String(v));
        }
        appender.endRow();
      }
      appender.closeSync();
    });
  }

  /** Runs a statement that may write: only for loading data, never for questions. */
  async exec(sql: string): Promise<void> {
    await this.exclusive(() => this.conn.run(sql));
  }

  /** Foreign keys to report for loaded CSV files (CSV carries none). */
  setForeignKeys(keys: ForeignKey[]): void {
    this.foreignKeys = keys;
  }

  async listSchemas(): Promise<string[]> {
    const r = await this.query(`SELECT DISTINCT schema_name FROM duckdb_tables() ORDER BY 1`);
    return r.rows.map((row) => String(row[0]));
  }

  async listTables(schema: string): Promise<WarehouseTable[]> {
    const r = await this.query(
      `SELECT table_name, estimated_size FROM duckdb_tables() WHERE schema_name = ? ORDER BY 1`,
      { params: [schema] },
    );
    return r.rows.map((row) => ({
      schema,
      name: String(row[0]),
      rowCount: row[1] === null ? null : Number(row[1]),
    }));
  }

  async describeColumns(schema: string, table: string): Promise<WarehouseColumn[]> {
    const r = await this.query(
      `SELECT column_name, data_type, is_nullable FROM duckdb_columns() WHERE schema_name = ? AND table_name = ? ORDER BY column_index`,
      { params: [schema, table] },
    );
    return r.rows.map((row) => ({ name: String(row[0]), type: String(row[1]), nullable: Boolean(row[2]) }));
  }

  async listForeignKeys(schema: string): Promise<ForeignKey[]> {
    return this.foreignKeys.filter((k) => k.schema === schema);
  }

  async sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]> {
    const sql = `SELECT ${quote(column)} AS v FROM ${quote(schema)}.${quote(table)} WHERE ${quote(column)} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${Math.max(1, Math.floor(limit))}`;
    return (await this.query(sql)).rows.map((row) => row[0]);
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const maxRows = options.maxRows ?? this.options.defaultMaxRows ?? 10_000;
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs ?? 30_000;
    return this.exclusive(async () => {
      const extracted = await this.conn.extractStatements(sql);
      if (extracted.count !== 1) throw new Error('Exactly one statement is allowed');
      const prepared = await extracted.prepare(0);
      // StatementType 1 is SELECT; EXPLAIN (13)… only plain reads are allowed.
      if (prepared.statementType !== 1) throw new Error('Only SELECT statements are allowed');
      if (options.params?.length) prepared.bind(options.params as DuckDBValue[]);
      const timer = setTimeout(() => this.conn.interrupt(), timeoutMs);
      try {
        const reader = await prepared.streamAndReadUntil(maxRows + 1);
        const names = reader.columnNames();
        const types = reader.columnTypes().map((t) => t.toString());
        const all = reader.getRowsJS();
        const rows = all.slice(0, maxRows).map((row) => row.map((v, i) => toPlainValue(v, types[i])));
        return {
          columns: names.map((name, i) => ({ name, type: types[i] ?? 'UNKNOWN' })),
          rows,
          truncated: all.length > maxRows,
        };
      } finally {
        clearTimeout(timer);
      }
    });
  }

  async close(): Promise<void> {
    this.conn.closeSync();
    this.instance.closeSync();
  }
}
