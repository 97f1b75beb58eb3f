import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MysqlWarehouse } from '../../src/warehouses/mysql';
import { WarehouseError } from '../../src/warehouses/common';
import { SAMPLE_TABLES, randomDbName, sampleSchemaSql } from './sample-schema';

const HOST = process.env.MYSQL_HOST_TEST ?? '127.0.0.1';
const PORT = Number(process.env.MYSQL_PORT_TEST ?? 3306);
const admin = {
  host: HOST,
  port: PORT,
  user: process.env.MYSQL_USER_TEST ?? 'root',
  password: process.env.MYSQL_PASSWORD_TEST ?? '',
};

async function reachable(): Promise<boolean> {
  try {
    const c = await mysql.createConnection({ ...admin, connectTimeout: 3000 });
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const available = await reachable();
if (!available)
  console.warn(
    `SKIPPED: MySQL/MariaDB is not reachable at ${HOST}:${PORT} (these integration tests need it; CI provides it).`,
  );

describe.skipIf(!available)('MysqlWarehouse against a real MySQL/MariaDB', () => {
  const dbName = randomDbName();
  let wh: MysqlWarehouse;
  let seeded: mysql.Connection;

  beforeAll(async () => {
    seeded = await mysql.createConnection(admin);
    await seeded.query(`CREATE DATABASE ${dbName}`);
    await seeded.query(`USE ${dbName}`);
    for (const s of sampleSchemaSql('mysql')) await seeded.query(s);
    await seeded.query(`ANALYZE TABLE customers, products, orders, order_items`);
    wh = new MysqlWarehouse({ ...admin, database: dbName }, { defaultTimeoutMs: 5000 });
  });

  afterAll(async () => {
    await wh?.close();
    await seeded?.query(`DROP DATABASE IF EXISTS ${dbName}`);
    await seeded?.end();
  });

  it('tests the connection', async () => {
    await expect(wh.testConnection()).resolves.toBeUndefined();
  });

  it('lists schemas, tables, columns and foreign keys', async () => {
    const schemas = await wh.listSchemas();
    expect(schemas).toContain(dbName);
    expect(schemas).not.toContain('mysql');
    expect(schemas).not.toContain('information_schema');

    const tables = await wh.listTables(dbName);
    expect(tables.map((t) => t.name).sort()).toEqual(SAMPLE_TABLES);
    expect(tables.every((t) => t.schema === dbName)).toBe(true);

    const cols = await wh.describeColumns(dbName, 'customers');
    expect(cols).toEqual(
      [
        { name: 'id', type: 'int(11)', nullable: false },
        { name: 'name', type: 'varchar(80)', nullable: false },
        { name: 'region', type: 'varchar(20)', nullable: false },
        { name: 'segment', type: 'varchar(20)', nullable: true },
      ].map((c) => (c.name === 'id' && !/\(/.test(cols[0]!.type) ? { ...c, type: 'int' } : c)),
    );

    const fks = await wh.listForeignKeys(dbName);
    expect(fks).toContainEqual({
      schema: dbName,
      table: 'orders',
      columns: ['customer_id'],
      refSchema: dbName,
      refTable: 'customers',
      refColumns: ['id'],
    });
    expect(fks).toContainEqual({
      schema: dbName,
      table: 'order_items',
      columns: ['order_id'],
      refSchema: dbName,
      refTable: 'orders',
      refColumns: ['id'],
    });
    expect(fks).toHaveLength(3);
  });

  it('samples distinct values, most frequent first', async () => {
    expect(await wh.sampleValues(dbName, 'customers', 'region', 10)).toEqual(['Europe', 'Americas', 'Asia']);
    expect(await wh.sampleValues(dbName, 'customers', 'segment', 1)).toEqual(['SMB']);
  });

  it('runs a parameterised read with typed values', async () => {
    const r = await wh.query(
      `SELECT c.region, sum(i.quantity * i.unit_price) AS revenue, min(o.ordered_at) AS first_order, count(*) AS n
         FROM orders o JOIN customers c ON c.id = o.customer_id JOIN order_items i ON i.order_id = o.id
        WHERE o.status = ? GROUP BY c.region ORDER BY c.region`,
      { params: ['shipped'] },
    );
    expect(r.columns.map((c) => c.name)).toEqual(['region', 'revenue', 'first_order', 'n']);
    expect(r.rows).toEqual([
      ['Americas', 110, '2026-02-20', 1],
      ['Europe', 287, '2026-01-05', 3],
    ]);
    expect(r.truncated).toBe(false);
  });

  it('binds values as parameters, never as SQL text', async () => {
    const r = await wh.query('SELECT count(*) FROM customers WHERE name = ?', { params: ["x' OR '1'='1"] });
    expect(r.rows).toEqual([[0]]);
  });

  it('stops at the row limit and says so, and stays usable', async () => {
    const r = await wh.query(
      'SELECT a.id, b.id FROM customers a CROSS JOIN customers b CROSS JOIN products',
      { maxRows: 5 },
    );
    expect(r.rows).toHaveLength(5);
    expect(r.truncated).toBe(true);
    const exact = await wh.query('SELECT id FROM customers', { maxRows: 4 });
    expect(exact.truncated).toBe(false);
    expect(exact.rows).toHaveLength(4);
  });

  it('refuses writes of every kind, DDL included', async () => {
    const attempts = [
      "INSERT INTO customers VALUES (9, 'Evil', 'Nowhere', NULL)",
      "UPDATE customers SET name = 'Evil'",
      'DELETE FROM order_items',
      'CREATE TABLE evil (a int)',
      'DROP TABLE order_items',
      "COMMIT; INSERT INTO customers VALUES (9, 'Evil', 'Nowhere', NULL)",
    ];
    for (const sql of attempts) {
      const err = await wh.query(sql).catch((e: unknown) => e);
      expect(err, sql).toBeInstanceOf(WarehouseError);
    }
    const insert = (await wh.query(attempts[0]!).catch((e: unknown) => e)) as WarehouseError;
    expect(insert.kind).toBe('read_only');
    const [tables] = await seeded.query('SHOW TABLES');
    expect((tables as unknown[]).length).toBe(4);
    const [count] = await seeded.query('SELECT count(*) AS n FROM customers');
    expect((count as { n: number }[])[0]!.n).toBe(4);
    expect((await wh.query('SELECT 1')).rows).toEqual([[1]]);
  });

  it('fails a query promptly when the server kills its connection mid-statement, and the next query works', async () => {
    const locker = await mysql.createConnection({ ...admin, database: dbName });
    await locker.query('LOCK TABLES orders WRITE');
    try {
      const started = Date.now();
      const pending = wh.query('SELECT count(*) FROM orders').catch((e: unknown) => e);
      let blocked: number[] = [];
      while (blocked.length === 0 && Date.now() - started < 5000) {
        await new Promise((r) => setTimeout(r, 50));
        const [rows] = await seeded.query(
          `SELECT id FROM information_schema.processlist WHERE db = ? AND state LIKE '%lock%'`,
          [dbName],
        );
        blocked = (rows as { id: number }[]).map((r) => r.id);
      }
      expect(blocked).toHaveLength(1);
      await seeded.query(`KILL ${Number(blocked[0])}`);
      const err = (await pending) as WarehouseError;
      expect(err).toBeInstanceOf(WarehouseError);
      expect(err.kind).toBe('connect');
      expect(err.message).toMatch(/lost the connection to 127\.0\.0\.1:\d+/);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
    }
    expect((await wh.query('SELECT 1 AS x')).rows).toEqual([[1]]);
  });

  it('stops a query at the statement timeout', async () => {
    const started = Date.now();
    const err = (await wh
      .query('SELECT SLEEP(5) FROM customers', { timeoutMs: 500 })
      .catch((e: unknown) => e)) as WarehouseError;
    // MariaDB interrupts SLEEP() by returning 1 instead of raising; the time limit is what matters.
    if (err instanceof WarehouseError) expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3500);
    const heavy = (await wh
      .query(
        'SELECT count(*) FROM information_schema.columns a, information_schema.columns b, information_schema.columns c',
        { timeoutMs: 300 },
      )
      .catch((e: unknown) => e)) as WarehouseError;
    expect(heavy).toBeInstanceOf(WarehouseError);
    expect(heavy.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(7000);
  });

  it('explains a refused connection and a bad password without echoing it', async () => {
    const refused = new MysqlWarehouse({ host: '127.0.0.1', port: 1, user: 'root' });
    await expect(refused.testConnection()).rejects.toThrow(
      'could not connect to 127.0.0.1:1: no database server accepted the connection. Check the host, the port and that the server accepts connections from Catalyst.',
    );
    await refused.close();

    const bad = new MysqlWarehouse({
      host: HOST,
      port: PORT,
      user: 'catalyst_no_such_user',
      password: 'hunter2-secret',
    });
    const err = (await bad.testConnection().catch((e: unknown) => e)) as WarehouseError;
    expect(err.kind).toBe('auth');
    expect(err.message).toMatch(new RegExp(`^could not connect to ${HOST}:${PORT}: Access denied`));
    expect(err.message).not.toContain('hunter2-secret');
    await bad.close();
  });
});
