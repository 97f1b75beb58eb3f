import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres, type AppDatabase } from '../../src/db';
import { migrateToLatest } from '../../src/db/migrate';

export type DbKind = 'pglite' | 'postgres';

export const POSTGRES_ADMIN_URL =
  process.env.CATALYST_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let postgresReachable: Promise<boolean> | undefined;
function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      return false;
    }
  })();
  return postgresReachable;
}

/**
 * The app databases the suite runs against: PGlite always, the machine's PostgreSQL when it is
 * reachable. In CI (CI=true) PostgreSQL is required, so a missing server fails loudly.
 */
export async function testDatabaseKinds(): Promise<DbKind[]> {
  if (await isPostgresReachable()) return ['pglite', 'postgres'];
  const message = `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL}: the PostgreSQL half of the database tests is skipped.`;
  if (process.env.CI)
    throw new Error(
      `${message} CI requires it (start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start).`,
    );
  console.warn(message);
  return ['pglite'];
}

// Creating a PGlite database costs seconds; each worker makes one migrated template and clones it.
let template: Promise<PGlite> | undefined;
async function pgliteTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const base = await PGlite.create();
    const database = await openPglite(base);
    await migrateToLatest(database.db);
    await database.db.destroy();
    return base;
  })();
  return template;
}

/** A fresh, migrated, empty app database of the given kind; `close` removes it. */
export async function createTestDatabase(kind: DbKind): Promise<AppDatabase> {
  if (kind === 'pglite') {
    const clone = (await (await pgliteTemplate()).clone()) as PGlite;
    return openPglite(clone);
  }
  const name = `catalyst_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
