import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type {
  ForeignKey,
  QueryOptions,
  QueryResult,
  Warehouse,
  WarehouseColumn,
  WarehouseTable,
} from '@catalyst/engine';
import { DuckDbWarehouse } from '@catalyst/engine';
import { outboundBlockedCause } from '../lib/outbound';
import {
  CONNECT_TIMEOUT_MS,
  WarehouseError,
  networkReason,
  redact,
  sealOffFileSystem,
  type QueryLimits,
} from './common';

export interface HttpApiSourceConfig {
  baseUrl: string;
  apiKey?: string;
  /** Largest response accepted, in bytes. */
  maxBytes?: number;
  fetchTimeoutMs?: number;
}

const ARRAY_KEYS = ['data', 'items', 'results', 'records', 'rows'];

/** The rows of an API answer: a top-level array, or the array under data/items/results/records/rows. */
export function rowsOfJson(body: unknown): Record<string, unknown>[] {
  let list: unknown = body;
  if (!Array.isArray(list) && list && typeof list === 'object') {
    const key = ARRAY_KEYS.find((k) => Array.isArray((list as Record<string, unknown>)[k]));
    list = key ? (list as Record<string, unknown>)[key] : undefined;
  }
  if (!Array.isArray(list))
    throw new WarehouseError(
      'query',
      `the API did not answer a JSON array (nor an object with a ${ARRAY_KEYS.join(', ')} array)`,
    );
  return list.map((item) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? (item as Record<string, unknown>)
      : { value: item },
  );
}

/** A table name from the URL's last path segment ("…/v1/orders" → "orders"). */
export function tableNameOfUrl(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  const name = last
    .replace(/\.json$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return !name ? 'data' : /^\d/.test(name) ? `t_${name}` : name;
}

/**
 * An HTTP JSON API as a warehouse: GET `baseUrl` (the API key as a Bearer token), take the
 * JSON array it answers and load it into an in-memory DuckDB table, then answer every call
 * from that table through the engine's DuckDB warehouse (one SELECT, timeout, row limit).
 * The API is fetched once per instance; open a new instance to refresh.
 */
export class HttpApiWarehouse implements Warehouse {
  readonly dialect = 'duckdb' as const;
  private loaded: Promise<DuckDbWarehouse> | null = null;
  readonly table: string;

  constructor(
    private readonly config: HttpApiSourceConfig,
    private readonly limits: QueryLimits = {},
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.table = tableNameOfUrl(config.baseUrl);
  }

  private where(): string {
    const u = new URL(this.config.baseUrl);
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? 443 : 80)}`;
  }

  private async fetchRows(): Promise<Record<string, unknown>[]> {
    const maxBytes = this.config.maxBytes ?? 100 * 1024 * 1024;
    let res: Response;
    try {
      res = await this.fetchImpl(this.config.baseUrl, {
        headers: {
          accept: 'application/json',
          ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
        },
        signal: AbortSignal.timeout(this.config.fetchTimeoutMs ?? CONNECT_TIMEOUT_MS * 3),
        redirect: 'follow',
      });
    } catch (err) {
      const e = err as { name?: string; cause?: unknown; message?: string };
      const blocked = outboundBlockedCause(err);
      if (blocked)
        throw new WarehouseError('connect', `could not connect to ${this.where()}: ${blocked.message}`);
      if (/^(Only http and https|".*" is not a valid URL)/.test(e.message ?? ''))
        throw new WarehouseError('connect', e.message!);
      if (e.name === 'TimeoutError')
        throw new WarehouseError('timeout', `could not connect to ${this.where()}: no answer in time`);
      const reason =
        networkReason(e.cause) ??
        networkReason(err) ??
        ((e.cause as Error | undefined)?.message || 'the request failed');
      throw new WarehouseError('connect', `could not connect to ${this.where()}: ${reason}`);
    }
    if (res.status === 401 || res.status === 403)
      throw new WarehouseError('auth', `the API refused the API key (${res.status} ${res.statusText})`);
    if (!res.ok)
      throw new WarehouseError('connect', `the API answered ${res.status} ${res.statusText}`.trim());
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > maxBytes)
      throw new WarehouseError(
        'query',
        `the API answer is too large (${declared} bytes; ${maxBytes} at most)`,
      );
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      if (size > maxBytes)
        throw new WarehouseError('query', `the API answer is too large (more than ${maxBytes} bytes)`);
      chunks.push(Buffer.from(chunk));
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new WarehouseError('query', 'the API answer is not valid JSON');
    }
    return rowsOfJson(body);
  }

  private async load(): Promise<DuckDbWarehouse> {
    const rows = await this.fetchRows();
    const wh = await DuckDbWarehouse.create({
      defaultMaxRows: this.limits.defaultMaxRows,
      defaultTimeoutMs: this.limits.defaultTimeoutMs,
    });
    const file = path.join(os.tmpdir(), `catalyst-api-${randomUUID()}.ndjson`);
    try {
      await fs.promises.writeFile(file, rows.map((r) => JSON.stringify(r)).join('\n'), { mode: 0o600 });
      const quoted = `"${this.table.replace(/"/g, '""')}"`;
      if (rows.length === 0) await wh.exec(`CREATE TABLE ${quoted} (value VARCHAR)`);
      else
        await wh.exec(
          `CREATE TABLE ${quoted} AS SELECT * FROM read_json('${file.replace(/'/g, "''")}', format = 'newline_delimited', sample_size = -1)`,
        );
      await sealOffFileSystem(wh);
      return wh;
    } catch (err) {
      await wh.close();
      throw new WarehouseError(
        'query',
        `the API answer could not be loaded: ${redact((err as Error).message.split('\n')[0]!, [this.config.apiKey])}`,
      );
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  }

  private warehouse(): Promise<DuckDbWarehouse> {
    this.loaded ??= this.load().catch((err: unknown) => {
      this.loaded = null;
      throw err;
    });
    return this.loaded;
  }

  /** Fetches the API and loads its answer; throws a WarehouseError saying what is wrong. */
  async testConnection(): Promise<void> {
    await this.warehouse();
  }

  async listSchemas(): Promise<string[]> {
    return ['main'];
  }
  async listTables(schema: string): Promise<WarehouseTable[]> {
    return (await this.warehouse()).listTables(schema);
  }
  async describeColumns(schema: string, table: string): Promise<WarehouseColumn[]> {
    return (await this.warehouse()).describeColumns(schema, table);
  }
  async listForeignKeys(): Promise<ForeignKey[]> {
    return [];
  }
  async sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]> {
    return (await this.warehouse()).sampleValues(schema, table, column, limit);
  }
  async query(sql: string, options?: QueryOptions): Promise<QueryResult> {
    return (await this.warehouse()).query(sql, options);
  }
  async close(): Promise<void> {
    const loaded = this.loaded;
    this.loaded = null;
    if (loaded) await (await loaded.catch(() => null))?.close();
  }
}
