import mysql from 'mysql2/promise';
import type { FieldPacket, PoolConnection } from 'mysql2/promise';
import { guardedSocket, type OutboundPolicy } from '../lib/outbound';
import type {
  ForeignKey,
  QueryOptions,
  QueryResult,
  Warehouse,
  WarehouseColumn,
  WarehouseTable,
} from '@catalyst/engine';
import {
  CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_ROWS,
  DEFAULT_TIMEOUT_MS,
  WarehouseError,
  clampRows,
  connectFailure,
  clampTimeout,
  networkReason,
  plainValue,
  quoteBacktick,
  redact,
  type QueryLimits,
} from './common';

export interface MysqlSourceConfig {
  host: string;
  port: number;
  database?: string;
  user: string;
  password?: string;
  ssl?: boolean;
  /** Set for hosts users type: connections go only where this policy allows. */
  outbound?: OutboundPolicy;
}

// MySQL's column type codes (mysql2's Types), for the result column types.
const MYSQL_TYPE_NAMES: Record<number, string> = {
  0: 'decimal',
  1: 'tinyint',
  2: 'smallint',
  3: 'int',
  4: 'float',
  5: 'double',
  7: 'timestamp',
  8: 'bigint',
  9: 'mediumint',
  10: 'date',
  11: 'time',
  12: 'datetime',
  13: 'year',
  15: 'varchar',
  16: 'bit',
  245: 'json',
  246: 'decimal',
  252: 'blob',
  253: 'varchar',
  254: 'char',
};

const SYSTEM_SCHEMAS = ['information_schema', 'mysql', 'performance_schema', 'sys'];

/**
 * MySQL and MariaDB through mysql2. Sessions are set read-only (`SET SESSION TRANSACTION READ
 * ONLY`: without it, DDL would implicitly commit a read-only transaction and run), each query
 * runs in `START TRANSACTION READ ONLY` under a server-side time limit (`max_execution_time` on
 * MySQL, `max_statement_time` on MariaDB), and rows are streamed so only `maxRows + 1` are kept.
 */
export class MysqlWarehouse implements Warehouse {
  readonly dialect = 'mysql' as const;
  private readonly pool: mysql.Pool;
  private flavour: Promise<'mysql' | 'mariadb'> | undefined;

  constructor(
    private readonly config: MysqlSourceConfig,
    private readonly limits: QueryLimits = {},
  ) {
    this.pool = mysql.createPool({
      host: config.host,
      port: config.port,
      user: config.user,
      password: config.password ?? '',
      database: config.database || undefined,
      ssl: config.ssl ? { rejectUnauthorized: false } : undefined,
      connectionLimit: 4,
      maxIdle: 2,
      idleTimeout: 30_000,
      connectTimeout: CONNECT_TIMEOUT_MS,
      multipleStatements: false,
      // A host a user typed connects only where the outbound policy allows (lib/outbound.ts).
      ...(config.outbound && {
        stream: () => guardedSocket(config.outbound!).connect(config.port, config.host),
      }),
      dateStrings: true,
      supportBigNumbers: true,
      decimalNumbers: true,
    });
    // mysql2 re-emits errors of idle connections on the pool; they must not crash the process.
    (this.pool as unknown as NodeJS.EventEmitter).on('error', () => undefined);
  }

  private where(): string {
    return `${this.config.host}:${this.config.port}`;
  }

  private safe(message: string | undefined): string {
    return redact(message ?? '', [this.config.password]);
  }

  private async connection(): Promise<PoolConnection> {
    let conn: PoolConnection;
    try {
      conn = await this.pool.getConnection();
    } catch (err) {
      const e = err as { code?: string; message?: string };
      // A MySQL server answered (on an address the outbound policy allows): its reason helps.
      if (e.code === 'ER_ACCESS_DENIED_ERROR' || e.code === 'ER_DBACCESS_DENIED_ERROR')
        throw new WarehouseError('auth', `could not connect to ${this.where()}: ${this.safe(e.message)}`);
      if (e.code === 'ER_BAD_DB_ERROR')
        throw new WarehouseError('connect', `could not connect to ${this.where()}: ${this.safe(e.message)}`);
      throw connectFailure(this.where(), err);
    }
    const tagged = conn as PoolConnection & { catalystReadOnly?: boolean };
    if (!tagged.catalystReadOnly) {
      try {
        await conn.query('SET SESSION TRANSACTION READ ONLY');
        tagged.catalystReadOnly = true;
      } catch (err) {
        conn.destroy();
        throw new WarehouseError(
          'connect',
          `could not make the session read-only on ${this.where()}: ${this.safe((err as Error).message)}`,
        );
      }
    }
    return conn;
  }

