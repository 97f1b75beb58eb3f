import type { TQueryPlan } from '@catalyst/contracts';
import { compilePlan, inferJoins, type SemanticModel, type Warehouse } from '@catalyst/engine';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MysqlWarehouse } from '../../src/warehouses/mysql';
import { PostgresWarehouse } from '../../src/warehouses/postgres';
import { randomDbName } from './sample-schema';

/*
 * The engine's SQL for joins that could fan out, and for dates kept as text, run on a real
 * PostgreSQL and a real MariaDB/MySQL (packages/engine/test/joins.test.ts checks the same numbers
 * on DuckDB). Customers (one) have orders and refunds (many); orders belong to a store.
 */
const DATA = [
  'CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, segment VARCHAR(20), credit_limit DECIMAL(10,2))',
  "INSERT INTO customers VALUES (1, 'Consumer', 100), (2, 'Consumer', 200), (3, 'Corporate', 1000), (4, 'Corporate', 50)",
  'CREATE TABLE stores (store_id INTEGER PRIMARY KEY, region VARCHAR(20))',
  "INSERT INTO stores VALUES (1, 'Europe'), (2, 'Asia')",
  'CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER, store_id INTEGER, channel VARCHAR(20), amount DECIMAL(10,2), order_date DATE)',
  `INSERT INTO orders VALUES (1, 1, 1, 'Online', 10, '2026-01-05'), (2, 1, 1, 'Online', 20, '2026-01-20'),
    (3, 1, 2, 'Store', 30, '2026-02-03'), (4, 2, 1, 'Online', 40, '2026-02-10'), (5, 3, 2, 'Store', 50, '2026-02-11'),
    (6, 3, 2, 'Store', 60, '2026-03-01'), (7, 3, 1, 'Online', 70, '2026-03-15')`,
  'CREATE TABLE refunds (refund_id INTEGER PRIMARY KEY, customer_id INTEGER, refund DECIMAL(10,2))',
  'INSERT INTO refunds VALUES (1, 1, 5), (2, 1, 6), (3, 3, 7), (4, 4, 8)',
  'CREATE TABLE prices (day VARCHAR(20), us_day VARCHAR(20), close_price VARCHAR(20))',
  `INSERT INTO prices VALUES ('Jan 3 2000', '01/03/2000', '1,010.5'), ('Jan 31 2000', '01/31/2000', '990'),
    ('Feb 1 2000', '02/01/2000', '1,020'), ('Feb 15 2000', '02/15/2000', '15.25'), ('not a date', 'n/a', 'n/a')`,
];

function model(schema: string): SemanticModel {
  const col = (
    table: string,
    name: string,
    kind: 'number' | 'text' | 'date',
    type: string,
    format?: string,
  ) => ({
    table,
    name,
    label: name,
    definition: '',
    entityType: kind === 'number' ? ('KPI' as const) : ('ATTRIBUTE' as const),
    kind,
    type,
    format,
    isKey: name.endsWith('_id'),
    isTime: kind === 'date',
    synonyms: [],
    distinctCount: null,
    values: [],
  });
  const table = (name: string, columns: ReturnType<typeof col>[]) => ({
    schema,
    name,
    label: name,
    synonyms: [],
    rowCount: null,
    primaryKey: [],
    freshness: null,
    columns,
  });
  const fk = (from: string, to: string, column: string) => ({
    from: [{ table: from, column }],
    to: [{ table: to, column }],
  });
  return {
    tables: [
      table('customers', [
        col('customers', 'customer_id', 'number', 'integer'),
        col('customers', 'segment', 'text', 'varchar'),
        col('customers', 'credit_limit', 'number', 'decimal'),
      ]),
      table('stores', [
        col('stores', 'store_id', 'number', 'integer'),
        col('stores', 'region', 'text', 'varchar'),
      ]),
      table('orders', [
        col('orders', 'order_id', 'number', 'integer'),
        col('orders', 'customer_id', 'number', 'integer'),
        col('orders', 'store_id', 'number', 'integer'),
        col('orders', 'channel', 'text', 'varchar'),
        col('orders', 'amount', 'number', 'decimal'),
        col('orders', 'order_date', 'date', 'date'),
      ]),
      table('refunds', [
        col('refunds', 'refund_id', 'number', 'integer'),
        col('refunds', 'customer_id', 'number', 'integer'),
        col('refunds', 'refund', 'number', 'decimal'),
      ]),
      table('prices', [
        col('prices', 'day', 'date', 'varchar', '%b %d %Y'),
        col('prices', 'us_day', 'date', 'varchar', '%m/%d/%Y'),
        col('prices', 'close_price', 'number', 'varchar'),
      ]),
    ],
    metrics: [],
    joins: [
      fk('orders', 'customers', 'customer_id'),
      fk('orders', 'stores', 'store_id'),
      fk('refunds', 'customers', 'customer_id'),
    ],
  };
}

