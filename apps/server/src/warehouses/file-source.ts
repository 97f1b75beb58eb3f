import fs from 'node:fs';
import path from 'node:path';
import type {
  ForeignKey,
  QueryOptions,
  QueryResult,
  Warehouse,
  WarehouseColumn,
  WarehouseTable,
} from '@catalyst/engine';
import { DuckDbWarehouse } from '@catalyst/engine';
import { sealOffFileSystem, type QueryLimits } from './common';

/** Runs async work one at a time. */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.tail.then(work, work);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

interface Entry {
  mutex: Mutex;
  warehouse: DuckDbWarehouse | null;
  lastUsed: number;
}

/** A File Source's DuckDB instance closes after this long without a query (it reopens on the next). */
const IDLE_CLOSE_MS = 5 * 60_000;

/**
 * The DuckDB database files of File Source connections: `DATA_DIR/duckdb/org-<org>/conn-<id>.duckdb`,
 * one per connection. A file is opened by at most one DuckDB instance in this process (two
 * instances writing one file would corrupt it), so readers and the ingest of a connection take
 * turns on one mutex: an ingest closes the query instance, loads with its own, then readers
 * reopen. Queries go through the engine's DuckDB warehouse (one SELECT, timeout, row limit).
 */
export class FileSourceStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly dataDir: string,
    private readonly limits: QueryLimits = {},
    idleCloseMs = IDLE_CLOSE_MS,
  ) {
    this.sweeper = setInterval(() => void this.closeIdle(idleCloseMs), Math.min(idleCloseMs, 60_000));
    this.sweeper.unref();
  }

  /** Closes the DuckDB instances not used for `idleMs` (memory of rarely used sources goes back). */
  async closeIdle(idleMs: number): Promise<number> {
    let closed = 0;
    for (const e of this.entries.values()) {
      if (!e.warehouse || Date.now() - e.lastUsed < idleMs) continue;
      await e.mutex.run(async () => {
        if (!e.warehouse || Date.now() - e.lastUsed < idleMs) return;
        const wh = e.warehouse;
        e.warehouse = null;
        await wh.close();
        closed++;
      });
    }
    return closed;
  }

  fileOf(orgId: number, connId: number): string {
    return path.join(this.dataDir, 'duckdb', `org-${orgId}`, `conn-${connId}.duckdb`);
  }

  private entry(file: string): Entry {
    let e = this.entries.get(file);
    if (!e) this.entries.set(file, (e = { mutex: new Mutex(), warehouse: null, lastUsed: Date.now() }));
    return e;
  }

  /** Runs `work` with sole access to the connection's database file (no reader has it open). */
  exclusive<T>(orgId: number, connId: number, work: (file: string) => Promise<T>): Promise<T> {
    const file = this.fileOf(orgId, connId);
    const e = this.entry(file);
    return e.mutex.run(async () => {
      if (e.warehouse) {
        const wh = e.warehouse;
        e.warehouse = null;
        await wh.close();
      }
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      return work(file);
    });
  }

  /** Runs `work` against the connection's query warehouse, opening it when needed. */
  private shared<T>(file: string, work: (wh: DuckDbWarehouse) => Promise<T>): Promise<T> {
    const e = this.entry(file);
    return e.mutex.run(async () => {
      if (!e.warehouse) {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        e.warehouse = await DuckDbWarehouse.create({
          path: file,
          defaultMaxRows: this.limits.defaultMaxRows,
          defaultTimeoutMs: this.limits.defaultTimeoutMs,
        });
        await sealOffFileSystem(e.warehouse);
      }
      e.lastUsed = Date.now();
      return work(e.warehouse);
    });
  }

  /** A Warehouse over one File Source connection; closing it is a no-op (the store owns the file). */
  warehouse(orgId: number, connId: number): Warehouse {
    const file = this.fileOf(orgId, connId);
    const run = <T>(work: (wh: DuckDbWarehouse) => Promise<T>) => this.shared(file, work);
    return {
      dialect: 'duckdb',
      listSchemas: () => run((wh) => wh.listSchemas()).then((s) => (s.length ? s : ['main'])),
      // A staging table can outlive a crash until the next load of this source: never show it.
      listTables: (schema: string): Promise<WarehouseTable[]> =>
        run((wh) => wh.listTables(schema)).then((ts) => ts.filter((t) => !t.name.startsWith('_staging_'))),
      describeColumns: (schema: string, table: string): Promise<WarehouseColumn[]> =>
        run((wh) => wh.describeColumns(schema, table)),
      listForeignKeys: (schema: string): Promise<ForeignKey[]> => run((wh) => wh.listForeignKeys(schema)),
      sampleValues: (schema: string, table: string, column: string, limit: number) =>
        run((wh) => wh.sampleValues(schema, table, column, limit)),
      query: (sql: string, options?: QueryOptions): Promise<QueryResult> =>
        run((wh) => wh.query(sql, options)),
      close: async () => undefined,
    };
  }

  /** Closes the connection's instance and deletes its database file. */
  async remove(orgId: number, connId: number): Promise<void> {
    await this.exclusive(orgId, connId, async (file) => {
      for (const f of [file, `${file}.wal`]) await fs.promises.rm(f, { force: true });
    });
    this.entries.delete(this.fileOf(orgId, connId));
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    for (const e of this.entries.values()) {
      await e.mutex.run(async () => {
        const wh = e.warehouse;
        e.warehouse = null;
        await wh?.close();
      });
    }
  }
}
