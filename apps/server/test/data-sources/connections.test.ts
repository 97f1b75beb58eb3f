import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/features/data-sources/service';
import { randomDbName, sampleSchemaSql } from '../warehouses/sample-schema';
import { bearer, createDsTestApp, type DsTestApp } from './app';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres' };
const MY = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const PG_PASSWORD = 'pg-Secret-Passw0rd-xyz';
const API_KEY = 'sk-live-Very-Secret-Api-Key-123';

async function pgReachable() {
  const c = new pg.Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 2000 });
  return c.connect().then(
    () => c.end().then(() => true),
    () => false,
  );
}
async function mysqlReachable() {
  return mysql.createConnection({ ...MY, connectTimeout: 2000 }).then(
    (c) => c.end().then(() => true),
    () => false,
  );
}
const hasPg = await pgReachable();
const hasMy = await mysqlReachable();
if (!hasPg)
  console.warn(
    'SKIPPED (partly): PostgreSQL is not reachable at 127.0.0.1:5432; the PostgreSQL connection tests are skipped.',
  );
if (!hasMy)
  console.warn(
    'SKIPPED (partly): MariaDB/MySQL is not reachable at 127.0.0.1:3306; the MySQL connection tests are skipped.',
  );

let t: DsTestApp;
let admin: Record<string, string>;
let other: { token: string; orgId: number };
const pgDb = randomDbName();
const myDb = randomDbName();
let apiServer: http.Server;
let apiUrl: string;

