import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresWarehouse } from '../../src/warehouses/postgres';
import { WarehouseError } from '../../src/warehouses/common';
import { SAMPLE_TABLES, randomDbName, sampleSchemaSql } from './sample-schema';

const HOST = process.env.PGHOST_TEST ?? '127.0.0.1';
const PORT = Number(process.env.PGPORT_TEST ?? 5432);
const admin = {
  host: HOST,
  port: PORT,
  user: 'postgres',
  password: process.env.PGPASSWORD_TEST ?? '',
  database: 'postgres',
};

async function reachable(): Promise<boolean> {
  const c = new pg.Client({ ...admin, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const available = await reachable();
if (!available)
  console.warn(
    `SKIPPED: PostgreSQL is not reachable at ${HOST}:${PORT} (these integration tests need it; CI provides it).`,
  );

describe.skipIf(!available)('PostgresWarehouse against a real PostgreSQL', () => {
  const dbName = randomDbName();
  let wh: PostgresWarehouse;
  let seeded: pg.Client;

  beforeAll(async () => {
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    seeded = new pg.Client({ ...admin, database: dbName });
    await seeded.connect();
    await seeded.query('CREATE SCHEMA shop');
    await seeded.query('SET search_path = shop');
    for (const s of sampleSchemaSql('postgres')) await seeded.query(s);
    await seeded.query('ANALYZE');
    wh = new PostgresWarehouse(
      { host: HOST, port: PORT, database: dbName, user: 'postgres', password: admin.password },
      { defaultTimeoutMs: 5000 },
    );
  });

  afterAll(async () => {
    await wh?.close();
    await seeded?.end();
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it('tests the connection', async () => {
    await expect(wh.testConnection()).resolves.toBeUndefined();
  });

  it('lists schemas, tables, columns and foreign keys', async () => {
    const schemas = await wh.listSchemas();
    expect(schemas).toContain('shop');
    expect(schemas).toContain('public');
    expect(schemas).not.toContain('pg_catalog');

    const tables = await wh.listTables('shop');
    expect(tables.map((t) => t.name)).toEqual(SAMPLE_TABLES);
    expect(tables.find((t) => t.name === 'customers')?.rowCount).toBe(4);

    const cols = await wh.describeColumns('shop', 'customers');
    expect(cols).toEqual([
      { name: 'id', type: 'integer', nullable: false },
      { name: 'name', type: 'character varying(80)', nullable: false },
      { name: 'region', type: 'character varying(20)', nullable: false },
      { name: 'segment', type: 'character varying(20)', nullable: true },
    ]);

    const fks = await wh.listForeignKeys('shop');
    expect(fks).toContainEqual({
      schema: 'shop',
      table: 'orders',
      columns: ['customer_id'],
      refSchema: 'shop',
      refTable: 'customers',
      refColumns: ['id'],
    });
    expect(fks).toContainEqual({
      schema: 'shop',
      table: 'order_items',
      columns: ['product_id'],
      refSchema: 'shop',
      refTable: 'products',
      refColumns: ['id'],
    });
    expect(fks).toHaveLength(3);
  });

  it('samples distinct values, most frequent first', async () => {
    expect(await wh.sampleValues('shop', 'customers', 'region', 10)).toEqual(['Europe', 'Americas', 'Asia']);
    expect(await wh.sampleValues('shop', 'customers', 'segment', 1)).toEqual(['SMB']);
  });

  it('runs a parameterised read with typed values', async () => {
    const r = await wh.query(
      `SELECT c.region, sum(i.quantity * i.unit_price) AS revenue, min(o.ordered_at) AS first_order, count(*)::bigint AS n
         FROM shop.orders o JOIN shop.customers c ON c.id = o.customer_id JOIN shop.order_items i ON i.order_id = o.id
        WHERE o.status = $1 GROUP BY 1 ORDER BY 1`,
      { params: ['shipped'] },
    );
    expect(r.columns.map((c) => c.name)).toEqual(['region', 'revenue', 'first_order', 'n']);
    expect(r.columns[1]?.type).toBe('numeric');
    expect(r.rows).toEqual([
      ['Americas', 110, '2026-02-20', 1],
      ['Europe', 287, '2026-01-05', 3],
    ]);
    expect(r.truncated).toBe(false);
  });

  it('binds values as parameters, never as SQL text', async () => {
    const evil = "x' OR '1'='1";
    const r = await wh.query('SELECT count(*)::int FROM shop.customers WHERE name = $1', { params: [evil] });
    expect(r.rows).toEqual([[0]]);
  });

  it('stops at the row limit and says so', async () => {
    const r = await wh.query('SELECT g FROM generate_series(1, 1000) g', { maxRows: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.truncated).toBe(true);
    const exact = await wh.query('SELECT g FROM generate_series(1, 10) g', { maxRows: 10 });
    expect(exact.truncated).toBe(false);
  });

  it('refuses writes of every kind', async () => {
    const attempts = [
      "INSERT INTO shop.customers VALUES (9, 'Evil', 'Nowhere', NULL)",
      "UPDATE shop.customers SET name = 'Evil'",
      'DELETE FROM shop.order_items',
      'CREATE TABLE shop.evil (a int)',
      'DROP TABLE shop.order_items',
      // A smuggled COMMIT: the extended protocol rejects a second statement outright.
      "COMMIT; INSERT INTO shop.customers VALUES (9, 'Evil', 'Nowhere', NULL)",
    ];
    for (const sql of attempts) {
      const err = await wh.query(sql).catch((e: unknown) => e);
      expect(err, sql).toBeInstanceOf(WarehouseError);
    }
    const insert = await wh.query(attempts[0]!).catch((e: WarehouseError) => e);
    expect((insert as WarehouseError).kind).toBe('read_only');
    expect((insert as WarehouseError).message).toMatch(/read-only/);
    const count = await seeded.query('SELECT count(*)::int AS n FROM customers');
    expect(count.rows[0].n).toBe(4);
    expect((await seeded.query('SELECT count(*)::int AS n FROM order_items')).rows[0].n).toBe(6);
    // The connection is still usable after the refusals.
    expect((await wh.query('SELECT 1 AS one')).rows).toEqual([[1]]);
  });

  it('stops a query at the statement timeout', async () => {
    const started = Date.now();
    const err = (await wh
      .query('SELECT pg_sleep(5)', { timeoutMs: 300 })
      .catch((e: unknown) => e)) as WarehouseError;
    expect(err).toBeInstanceOf(WarehouseError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/300 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('fails a query promptly when the server ends its session mid-statement, and the next query works', async () => {
    const locker = new pg.Client({ ...admin, database: dbName });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE shop.orders IN ACCESS EXCLUSIVE MODE');
    try {
      const started = Date.now();
      const pending = wh.query('SELECT count(*) FROM shop.orders').catch((e: unknown) => e);
      let blocked: number[] = [];
      while (blocked.length === 0 && Date.now() - started < 5000) {
        await new Promise((r) => setTimeout(r, 50));
        blocked = (
          await seeded.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
            [dbName],
          )
        ).rows.map((r) => r.pid);
      }
      expect(blocked).toHaveLength(1);
      await seeded.query('SELECT pg_terminate_backend($1)', [blocked[0]]);
      const err = (await pending) as WarehouseError;
      expect(err).toBeInstanceOf(WarehouseError);
      expect(err.kind).toBe('connect');
      expect(err.message).toMatch(/lost the connection to 127\.0\.0\.1:\d+/);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await wh.query('SELECT 1')).rows).toEqual([[1]]);
  });

  it('explains a refused connection, a bad database and a bad password without echoing the password', async () => {
    const refused = new PostgresWarehouse({ host: '127.0.0.1', port: 1, database: 'x', user: 'postgres' });
    await expect(refused.testConnection()).rejects.toThrow(
      'could not connect to 127.0.0.1:1: no database server accepted the connection. Check the host, the port and that the server accepts connections from Catalyst.',
    );
    await refused.close();

    const noDb = new PostgresWarehouse({
      host: HOST,
      port: PORT,
      database: 'catalyst_no_such_db',
      user: 'postgres',
      password: 'hunter2-secret',
    });
    const err = (await noDb.testConnection().catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      `could not connect to ${HOST}:${PORT}: database "catalyst_no_such_db" does not exist`,
    );
    expect(err.message).not.toContain('hunter2-secret');
    await noDb.close();
  });
});
