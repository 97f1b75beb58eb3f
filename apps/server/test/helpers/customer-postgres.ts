// A customer database on the machine's PostgreSQL for the fault and scale-out suites: two years of
// daily sales by region, and a use case over it built through the public API (connection →
// schema → table selection with profiling), exactly as a user would.
import pg from 'pg';
import { request, type HttpAnswer } from './processes';

export const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const POSTGRES_URL = `postgres://postgres@127.0.0.1:5432`;

export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Skips (or, in CI, fails) a suite that needs the local PostgreSQL. */
export async function requirePostgres(suite: string): Promise<boolean> {
  if (await postgresReachable()) return true;
  const message = `PostgreSQL is not reachable at 127.0.0.1:5432: ${suite} is skipped.`;
  if (process.env.CI)
    throw new Error(
      `${message} CI requires it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start).`,
    );
  console.warn(message);
  return false;
}

export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ ...PG, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ ...PG, database: 'postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A fresh customer database with `sales(day, region, channel, revenue, units)`: 730 days × 3 regions. */
export async function createSalesDatabase(): Promise<string> {
  const name = await createDatabase('catalyst_customer');
  const c = new pg.Client({ ...PG, database: name });
  await c.connect();
  await c.query(
    `CREATE TABLE sales (day date NOT NULL, region varchar(20) NOT NULL, channel varchar(20) NOT NULL, revenue numeric(12,2) NOT NULL, units integer NOT NULL)`,
  );
  await c.query(`INSERT INTO sales
    SELECT d::date, r.region, CASE WHEN (extract(doy FROM d)::int + r.n) % 3 = 0 THEN 'Online' ELSE 'Store' END,
           round((1000 + 100 * r.n + 50 * sin(extract(doy FROM d) / 58.0) + (hashtext(d::text || r.region) % 40))::numeric, 2),
           10 + abs(hashtext(r.region || d::text)) % 5
    FROM generate_series(current_date - 730, current_date - 1, interval '1 day') d,
         (VALUES ('Europe', 1), ('Asia', 2), ('Americas', 3)) r(region, n)`);
  await c.end();
  return name;
}

/** Holds an exclusive lock on a table until `release()`: queries on it block meanwhile. */
export async function lockTable(
  database: string,
  table: string,
): Promise<{
  release(): Promise<void>;
  blockedBackends(): Promise<number[]>;
  terminateBlocked(): Promise<number>;
}> {
  const locker = new pg.Client({ ...PG, database });
  // A database dropped at the end of a test ends these sessions: that is expected, not a crash.
  locker.on('error', () => undefined);
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const watcher = new pg.Client({ ...PG, database: 'postgres' });
  watcher.on('error', () => undefined);
  await watcher.connect();
  const blockedBackends = async () =>
    (
      await watcher.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> $2`,
        [database, lockerPid],
      )
    ).rows.map((r) => r.pid);
  return {
    blockedBackends,
    async terminateBlocked() {
      const pids = await blockedBackends();
      for (const pid of pids) await watcher.query('SELECT pg_terminate_backend($1)', [pid]);
      return pids.length;
    },
    async release() {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end().catch(() => undefined);
      await watcher.end().catch(() => undefined);
    },
  };
}

/** Polls until `check` holds (or throws after `timeoutMs`). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function ok(res: HttpAnswer, what: string): HttpAnswer {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body}`);
  return res;
}

/** Connection, use case, schema and the profiled `sales` table, through the REST API at `base`. */
export async function createSalesUseCase(
  base: string,
  token: string,
  database: string,
  name = 'Sales',
): Promise<{ connId: number; useCaseId: number }> {
  const conn = ok(
    await request(base, 'POST', '/api/copilot/db_conn/add_db_conn', {
      token,
      // The local server trusts every password; a non-empty one is sealed and must be opened again to connect.
      body: {
        conn_name: `${name} DB`,
        db_type: 'postgresql',
        host: PG.host,
        port: PG.port,
        db_name: database,
        user_name: PG.user,
        password: 'sealed-password-1',
      },
    }),
    'add connection',
  ).json<{ connection: { conn_id: number } }>();
  const connId = conn.connection.conn_id;
  const useCase = ok(
    await request(base, 'POST', '/api/copilot/onboarding/use_case/v2', {
      token,
      body: { usecase_name: name, description: 'Daily sales by region' },
    }),
    'create use case',
  ).json<{ use_case_id: number }>();
  const useCaseId = useCase.use_case_id;
  ok(
    await request(base, 'POST', '/api/copilot/onboarding/use_case/add_schema_data', {
      token,
      body: { usecase_id: useCaseId, conn_id: connId, schema: 'public' },
    }),
    'save schema',
  );
  const tables = ok(
    await request(base, 'GET', `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`, { token }),
    'list tables',
  ).json<{ table_id: number; table_name: string }[]>();
  const sales = tables.find((t) => t.table_name === 'sales');
  if (!sales) throw new Error(`no sales table among ${JSON.stringify(tables)}`);
  ok(
    await request(base, 'POST', '/api/copilot/schema_validation/usecase_db_tables/select_and_fetch_columns', {
      token,
      body: { table_ids: [sales.table_id] },
    }),
    'select table',
  );
  ok(await request(base, 'PUT', `/api/copilot/onboarding/use_case/${useCaseId}`, { token }), 'publish');
  return { connId, useCaseId };
}
