import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface AppDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Postgres returns bigint (count(*), sum) as text by default; the app's counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** A PostgreSQL server at `url`. */
export function openPostgres(url: string, poolSize = 10, onIdleError?: (error: Error) => void): AppDatabase {
  // A server that does not answer at all must fail requests, not hold them: 10 s to connect.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle connection the server closes (a restart, an administrator) must not crash the process:
  // the pool drops it and opens a new one for the next query.
  pool.on('error', (error) => onIdleError?.(error));
  // A connection in use when the server goes away reports on its client, which pg leaves without
  // a listener (an uncaught 'error' would stop the process): the query in flight fails, the
  // request answers 503, and the pool replaces the connection.
  pool.on('connect', (client) => client.on('error', (error) => onIdleError?.(error)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * Embedded PGlite. Kysely talks to it through node-postgres' Pool, the same code path as a
 * real server (see docs/ARCHITECTURE.md: kysely-pglite lost a write under concurrency).
 */
export async function openPglite(dataDir: string | PGlite): Promise<AppDatabase> {
  let pglite: PGlite;
  if (typeof dataDir === 'string') {
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    pglite = await PGlite.create(dataDir);
  } else {
    pglite = dataDir;
  }
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function openAppDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  onIdleError?: (error: Error) => void;
}): Promise<AppDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, 10, options.onIdleError);
  return openPglite(path.join(options.dataDir, 'app-db'));
}