  private serverFlavour(conn: PoolConnection): Promise<'mysql' | 'mariadb'> {
    this.flavour ??= conn
      .query('SELECT VERSION() AS v')
      .then(([rows]) => (/mariadb/i.test(String((rows as { v: string }[])[0]?.v)) ? 'mariadb' : 'mysql'));
    return this.flavour;
  }

  async testConnection(): Promise<void> {
    await this.query('SELECT 1', { maxRows: 1, timeoutMs: CONNECT_TIMEOUT_MS });
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const maxRows = clampRows(options.maxRows, this.limits.defaultMaxRows ?? DEFAULT_MAX_ROWS);
    const timeoutMs = clampTimeout(options.timeoutMs, this.limits.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    const conn = await this.connection();
    let reusable = true;
    try {
      const flavour = await this.serverFlavour(conn);
      await conn.query(
        flavour === 'mariadb'
          ? `SET SESSION max_statement_time = ${timeoutMs / 1000}`
          : `SET SESSION max_execution_time = ${timeoutMs}`,
      );
      await conn.query('START TRANSACTION READ ONLY');
      const result = await this.stream(conn, sql, options.params ?? [], maxRows, timeoutMs);
      if (result.destroyed) reusable = false;
      return { columns: result.columns, rows: result.rows, truncated: result.truncated };
    } catch (err) {
      if (!(err instanceof WarehouseError) || err.kind === 'timeout' || err.kind === 'connect')
        reusable = false;
      throw err instanceof WarehouseError ? err : this.queryError(err, timeoutMs);
    } finally {
      if (reusable) {
        try {
          await conn.query('ROLLBACK');
          conn.release();
        } catch {
          conn.destroy();
        }
      } else {
        conn.destroy();
      }
    }
  }

  /** Streams the rows of one statement, keeping `maxRows + 1`; stops the connection early when there are more. */
  private stream(conn: PoolConnection, sql: string, params: unknown[], maxRows: number, timeoutMs: number) {
    return new Promise<{
      columns: QueryResult['columns'];
      rows: unknown[][];
      truncated: boolean;
      destroyed: boolean;
    }>((resolve, reject) => {
      // The callback-style connection under the promise wrapper: its query() is an event emitter (row streaming).
      const core = conn.connection as unknown as NodeJS.EventEmitter & {
        query(options: { sql: string; values: unknown[]; rowsAsArray: boolean }): NodeJS.EventEmitter;
        destroy(): void;
      };
      // A connection the server ends mid-statement (KILL, a restart, a network cut) does not always
      // fail the streaming query itself: watch the connection too, or the caller waits for the backstop.
      const lost = (err?: unknown) =>
        fail(
          new WarehouseError(
            'connect',
            `lost the connection to ${this.where()}: ${networkReason(err) ?? this.safe((err as Error | undefined)?.message ?? 'the server closed it')}`,
          ),
        );
      const onEnd = () => lost();
      core.once('error', lost);
      core.once('end', onEnd);
      const unwatch = () => {
        core.off('error', lost);
        core.off('end', onEnd);
      };
      let columns: QueryResult['columns'] = [];
      const rows: unknown[][] = [];
      let done = false;
      const finish = (truncated: boolean, destroyed: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(backstop);
        unwatch();
        resolve({
          columns,
          rows: rows.slice(0, maxRows).map((r) => r.map(plainValue)),
          truncated,
          destroyed,
        });
      };
      const fail = (err: unknown) => {
        if (done) return;
        done = true;
        clearTimeout(backstop);
        unwatch();
        reject(err);
      };
      // The server-side limit stops a statement; this stops a client waiting on a dead server.
      const backstop = setTimeout(() => {
        fail(
          new WarehouseError('timeout', `the query was stopped after ${timeoutMs} ms (statement timeout)`),
        );
        core.destroy();
      }, timeoutMs + 2_000);
      const q = core.query({ sql, values: params, rowsAsArray: true });
      q.on('fields', (fields: FieldPacket[]) => {
        columns = fields.map((f) => ({
          name: f.name,
          type: MYSQL_TYPE_NAMES[f.columnType ?? f.type ?? -1] ?? `type ${f.columnType ?? f.type}`,
        }));
      });
      q.on('result', (row: unknown) => {
        if (!Array.isArray(row)) return; // an OK packet (a statement without rows)
        rows.push(row);
        if (rows.length > maxRows) {
          // The protocol has no "stop sending": drop this connection instead of reading the rest.
          core.destroy();
          finish(true, true);
        }
      });
      q.on('error', fail);
      q.on('end', () => finish(false, false));
    });
  }

  private queryError(err: unknown, timeoutMs: number): WarehouseError {
    const e = err as { code?: string; errno?: number; message?: string };
    if (e.errno === 1792 || e.code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION')
      return new WarehouseError(
        'read_only',
        `the query was refused: this connection is read-only (${this.safe(e.message)})`,
      );
    // 3024: MySQL max_execution_time; 1969: MariaDB max_statement_time.
    if (e.errno === 3024 || e.errno === 1969)
      return new WarehouseError('timeout', `the query was stopped after ${timeoutMs} ms (statement timeout)`);
    if (e.errno === 1146) return new WarehouseError('not_found', this.safe(e.message));
    const net = networkReason(err);
    if (net) return new WarehouseError('connect', `lost the connection to ${this.where()}: ${net}`);
    return new WarehouseError('query', this.safe(e.message ?? 'the query failed'));
  }

  async listSchemas(): Promise<string[]> {
    const r = await this.query(
      `SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN (${SYSTEM_SCHEMAS.map(() => '?').join(', ')}) ORDER BY 1`,
      { params: SYSTEM_SCHEMAS, maxRows: 100_000 },
    );
    return r.rows.map((row) => String(row[0]));
  }

  async listTables(schema: string): Promise<WarehouseTable[]> {
    const r = await this.query(
      `SELECT table_name, table_rows FROM information_schema.tables WHERE table_schema = ? AND table_type IN ('BASE TABLE', 'VIEW', 'SYSTEM VERSIONED') ORDER BY 1`,
      { params: [schema], maxRows: 100_000 },
    );
    return r.rows.map((row) => ({
      schema,
      name: String(row[0]),
      rowCount: row[1] === null ? null : Number(row[1]),
    }));
  }

  async describeColumns(schema: string, table: string): Promise<WarehouseColumn[]> {
    const r = await this.query(
      `SELECT column_name, column_type, is_nullable FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position`,
      { params: [schema, table], maxRows: 100_000 },
    );
    return r.rows.map((row) => ({ name: String(row[0]), type: String(row[1]), nullable: row[2] === 'YES' }));
  }

  async listForeignKeys(schema: string): Promise<ForeignKey[]> {
    const r = await this.query(
      `SELECT table_name, constraint_name, column_name, referenced_table_schema, referenced_table_name, referenced_column_name
         FROM information_schema.key_column_usage
        WHERE table_schema = ? AND referenced_table_name IS NOT NULL
        ORDER BY table_name, constraint_name, ordinal_position`,
      { params: [schema], maxRows: 100_000 },
    );
    const byConstraint = new Map<string, ForeignKey>();
    for (const [table, name, column, refSchema, refTable, refColumn] of r.rows as string[][]) {
      const key = `${table}\u0000${name}`;
      let fk = byConstraint.get(key);
      if (!fk) {
        fk = {
          schema,
          table: table!,
          columns: [],
          refSchema: refSchema!,
          refTable: refTable!,
          refColumns: [],
        };
        byConstraint.set(key, fk);
      }
      fk.columns.push(column!);
      fk.refColumns.push(refColumn!);
    }
    return [...byConstraint.values()];
  }

  async sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]> {
    const col = quoteBacktick(column);
    const r = await this.query(
      `SELECT ${col} FROM ${quoteBacktick(schema)}.${quoteBacktick(table)} WHERE ${col} IS NOT NULL GROUP BY ${col} ORDER BY count(*) DESC, ${col} LIMIT ${clampRows(limit, 20)}`,
    );
    return r.rows.map((row) => row[0]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
