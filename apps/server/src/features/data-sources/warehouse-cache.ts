import type { Warehouse } from '@catalyst/engine';

interface Cached {
  key: string;
  warehouse: Warehouse;
  lastUsed: number;
}

const IDLE_CLOSE_MS = 5 * 60_000;

/**
 * Keeps one open adapter (and so one connection pool) per database connection, so each
 * question does not pay a new TCP connection, authentication and session set-up. An entry is
 * keyed by the connection's `updated_at`: an edit opens a fresh adapter with the new settings.
 * Callers get a handle whose `close()` does nothing; idle adapters close after 5 minutes.
 */
export class WarehouseCache {
  private readonly entries = new Map<number, Cached>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly idleCloseMs = IDLE_CLOSE_MS) {
    this.sweeper = setInterval(() => void this.closeIdle(), Math.min(idleCloseMs, 60_000));
    this.sweeper.unref();
  }

  async get(connId: number, key: string, open: () => Warehouse): Promise<Warehouse> {
    let entry = this.entries.get(connId);
    if (entry && entry.key !== key) {
      this.entries.delete(connId);
      await entry.warehouse.close().catch(() => undefined);
      entry = undefined;
    }
    if (!entry) {
      entry = { key, warehouse: open(), lastUsed: Date.now() };
      this.entries.set(connId, entry);
    }
    entry.lastUsed = Date.now();
    return shared(entry);
  }

  /** Closes the adapter of a connection that was changed or deleted. */
  async evict(connId: number): Promise<void> {
    const entry = this.entries.get(connId);
    this.entries.delete(connId);
    await entry?.warehouse.close().catch(() => undefined);
  }

  async closeIdle(idleMs = this.idleCloseMs): Promise<void> {
    for (const [id, e] of this.entries) if (Date.now() - e.lastUsed >= idleMs) await this.evict(id);
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    for (const id of [...this.entries.keys()]) await this.evict(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

function shared(entry: Cached): Warehouse {
  const wh = entry.warehouse;
  const touch = <T>(p: Promise<T>) => {
    entry.lastUsed = Date.now();
    return p;
  };
  return {
    dialect: wh.dialect,
    listSchemas: () => touch(wh.listSchemas()),
    listTables: (schema) => touch(wh.listTables(schema)),
    describeColumns: (schema, table) => touch(wh.describeColumns(schema, table)),
    listForeignKeys: (schema) => touch(wh.listForeignKeys(schema)),
    sampleValues: (schema, table, column, limit) => touch(wh.sampleValues(schema, table, column, limit)),
    query: (sql, options) => touch(wh.query(sql, options)),
    close: async () => undefined,
  };
}