const ref = (table: string, column: string) => ({ table, column });
const plan = (p: Partial<TQueryPlan> & Pick<TQueryPlan, 'table' | 'measures'>): TQueryPlan => ({
  intent: 'breakdown',
  dimensions: [],
  columns: [],
  distinct: false,
  filters: [],
  filterLogic: 'and',
  having: [],
  order: [],
  share: false,
  ...p,
});
const countCustomers = { agg: 'count' as const, label: 'Customers' };

/** The same checks on each database: the numbers a join first would get wrong. */
function checks(get: () => { warehouse: Warehouse; model: SemanticModel }) {
  const run = async (p: TQueryPlan) => {
    const { warehouse, model } = get();
    const q = compilePlan(p, model, warehouse.dialect);
    const r = await warehouse.query(q.sql, { params: q.params });
    return r.rows.map((row) =>
      row.map((v) => (v === null ? null : typeof v === 'string' && !/^-?[\d.]+$/.test(v) ? v : Number(v))),
    );
  };
  const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

  it('counts each customer once however many of their orders pass a filter (3, not 4)', async () => {
    expect(
      await run(
        plan({
          table: 'customers',
          measures: [countCustomers],
          filters: [{ column: ref('orders', 'channel'), op: 'eq', values: ['Online'] }],
        }),
      ),
    ).toEqual([[3]]);
  });
  it('sums credit limits by the channels customers ordered through (1300 / 1100)', async () => {
    const rows = await run(
      plan({
        table: 'customers',
        measures: [{ agg: 'sum', column: ref('customers', 'credit_limit'), label: 'Credit' }],
        dimensions: [{ column: ref('orders', 'channel'), label: 'Channel' }],
      }),
    );
    expect(sorted(rows)).toEqual(
      sorted([
        ['Online', 1300],
        ['Store', 1100],
      ]),
    );
  });
  it('counts customers by the region of the stores they bought from, two steps away', async () => {
    const rows = await run(
      plan({
        table: 'customers',
        measures: [countCustomers],
        dimensions: [{ column: ref('stores', 'region'), label: 'R' }],
      }),
    );
    expect(sorted(rows)).toEqual(
      sorted([
        ['Europe', 3],
        ['Asia', 2],
      ]),
    );
  });
  it('sums two facts of one customer side by side, each once, and keeps a group only one has', async () => {
    const amount = { agg: 'sum' as const, column: ref('orders', 'amount'), label: 'Amount' };
    const refunds = { agg: 'sum' as const, column: ref('refunds', 'refund'), label: 'Refunds' };
    expect(
      sorted(
        await run(
          plan({
            table: 'orders',
            measures: [amount, refunds],
            dimensions: [{ column: ref('customers', 'segment'), label: 'S' }],
          }),
        ),
      ),
    ).toEqual(
      sorted([
        ['Consumer', 100, 11],
        ['Corporate', 180, 15],
      ]),
    );
    expect(
      await run(
        plan({
          table: 'orders',
          measures: [amount, refunds],
          dimensions: [{ column: ref('customers', 'customer_id'), label: 'C' }],
          order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
        }),
      ),
    ).toEqual([
      [1, 60, 11],
      [2, 40, null],
      [3, 180, 7],
      [4, null, 8],
    ]);
    expect(await run(plan({ table: 'orders', measures: [amount, refunds] }))).toEqual([[280, 26]]);
  });
  it('filters the fact by a period while counting its customers (February: 3)', async () => {
    expect(
      await run(
        plan({
          table: 'customers',
          measures: [countCustomers],
          timeRange: {
            column: ref('orders', 'order_date'),
            from: '2026-02-01',
            to: '2026-03-01',
            label: 'Feb',
          },
          having: [{ measure: 0, op: 'gte', value: 1 }],
        }),
      ),
    ).toEqual([[3]]);
  });
  it('reads dates and numbers kept as text with their format', async () => {
    for (const column of ['day', 'us_day']) {
      const rows = await run(
        plan({
          intent: 'trend',
          table: 'prices',
          measures: [{ agg: 'sum', column: ref('prices', 'close_price'), label: 'Close' }],
          dimensions: [{ column: ref('prices', column), grain: 'month', label: 'Month' }],
        }),
      );
      const byMonth = rows.map(([m, v]) => [
        m === null ? null : new Date(String(m)).toISOString().slice(0, 7),
        v,
      ]);
      expect(sorted(byMonth), column).toEqual(
        sorted([
          ['2000-01', 2000.5],
          ['2000-02', 1035.25],
          [null, null],
        ]),
      );
    }
  });
  it('infers joins by names and values with portable SQL', async () => {
    const { warehouse, model: m } = get();
    const tables = m.tables.map((t) => ({
      ...t,
      rowCount: { customers: 4, stores: 2, orders: 7, refunds: 4, prices: 5 }[t.name]!,
      columns: t.columns.map((c) => ({
        name: c.name,
        distinctCount:
          c.name === `${t.name.replace(/s$/, '')}_id`
            ? { customers: 4, stores: 2, orders: 7, refunds: 4 }[t.name]!
            : 1,
      })),
    }));
    const joins = await inferJoins(warehouse, tables);
    expect(joins.map((j) => `${j.from[0]!.table}.${j.from[0]!.column}>${j.to[0]!.table}`).sort()).toEqual([
      'orders.customer_id>customers',
      'orders.store_id>stores',
      'refunds.customer_id>customers',
    ]);
  });
}

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', password: process.env.PGPASSWORD_TEST ?? '' };
const pgUp = await (async () => {
  const c = new pg.Client({ ...PG, database: 'postgres', connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
})();
const MY = { host: '127.0.0.1', port: 3306, user: 'root', password: process.env.MYSQL_PASSWORD_TEST ?? '' };
const myUp = await mysql
  .createConnection({ ...MY, connectTimeout: 3000 })
  .then(async (c) => (await c.end(), true))
  .catch(() => false);

describe.skipIf(!pgUp)('joins and text dates on a real PostgreSQL', () => {
  const db = randomDbName();
  let warehouse: PostgresWarehouse;
  beforeAll(async () => {
    const admin = new pg.Client({ ...PG, database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.end();
    const c = new pg.Client({ ...PG, database: db });
    await c.connect();
    await c.query('CREATE SCHEMA shop; SET search_path = shop');
    for (const s of DATA) await c.query(s);
    await c.end();
    warehouse = new PostgresWarehouse({ ...PG, database: db }, { defaultTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await warehouse?.close();
    const admin = new pg.Client({ ...PG, database: 'postgres' });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin.end();
  });
  checks(() => ({ warehouse, model: model('shop') }));
});

describe.skipIf(!myUp)('joins and text dates on a real MariaDB / MySQL', () => {
  const db = randomDbName();
  let warehouse: MysqlWarehouse;
  let admin: mysql.Connection;
  beforeAll(async () => {
    admin = await mysql.createConnection(MY);
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.query(`USE ${db}`);
    for (const s of DATA) await admin.query(s);
    warehouse = new MysqlWarehouse({ ...MY, database: db }, { defaultTimeoutMs: 10_000 });
  });
  afterAll(async () => {
    await warehouse?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin?.end();
  });
  checks(() => ({ warehouse, model: model(db) }));
});
