import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCredentials } from '../../src/warehouses/bigquery';
import { MysqlWarehouse } from '../../src/warehouses/mysql';
import { PostgresWarehouse } from '../../src/warehouses/postgres';
import { bearer, createTestApp, type TestApp } from '../helpers/app';
import { postgresReachable } from '../helpers/customer-postgres';

/**
 * Database hosts follow the outbound policy (issue 13 item 4): a PostgreSQL or MySQL source typed
 * by a user must not reach the server's private network unless CATALYST_OUTBOUND_ALLOWLIST allows
 * it — checked on every address the name resolves to, at connect time — and a failed connection
 * must not tell a closed port from an open one (no port scanning through the error text).
 */

const hasPostgres = await postgresReachable();
const ADD = '/api/copilot/db_conn/add_db_conn';

const pgSource = (host: string, port = 5432) => ({
  conn_name: `PG ${host}:${port} ${Math.random().toString(36).slice(2, 7)}`,
  db_type: 'postgresql',
  host,
  port,
  db_name: 'postgres',
  user_name: 'postgres',
  password: 'any-password',
});
const mysqlSource = (host: string, port = 3306) => ({
  ...pgSource(host, port),
  db_type: 'mysql',
  db_name: 'mysql',
  user_name: 'root',
});

/** A TCP server that does something unlike a database on a port: closes at once, or answers HTTP. */
async function tcpServer(behaviour: 'close' | 'http'): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    if (behaviour === 'close') socket.destroy();
    else socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('database hosts without an allow-list', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await t.login();
  });
  afterAll(async () => t?.close());

  // Loopback, private, link-local and metadata addresses in every spelling a driver resolves.
  const hosts = [
    '127.0.0.1',
    'localhost',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '[::ffff:127.0.0.1]',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '0x7f.1',
    '0x7f000001',
    '2130706433',
    '017700000001',
    '127.1',
    '0.0.0.0',
    '169.254.169.254',
    '::ffff:a9fe:a9fe',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    'fd00::1',
    'fe80::1',
  ];
  it.each(hosts.flatMap((host) => [['PostgreSQL', host] as const, ['MySQL', host] as const]))(
    'refuses a %s source on %s, saying how to allow it',
    async (kind, host) => {
      const res = await t.app.inject({
        method: 'POST',
        url: ADD,
        headers: bearer(token),
        payload: kind === 'MySQL' ? mysqlSource(host) : pgSource(host),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/private or local address.*CATALYST_OUTBOUND_ALLOWLIST/);
    },
  );

  it('refuses a PostgreSQL source on a local socket directory (no network at all)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ADD,
      headers: bearer(token),
      payload: pgSource('/var/run/postgresql'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/local socket file/);
  });

  it('refuses a saved source whose host became private when it is opened (checked at connect time)', async () => {
    const pgWarehouse = new PostgresWarehouse({
      host: 'localhost',
      port: 5432,
      database: 'postgres',
      user: 'postgres',
      outbound: { allow: [] },
    });
    await expect(pgWarehouse.testConnection()).rejects.toThrow(/private or local address/);
    await pgWarehouse.close();
    const myWarehouse = new MysqlWarehouse({
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      outbound: { allow: [] },
    });
    await expect(myWarehouse.testConnection()).rejects.toThrow(/private or local address/);
    await myWarehouse.close();
  });
});

describe('database connection errors do not map ports', () => {
  let t: TestApp;
  let token: string;
  const servers: { port: number; close(): Promise<void> }[] = [];
  beforeAll(async () => {
    // The allow-list lets the test reach its own loopback ports, as an operator's list would.
    t = await createTestApp('pglite', { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' });
    token = await t.login();
    servers.push(await tcpServer('close'), await tcpServer('http'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await t?.close();
  });

  const failure = async (source: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: ADD, headers: bearer(token), payload: source });
    expect(res.statusCode, res.body).toBe(400);
    return (res.json().message as string).replace(/:\d+/g, ':PORT');
  };

  it.each([
    ['PostgreSQL', pgSource],
    ['MySQL', mysqlSource],
  ] as const)(
    '%s: a closed port, a port that hangs up and a port that speaks HTTP read alike',
    async (_name, source) => {
      const closed = await failure(source('127.0.0.1', 1));
      const hangUp = await failure(source('127.0.0.1', servers[0]!.port));
      const http = await failure(source('127.0.0.1', servers[1]!.port));
      expect(closed).not.toMatch(/refused|timed out|terminated|reset|closed|protocol|handshake/i);
      expect(hangUp).toBe(closed);
      expect(http).toBe(closed);
      expect(closed).toMatch(/could not connect to 127\.0\.0\.1:PORT/);
    },
  );

  it.skipIf(!hasPostgres)('allows an allow-listed database host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ADD,
      headers: bearer(token),
      payload: pgSource('127.0.0.1'),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Moving the saved source to a private address the list does not name is refused like adding it.
    const connId = res.json().connection.conn_id as number;
    for (const host of ['169.254.169.254', '::ffff:a9fe:a9fe', '10.0.0.1', '127.0.0.2']) {
      const moved = await t.app.inject({
        method: 'POST',
        url: '/api/copilot/db_conn/update_db_conn',
        headers: bearer(token),
        payload: { ...pgSource(host), conn_id: connId },
      });
      expect(moved.statusCode, `${host}: ${moved.body}`).toBe(400);
      expect(moved.json().message, host).toMatch(/private or local address/);
    }
  });
});

describe('BigQuery', () => {
  it('calls only Google: a key file cannot point the client at another token or API host', () => {
    const credentials = buildCredentials({
      method: 'service_account',
      keyFile: JSON.stringify({
        type: 'service_account',
        project_id: 'p',
        private_key_id: 'k',
        private_key: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n',
        client_email: 'sa@p.iam.gserviceaccount.com',
        client_id: '1',
        token_uri: 'http://127.0.0.1:8080/token',
        universe_domain: 'internal.example',
        auth_uri: 'http://169.254.169.254/',
      }),
    });
    expect(credentials).toMatchObject({
      type: 'service_account',
      client_email: 'sa@p.iam.gserviceaccount.com',
    });
    expect(credentials).not.toHaveProperty('token_uri');
    expect(credentials).not.toHaveProperty('universe_domain');
    expect(credentials).not.toHaveProperty('auth_uri');
  });
});