beforeAll(async () => {
  // The local test API is a private address: allowed here on purpose (test/hardening/ssrf.test.ts covers the refusal).
  t = await createDsTestApp({ env: { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' } });
  admin = bearer(await t.token());
  const o = await t.createUser('mallory', 'Other Org');
  other = { token: o.token, orgId: o.orgId };
  if (hasPg) {
    const c = new pg.Client({ ...PG, database: 'postgres' });
    await c.connect();
    await c.query(`CREATE DATABASE ${pgDb}`);
    await c.end();
    const s = new pg.Client({ ...PG, database: pgDb });
    await s.connect();
    await s.query('CREATE SCHEMA shop; SET search_path = shop');
    for (const q of sampleSchemaSql('postgres')) await s.query(q);
    await s.end();
  }
  if (hasMy) {
    const c = await mysql.createConnection(MY);
    await c.query(`CREATE DATABASE ${myDb}`);
    await c.query(`USE ${myDb}`);
    for (const q of sampleSchemaSql('mysql')) await c.query(q);
    await c.end();
  }
  apiServer = http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${API_KEY}`) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify([
        { id: 1, region: 'EU' },
        { id: 2, region: 'US' },
      ]),
    );
  });
  await new Promise<void>((r) => apiServer.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}/v1/accounts`;
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => apiServer?.close(() => r()));
  if (hasPg) {
    const c = new pg.Client({ ...PG, database: 'postgres' });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${pgDb} WITH (FORCE)`);
    await c.end();
  }
  if (hasMy) {
    const c = await mysql.createConnection(MY);
    await c.query(`DROP DATABASE IF EXISTS ${myDb}`);
    await c.end();
  }
});

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, payload: payload as never, headers });

const pgConn = (over: Record<string, unknown> = {}) => ({
  conn_name: 'Shop DB',
  db_type: 'postgresql',
  host: PG.host,
  port: String(PG.port),
  db_name: pgDb,
  user_name: PG.user,
  password: PG_PASSWORD,
  ...over,
});

describe('connection types and limits', () => {
  it('lists the supported types', async () => {
    const res = await inject('GET', '/api/copilot/db_conn/supported_db_types');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { connectionName: string }) => x.connectionName)).toEqual([
      'flat_files',
      'postgresql',
      'mysql',
      'bigquery',
      'api',
    ]);
    expect(res.json()[0]).toEqual({
      connectionName: 'flat_files',
      displayName: 'CSV Files',
      connectionType: 'File Source',
    });
  });

  it('answers the CSV limits and the current CSV file count', async () => {
    expect((await inject('GET', '/api/copilot/get-rate-limits')).json()).toEqual({
      limits: { max_csv_files: 20, max_upload_bytes: 5 * 1024 ** 3 },
      usage: { csv_files: 0 },
    });
  });

  it('documents every call in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
    for (const p of [
      '/api/copilot/get-rate-limits',
      '/api/copilot/db_conn/supported_db_types',
      '/api/copilot/db_conn/get_conns',
      '/api/copilot/db_conn/add_db_conn',
      '/api/copilot/db_conn/update_db_conn',
      '/api/copilot/db_conn/delete_db_conn',
      '/api/copilot/onboarding/connections/{connId}/schemas/',
      '/api/copilot/upload-files/csv',
      '/api/copilot/upload-files/csv/{fileId}',
      '/api/copilot/upload-files/upload-csv',
      '/api/copilot/upload-files/csv_progress/stream/{fileId}',
    ])
      expect(paths).toContain(p);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/copilot/db_conn/get_conns' });
    expect(res.statusCode).toBe(401);
  });
});

describe('validation (spec 3 §5)', () => {
  it('says which fields are missing for each type', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ db_type: 'postgresql', conn_name: 'x' }, ['host', 'port', 'db_name', 'user_name']],
      [{ db_type: 'mysql', conn_name: 'x', host: 'h', port: 'abc', db_name: 'd', user_name: 'u' }, ['port']],
      [{ db_type: 'bigquery', conn_name: 'x' }, ['project_id', 'location']],
      [
        {
          db_type: 'bigquery',
          conn_name: 'x',
          project_id: 'acme-analytics',
          location: 'US',
          auth_method: 'wif',
        },
        ['federated_provider', 'workload_identity_pool_id', 'service_account_email'],
      ],
      [{ db_type: 'api', conn_name: 'x', apiType: 'custom', apiKey: 'k' }, ['baseUrl']],
      [{ db_type: 'api', conn_name: 'x', apiType: 'custom', apiKey: 'k', baseUrl: 'ftp://x' }, ['baseUrl']],
      [{ db_type: 'oracle', conn_name: 'x' }, ['db_type']],
      [
        { db_type: 'postgresql', conn_name: '  ', host: 'h', port: 1, db_name: 'd', user_name: 'u' },
        ['conn_name'],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const paths = (res.json().issues as { path: string }[]).map((i) => i.path);
      for (const f of fields) expect(paths.join(' '), JSON.stringify(body)).toContain(f);
    }
  });

  it('requires the API key and the service-account key file', async () => {
    let res = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      db_type: 'api',
      conn_name: 'x',
      apiType: 'custom',
      baseUrl: apiUrl,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The API key is required.');
    res = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      db_type: 'bigquery',
      conn_name: 'x',
      project_id: 'acme-analytics',
      location: 'EU',
      auth_method: 'service_account',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/service account key file/);
  });

  it('never answers 5xx to arbitrary bodies', async () => {
    const urls = [
      '/api/copilot/db_conn/add_db_conn',
      '/api/copilot/db_conn/update_db_conn',
      '/api/copilot/db_conn/delete_db_conn',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...urls),
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              conn_id: fc.anything(),
              conn_name: fc.anything(),
              db_type: fc.constantFrom('postgresql', 'mysql', 'api', 'bigquery', 'flat_files', 'x'),
              port: fc.anything(),
              host: fc.anything(),
            },
            { requiredKeys: [] },
          ),
        ),
        async (url, body) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: JSON.stringify(body) ?? '',
            headers: { ...admin, 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${url} ${JSON.stringify(body)} → ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    for (const url of [
      '/api/copilot/onboarding/connections/abc/schemas/',
      '/api/copilot/onboarding/connections/99999999999/schemas/',
      '/api/copilot/upload-files/csv?conn_id=x',
      '/api/copilot/upload-files/csv_progress/stream/-1',
    ]) {
      expect((await inject('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('a connection that cannot connect is not saved', () => {
  // One reason for every network failure: the text must not tell a closed port from an open one.
  it('answers that no database server accepted the connection', async () => {
    const res = await inject(
      'POST',
      '/api/copilot/db_conn/add_db_conn',
      pgConn({ conn_name: 'Dead', port: 5433 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The connection test failed: could not connect to 127.0.0.1:5433: no database server accepted the connection. Check the host, the port and that the server accepts connections from Catalyst.',
    );
    const list = (await inject('GET', '/api/copilot/db_conn/get_conns')).json().connections;
    expect(list.find((c: { conn_name: string }) => c.conn_name === 'Dead')).toBeUndefined();
  });
});

describe.skipIf(!hasPg)('PostgreSQL connection lifecycle', () => {
  let connId: number;

  it('adds after a successful test, never returning the password', async () => {
    const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', pgConn());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'Success', message: 'Connection added successfully' });
    expect(body.connection).toMatchObject({
      conn_name: 'Shop DB',
      host: '127.0.0.1',
      port: 5432,
      db_name: pgDb,
      user_name: 'postgres',
      db_type: 'postgresql',
      has_credentials: true,
    });
    expect(res.body).not.toContain(PG_PASSWORD);
    connId = body.conn_id;
    const stored = await t.deps.db
      .selectFrom('data_connections')
      .select('secret')
      .where('id', '=', connId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(PG_PASSWORD);
  });

  it('refuses a second connection with the same name', async () => {
    const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', pgConn({ conn_name: 'shop db' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A data source named "shop db" already exists. Choose another name.');
  });

  it('lists it and its schemas, and reads through the warehouse (read-only)', async () => {
    const list = await inject('GET', '/api/copilot/db_conn/get_conns');
    expect(list.json().connections.map((c: { conn_id: number }) => c.conn_id)).toContain(connId);
    expect(list.body).not.toContain(PG_PASSWORD);
    const schemas = await inject('GET', `/api/copilot/onboarding/connections/${connId}/schemas/`);
    expect(schemas.statusCode).toBe(200);
    expect(schemas.json()).toEqual(expect.arrayContaining(['public', 'shop']));
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    try {
      expect((await wh.listTables('shop')).map((x) => x.name)).toContain('orders');
      expect((await wh.describeColumns('shop', 'customers'))[0]).toEqual({
        name: 'id',
        type: 'integer',
        nullable: false,
      });
      expect(await wh.sampleValues('shop', 'customers', 'region', 2)).toEqual(['Europe', 'Americas']);
      expect(
        (await wh.query('SELECT count(*)::int FROM shop.orders WHERE status = $1', { params: ['shipped'] }))
          .rows,
      ).toEqual([[3]]);
      await expect(wh.query('DELETE FROM shop.orders')).rejects.toThrow(/read-only/);
    } finally {
      await wh.close();
    }
    // The adapter (its connection pool) stays open for the next caller.
    expect(t.deps.dataSources.warehouses.size).toBe(1);
    const again = await openWarehouse(t.deps, { orgId: 1, connId });
    expect((await again.query('SELECT 1')).rows).toEqual([[1]]);
    expect(t.deps.dataSources.warehouses.size).toBe(1);
  });

  it('updates keeping the stored password when none is sent, and echoes X-No-Auto-Toast', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/db_conn/update_db_conn',
      payload: pgConn({ conn_id: connId, conn_name: 'Shop DB (prod)', password: '' }),
      headers: { ...admin, 'x-no-auto-toast': 'true' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-no-auto-toast']).toBe('1');
    expect(t.deps.dataSources.warehouses.size).toBe(0); // the edit closed the old adapter
    expect(res.json()).toMatchObject({
      status: 'Success',
      message: 'Connection updated successfully',
      connection: { conn_name: 'Shop DB (prod)', has_credentials: true },
    });
  });

  it('does not save an update that cannot connect', async () => {
    const res = await inject(
      'POST',
      '/api/copilot/db_conn/update_db_conn',
      pgConn({ conn_id: connId, conn_name: 'Shop DB (prod)', db_name: 'catalyst_no_such_db' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The connection test failed: could not connect to 127.0.0.1:5432: database "catalyst_no_such_db" does not exist',
    );
    const row = await t.deps.db
      .selectFrom('data_connections')
      .select('db_name')
      .where('id', '=', connId)
      .executeTakeFirstOrThrow();
    expect(row.db_name).toBe(pgDb);
  });

  it('hides it from another organisation (404, never the data)', async () => {
    const h = bearer(other.token);
    expect((await inject('GET', '/api/copilot/db_conn/get_conns', undefined, h)).json().connections).toEqual(
      [],
    );
    expect(
      (await inject('GET', `/api/copilot/onboarding/connections/${connId}/schemas/`, undefined, h))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/api/copilot/db_conn/update_db_conn', pgConn({ conn_id: connId }), h))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', '/api/copilot/db_conn/delete_db_conn', { conn_id: connId }, h)).statusCode,
    ).toBe(404);
    await expect(openWarehouse(t.deps, { orgId: other.orgId, connId })).rejects.toThrow(/not found/);
  });

  it('deletes it', async () => {
    const res = await inject('POST', '/api/copilot/db_conn/delete_db_conn', { conn_id: connId });
    expect(res.json()).toEqual({ status: 'Success', message: 'Data source has been successfully deleted.' });
    expect(
      (await inject('POST', '/api/copilot/db_conn/delete_db_conn', { conn_id: connId })).statusCode,
    ).toBe(404);
  });
});

describe.skipIf(!hasMy)('MySQL/MariaDB connection', () => {
  it('adds, lists schemas and refuses a write', async () => {
    const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      conn_name: 'Maria',
      db_type: 'mysql',
      host: MY.host,
      port: MY.port,
      db_name: myDb,
      user_name: 'root',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connection.has_credentials).toBe(false);
    const connId = res.json().conn_id;
    const schemas = (await inject('GET', `/api/copilot/onboarding/connections/${connId}/schemas`)).json();
    expect(schemas).toContain(myDb);
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    try {
      expect((await wh.listForeignKeys(myDb)).length).toBe(3);
      await expect(wh.query('DROP TABLE order_items')).rejects.toThrow(/read-only/);
    } finally {
      await wh.close();
    }
  });

  it('explains refused credentials', async () => {
    const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      conn_name: 'Maria bad',
      db_type: 'mysql',
      host: MY.host,
      port: MY.port,
      db_name: myDb,
      user_name: 'nobody_here',
      password: 'Secret-Maria-Pw-42',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^The connection test failed: could not connect to 127\.0\.0\.1:3306: Access denied for user 'nobody_here'/,
    );
    expect(res.body).not.toContain('Secret-Maria-Pw-42');
  });
});

describe('HTTP JSON API connection', () => {
  it('tests the API with the key, stores the key encrypted and never returns it', async () => {
    const bad = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      conn_name: 'CRM',
      db_type: 'api',
      apiType: 'custom',
      apiKey: 'wrong',
      baseUrl: apiUrl,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The connection test failed: the API refused the API key (401 Unauthorized)',
    );
    const res = await inject('POST', '/api/copilot/db_conn/add_db_conn', {
      conn_name: 'CRM',
      db_type: 'api',
      apiType: 'custom',
      apiKey: API_KEY,
      baseUrl: apiUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().connection).toMatchObject({
      type: 'api',
      apiType: 'custom',
      baseUrl: apiUrl,
      has_credentials: true,
    });
    expect(res.body).not.toContain(API_KEY);
    const connId = res.json().conn_id;
    expect((await inject('GET', `/api/copilot/onboarding/connections/${connId}/schemas/`)).json()).toEqual([
      'main',
    ]);
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    expect((await wh.query('SELECT region FROM accounts ORDER BY id')).rows).toEqual([['EU'], ['US']]);
    await wh.close();
  });
});

describe('secrets stay secret', () => {
  it('no response or log line contains a stored password or API key', async () => {
    const all = await inject('GET', '/api/copilot/db_conn/get_conns');
    for (const secret of [PG_PASSWORD, API_KEY, 'Secret-Maria-Pw-42']) {
      expect(all.body).not.toContain(secret);
      expect(t.logs.join('\n')).not.toContain(secret);
    }
    expect(t.logs.length).toBeGreaterThan(10);
  });
});
