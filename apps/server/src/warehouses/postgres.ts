import pg from 'pg';
import Cursor from 'pg-cursor';
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
  quoteDouble,
  redact,
  type QueryLimits,
} from './common';

export interface PostgresSourceConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
  ssl?: boolean;
  /** Set for hosts users type: connections go only where this policy allows. */
  outbound?: OutboundPolicy;
}

// Type names for the result columns the drivers report only by OID.
const PG_TYPE_NAMES: Record<number, string> = {
  16: 'boolean',
  17: 'bytea',
  20: 'bigint',
  21: 'smallint',
  23: 'integer',
  25: 'text',
  114: 'json',
  700: 'real',
  701: 'double precision',
  1042: 'character',
  1043: 'character varying',
  1082: 'date',
  1083: 'time',
  1114: 'timestamp',
  1184: 'timestamptz',
  1186: 'interval',
  1700: 'numeric',
  2950: 'uuid',
  3802: 'jsonb',
  1009: 'text[]',
  1007: 'integer[]',
};

// Per-pool parsers (the global pg.types belong to the app database): numbers as numbers,
// dates and timestamps without time zone as their own text so no time zone shifts them (pg would
// read "2026-06-29 16:06" as the server process's local time and hand back another hour).
const asNumber = (s: string) => {
  const n = Number(s);
  return Number.isSafeInteger(n) || !/^-?\d+$/.test(s) ? n : s;
};
const parsers: Record<number, (s: string) => unknown> = {
  20: asNumber,
  1700: asNumber,
  1082: (s) => s,
  1114: (s) => s,
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && parsers[oid]
      ? parsers[oid]
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * PostgreSQL through `pg`. Every query runs in `BEGIN READ ONLY` with a `statement_timeout`,
 * through a cursor (extended protocol: exactly one statement, values bound) that fetches at
 * most `maxRows + 1` rows. Sessions also default to read-only, so even a smuggled COMMIT
 * cannot open a writable transaction.
 */
export class PostgresWarehouse implements Warehouse {
  readonly dialect = 'postgres' as const;
  private readonly pool: pg.Pool;

  constructor(
    private readonly config: PostgresSourceConfig,
    private readonly limits: QueryLimits = {},
  ) {
    this.pool = new pg.Pool({
      host: config.host,
      port: config.port,
      database: config.database,
      user: config.user,
      password: config.password ?? '',
      ssl: config.ssl ? { rejectUnauthorized: false } : undefined,
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      application_name: 'catalyst',
      options: '-c default_transaction_read_only=on',
      types,
      // A host a user typed connects only where the outbound policy allows (lib/outbound.ts).
      ...(config.outbound && { stream: () => guardedSocket(config.outbound!) }),
    });
    // A client losing its server (a restart, a terminated backend, a network cut) must not crash
    // the process. Idle clients report on the pool; a checked-out client reports on itself, where
    // pg has no listener of its own — its query fails with the error and the pool drops it.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  private where(): string {
    return `${this.config.host}:${this.config.port}`;
  }

  private connectError(err: unknown): WarehouseError {
    const e = err as { code?: string; message?: string };
    // A PostgreSQL server answered (on an address the outbound policy allows): its reason helps.
    if (e.code === '28P01' || e.code === '28000')
      return new WarehouseError('auth', `could not connect to ${this.where()}: ${this.safe(e.message)}`);
    if (e.code === '3D000')
      return new WarehouseError('connect', `could not connect to ${this.where()}: ${this.safe(e.message)}`);
    return connectFailure(this.where(), err);
  }

  private safe(message: string | undefined): string {
    return redact(message ?? '', [this.config.password]);
  }

  private async client(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      throw this.connectError(err);
    }
  }

  /** Connects and runs `SELECT 1`; throws a WarehouseError whose message says what is wrong. */
  async testConnection(): Promise<void> {
    await this.query('SELECT 1', { maxRows: 1, timeoutMs: CONNECT_TIMEOUT_MS });
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const maxRows = clampRows(options.maxRows, this.limits.defaultMaxRows ?? DEFAULT_MAX_ROWS);
    const timeoutMs = clampTimeout(options.timeoutMs, this.limits.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    const client = await this.client();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
      const cursor = client.query(new Cursor(sql, options.params ?? [], { rowMode: 'array' }));
      const { rows, fields } = await new Promise<{ rows: unknown[][]; fields: pg.FieldDef[] }>(
        (resolve, reject) => {
          cursor.read(maxRows + 1, (err, rows, result) =>
            err ? reject(err) : resolve({ rows: rows as unknown[][], fields: result?.fields ?? [] }),
          );
        },
      );
      await cursor.close();
      return {
        columns: fields.map((f) => ({
          name: f.name,
          type: PG_TYPE_NAMES[f.dataTypeID] ?? `oid ${f.dataTypeID}`,
        })),
        rows: rows.slice(0, maxRows).map((r) => r.map(plainValue)),
        truncated: rows.length > maxRows,
      };
    } catch (err) {
      throw this.queryError(err, timeoutMs);
    } finally {
      try {
        await client.query('ROLLBACK');
      } catch (err) {
        broken = err as Error;
      }
      client.release(broken);
    }
  }

  private queryError(err: unknown, timeoutMs: number): WarehouseError {
    if (err instanceof WarehouseError) return err;
    const e = err as { code?: string; message?: string };
    if (e.code === '57014')
      return new WarehouseError('timeout', `the query was stopped after ${timeoutMs} ms (statement timeout)`);
    if (e.code === '25006')
      return new WarehouseError(
        'read_only',
        `the query was refused: this connection is read-only (${this.safe(e.message)})`,
      );
    if (e.code === '42P01') return new WarehouseError('not_found', this.safe(e.message));
    const net = networkReason(err);
    if (net) return new WarehouseError('connect', `lost the connection to ${this.where()}: ${net}`);
    // 57P0x: the server is shutting down or an administrator ended the session; 08xxx: connection exceptions.
    if (e.code && /^(57P0|08)/.test(e.code))
      return new WarehouseError(
        'connect',
        `lost the connection to ${this.where()}: the database server ended the session (${this.safe(e.message)})`,
      );
    return new WarehouseError('query', this.safe(e.message ?? 'the query failed'));
  }

  async listSchemas(): Promise<string[]> {
    const r = await this.query(
      `SELECT nspname FROM pg_namespace
        WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'
          AND has_schema_privilege(oid, 'USAGE')
        ORDER BY 1`,
      { maxRows: 100_000 },
    );
    return r.rows.map((row) => String(row[0]));
  }

  async listTables(schema: string): Promise<WarehouseTable[]> {
    const r = await this.query(
      `SELECT c.relname, CASE WHEN c.reltuples < 0 THEN NULL ELSE c.reltuples::bigint END
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'p', 'f') AND NOT c.relispartition
        ORDER BY 1`,
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
      `SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY a.attnum`,
      { params: [schema, table], maxRows: 100_000 },
    );
    return r.rows.map((row) => ({ name: String(row[0]), type: String(row[1]), nullable: Boolean(row[2]) }));
  }

  async listForeignKeys(schema: string): Promise<ForeignKey[]> {
    const cols = (rel: string, keys: string) =>
      `array(SELECT a.attname::text FROM unnest(c.${keys}) WITH ORDINALITY k(num, i)
               JOIN pg_attribute a ON a.attrelid = c.${rel} AND a.attnum = k.num ORDER BY k.i)`;
    const r = await this.query(
      `SELECT ns.nspname, cl.relname, ${cols('conrelid', 'conkey')}, rns.nspname, rcl.relname, ${cols('confrelid', 'confkey')}
         FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_namespace ns ON ns.oid = cl.relnamespace
         JOIN pg_class rcl ON rcl.oid = c.confrelid JOIN pg_namespace rns ON rns.oid = rcl.relnamespace
        WHERE c.contype = 'f' AND ns.nspname = $1
        ORDER BY cl.relname, c.conname`,
      { params: [schema], maxRows: 100_000 },
    );
    return r.rows.map((row) => ({
      schema: String(row[0]),
      table: String(row[1]),
      columns: row[2] as string[],
      refSchema: String(row[3]),
      refTable: String(row[4]),
      refColumns: row[5] as string[],
    }));
  }

  async sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]> {
    const col = quoteDouble(column);
    const r = await this.query(
      `SELECT ${col} FROM ${quoteDouble(schema)}.${quoteDouble(table)} WHERE ${col} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT $1`,
      { params: [clampRows(limit, 20)] },
    );
    return r.rows.map((row) => row[0]);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
