import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TQueryPlan } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSemanticModel } from '../src/model/build';
import { compilePlan, fansOut } from '../src/sql/compile';
import { DuckDbWarehouse } from '../src/warehouse/duckdb';
import { generateRetailDemo } from '../src/demo/retail-demo';
import { demoDerivedMetrics } from '../src/demo/demo-metrics';
import { loadDataDir } from '../src/eval/load';
import type { SemanticModel } from '../src/model/types';

/*
 * Customers (one) have orders and returns (many); orders belong to a store (many-to-one).
 *
 *   customer  segment    credit   orders (channel, store, amount, date)               returns
 *   1         Consumer   100      Online/Eu 10 Jan 5, Online/Eu 20 Jan 20, Store/As 30 Feb 3   5, 6
 *   2         Consumer   200      Online/Eu 40 Feb 10                                 -
 *   3         Corporate  1000     Store/As 50 Feb 11, Store/As 60 Mar 1, Online/Eu 70 Mar 15   7
 *   4         Corporate  50       -                                                   8
 */
const SETUP = `
CREATE TABLE customers (customer_id INTEGER, segment VARCHAR, credit_limit DOUBLE);
INSERT INTO customers VALUES (1, 'Consumer', 100), (2, 'Consumer', 200), (3, 'Corporate', 1000), (4, 'Corporate', 50);
CREATE TABLE stores (store_id INTEGER, region VARCHAR);
INSERT INTO stores VALUES (1, 'Europe'), (2, 'Asia');
CREATE TABLE orders (order_id INTEGER, customer_id INTEGER, store_id INTEGER, channel VARCHAR, amount DOUBLE, order_date DATE);
INSERT INTO orders VALUES
  (1, 1, 1, 'Online', 10, '2026-01-05'), (2, 1, 1, 'Online', 20, '2026-01-20'), (3, 1, 2, 'Store', 30, '2026-02-03'),
  (4, 2, 1, 'Online', 40, '2026-02-10'), (5, 3, 2, 'Store', 50, '2026-02-11'), (6, 3, 2, 'Store', 60, '2026-03-01'),
  (7, 3, 1, 'Online', 70, '2026-03-15');
CREATE TABLE returns (return_id INTEGER, customer_id INTEGER, refund DOUBLE);
INSERT INTO returns VALUES (1, 1, 5), (2, 1, 6), (3, 3, 7), (4, 4, 8);
`;

let warehouse: DuckDbWarehouse;
let model: SemanticModel;
beforeAll(async () => {
  warehouse = await DuckDbWarehouse.create();
  for (const statement of SETUP.split(';').filter((s) => s.trim())) await warehouse.exec(statement);
  const fk = (table: string, column: string, refTable: string) => ({
    schema: 'main',
    table,
    columns: [column],
    refSchema: 'main',
    refTable,
    refColumns: [column],
  });
  warehouse.setForeignKeys([
    fk('orders', 'customer_id', 'customers'),
    fk('orders', 'store_id', 'stores'),
    fk('returns', 'customer_id', 'customers'),
  ]);
  model = await buildSemanticModel(warehouse, 'main', undefined, {
    primaryKeys: {
      customers: ['customer_id'],
      stores: ['store_id'],
      orders: ['order_id'],
      returns: ['return_id'],
    },
  });
});
afterAll(async () => warehouse.close());

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
const run = async (p: TQueryPlan, dialect: 'duckdb' = 'duckdb') => {
  const q = compilePlan(p, model, dialect);
  const r = await warehouse.query(q.sql, { params: q.params });
  return { sql: q.sql, rows: r.rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v))) };
};
const rowsOf = async (sql: string) =>
  (await warehouse.query(sql)).rows.map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

const countCustomers = { agg: 'count' as const, label: 'Customers' };
const creditLimit = { agg: 'sum' as const, column: ref('customers', 'credit_limit'), label: 'Credit limit' };
const amount = { agg: 'sum' as const, column: ref('orders', 'amount'), label: 'Amount' };
const refunds = { agg: 'sum' as const, column: ref('returns', 'refund'), label: 'Refunds' };
const byRegion = { column: ref('stores', 'region'), label: 'Region' };
const bySegment = { column: ref('customers', 'segment'), label: 'Segment' };
const byChannel = { column: ref('orders', 'channel'), label: 'Channel' };

describe('measures of a fact by attributes of its parents: a plain join', () => {
  it('sums order amounts by the region of their store and the segment of their customer', async () => {
    const p = plan({ table: 'orders', measures: [amount], dimensions: [byRegion, bySegment] });
    expect(fansOut(p, model)).toBe(false);
    const { sql, rows } = await run(p);
    expect(sql).not.toContain('SELECT DISTINCT');
    expect(sorted(rows)).toEqual(
      sorted([
        ['Europe', 'Consumer', 70],
        ['Asia', 'Consumer', 30],
        ['Europe', 'Corporate', 70],
        ['Asia', 'Corporate', 110],
      ]),
    );
    expect(sorted(rows)).toEqual(
      sorted(
        await rowsOf(`SELECT s.region, c.segment, sum(o.amount) FROM orders o
          JOIN stores s ON s.store_id = o.store_id JOIN customers c ON c.customer_id = o.customer_id GROUP BY 1, 2`),
      ),
    );
  });
});

describe('no double counting through one-to-many joins', () => {
  it('counts each customer once however many of their orders pass a filter', async () => {
    const p = plan({
      table: 'customers',
      measures: [countCustomers],
      filters: [{ column: ref('orders', 'channel'), op: 'eq', values: ['Online'] }],
    });
    expect(fansOut(p, model)).toBe(true);
    const { rows } = await run(p);
    expect(rows).toEqual([[3]]);
    expect(rows).toEqual(
      await rowsOf(
        "SELECT count(*) FROM customers WHERE customer_id IN (SELECT customer_id FROM orders WHERE channel = 'Online')",
      ),
    );
    // What joining first would have said: one row per online order.
    expect(
      await rowsOf(
        "SELECT count(*) FROM customers c JOIN orders o ON o.customer_id = c.customer_id WHERE channel = 'Online'",
      ),
    ).toEqual([[4]]);
  });

  it("sums the customers' credit limits by the channels they ordered through", async () => {
    const { rows } = await run(
      plan({ table: 'customers', measures: [creditLimit], dimensions: [byChannel] }),
    );
    expect(sorted(rows)).toEqual(
      sorted([
        ['Online', 1300],
        ['Store', 1100],
      ]),
    );
    expect(sorted(rows)).toEqual(
      sorted(
        await rowsOf(`SELECT x.channel, sum(c.credit_limit) FROM customers c
          JOIN (SELECT DISTINCT customer_id, channel FROM orders) x ON x.customer_id = c.customer_id GROUP BY 1`),
      ),
    );
  });

  it('counts customers by the region of the stores they bought from (two steps away)', async () => {
    const { rows } = await run(
      plan({ table: 'customers', measures: [countCustomers], dimensions: [byRegion] }),
    );
    expect(sorted(rows)).toEqual(
      sorted([
        ['Europe', 3],
        ['Asia', 2],
      ]),
    );
    expect(sorted(rows)).toEqual(
      sorted(
        await rowsOf(`SELECT s.region, count(DISTINCT o.customer_id) FROM orders o
          JOIN stores s ON s.store_id = o.store_id GROUP BY 1`),
      ),
    );
  });

  it('sums two facts of one customer side by side, each once (orders 100 / refunds 11 for Consumer)', async () => {
    const p = plan({ table: 'orders', measures: [amount, refunds], dimensions: [bySegment] });
    expect(fansOut(p, model)).toBe(true);
    const { rows } = await run(p);
    expect(sorted(rows)).toEqual(
      sorted([
        ['Consumer', 100, 11],
        ['Corporate', 180, 15],
      ]),
    );
    expect(sorted(rows)).toEqual(
      sorted(
        await rowsOf(`SELECT c.segment,
            (SELECT sum(amount) FROM orders o JOIN customers c2 USING (customer_id) WHERE c2.segment = c.segment),
            (SELECT sum(refund) FROM returns r JOIN customers c3 USING (customer_id) WHERE c3.segment = c.segment)
          FROM (SELECT DISTINCT segment FROM customers) c`),
      ),
    );
    // Joining both facts to their customer first doubles customer 1's orders (two returns).
    expect(
      await rowsOf(`SELECT sum(o.amount) FROM orders o JOIN customers c USING (customer_id)
        JOIN returns r ON r.customer_id = c.customer_id WHERE c.segment = 'Consumer'`),
    ).toEqual([[120]]);
  });

  it('keeps a group only one fact has, and totals two facts without grouping', async () => {
    const byCustomer = { column: ref('customers', 'customer_id'), label: 'Customer' };
    const { rows } = await run(
      plan({
        table: 'orders',
        measures: [amount, refunds],
        dimensions: [byCustomer],
        order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
      }),
    );
    expect(rows).toEqual([
      [1, 60, 11],
      [2, 40, null],
      [3, 180, 7],
      [4, null, 8],
    ]);
    expect((await run(plan({ table: 'orders', measures: [amount, refunds] }))).rows).toEqual([[280, 26]]);
  });

  it('filters the fact by a period while counting its customers (February: 3 customers, 2 Consumer)', async () => {
    const feb = {
      column: ref('orders', 'order_date'),
      from: '2026-02-01',
      to: '2026-03-01',
      label: 'February',
    };
    expect(
      (await run(plan({ table: 'customers', measures: [countCustomers], timeRange: feb }))).rows,
    ).toEqual([[3]]);
    const { rows } = await run(
      plan({ table: 'customers', measures: [countCustomers], dimensions: [bySegment], timeRange: feb }),
    );
    expect(sorted(rows)).toEqual(
      sorted(
        await rowsOf(`SELECT c.segment, count(DISTINCT c.customer_id) FROM customers c JOIN orders o USING (customer_id)
          WHERE o.order_date >= DATE '2026-02-01' AND o.order_date < DATE '2026-03-01' GROUP BY 1`),
      ),
    );
    expect(sorted(rows)).toEqual(
      sorted([
        ['Consumer', 2],
        ['Corporate', 1],
      ]),
    );
  });

  it('orders, limits, filters on the measure and takes shares after aggregating', async () => {
    const top = await run(
      plan({
        table: 'customers',
        measures: [countCustomers],
        dimensions: [byRegion],
        order: [{ kind: 'measure', index: 0, dir: 'desc' }],
        limit: 1,
      }),
    );
    expect(top.rows).toEqual([['Europe', 3]]);
    const atLeast3 = await run(
      plan({
        table: 'customers',
        measures: [countCustomers],
        dimensions: [byRegion],
        having: [{ measure: 0, op: 'gte', value: 3 }],
      }),
    );
    expect(atLeast3.rows).toEqual([['Europe', 3]]);
    const share = await run(
      plan({ table: 'customers', measures: [creditLimit], dimensions: [byChannel], share: true }),
    );
    expect(sorted(share.rows.map(([c, v]) => [c, Math.round(Number(v) * 1000) / 1000]))).toEqual(
      sorted([
        ['Online', Math.round((1300 / 2400) * 1000) / 1000],
        ['Store', Math.round((1100 / 2400) * 1000) / 1000],
      ]),
    );
  });
});

describe('the SQL of a pre-aggregated plan in every dialect', () => {
  const p = plan({
    table: 'orders',
    measures: [amount, refunds],
    dimensions: [bySegment],
    filters: [{ column: ref('customers', 'segment'), op: 'neq', values: ["x'; DROP TABLE orders; --"] }],
    having: [{ measure: 0, op: 'gt', value: 1 }],
  });
  it('binds every value and quotes every identifier', () => {
    const duck = compilePlan(p, model, 'duckdb');
    expect(duck.sql).not.toContain('DROP');
    // The filter appears in each fact's aggregate, twice each (keys and values), then the HAVING value.
    expect(duck.params).toEqual([...Array(4).fill("x'; DROP TABLE orders; --"), 1]);
    const pg = compilePlan(p, model, 'postgres');
    expect(pg.sql).toContain('$1');
    expect(pg.sql).toContain('r.m0 > $5');
    expect(pg.sql).toContain('IS NOT DISTINCT FROM');
    const my = compilePlan(p, model, 'mysql');
    expect(my.sql).toContain('`customers`');
    expect(my.sql).toContain('<=>');
    expect(my.sql).not.toMatch(/"[a-z_]+"/);
    expect(compilePlan(p, model, 'bigquery').sql).toContain('`returns`');
  });
});

describe('the demo star schema', () => {
  let dir: string;
  let demo: { warehouse: DuckDbWarehouse; model: SemanticModel };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'catalyst-joins-'));
    generateRetailDemo(dir, { end: new Date('2026-11-22T00:00:00Z') });
    demo = await loadDataDir(dir);
    demo.model.metrics = demoDerivedMetrics(demo.model);
  });
  afterAll(async () => {
    await demo.warehouse.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const demoRun = async (p: TQueryPlan) => {
    const q = compilePlan(p, demo.model, 'duckdb');
    return { sql: q.sql, rows: (await demo.warehouse.query(q.sql, { params: q.params })).rows };
  };
  const same = async (p: TQueryPlan, sql: string) => {
    const { rows, sql: compiled } = await demoRun(p);
    const norm = (rs: unknown[][]) =>
      sorted(rs.map((r) => r.map((v) => (typeof v === 'number' ? Math.round(v * 100) / 100 : String(v)))));
    expect(norm(rows)).toEqual(norm((await demo.warehouse.query(sql)).rows));
    return compiled;
  };

  it('reads revenue and the average order value by region through the store (plain join)', async () => {
    const sql = await same(
      plan({
        table: 'orders',
        measures: [
          { agg: 'sum', column: ref('orders', 'revenue'), label: 'Revenue' },
          { agg: 'sum', metric: 'average_order_value', label: 'Average Order Value' },
        ],
        dimensions: [byRegion],
      }),
      `SELECT s.region, sum(o.revenue), sum(o.revenue) / count(DISTINCT o.order_id)
       FROM orders o JOIN stores s ON s.store_id = o.store_id GROUP BY 1`,
    );
    expect(sql).not.toContain(') AS r');
  });

  it('counts customers by the region they bought in, each once per region', async () => {
    await same(
      plan({ table: 'customers', measures: [countCustomers], dimensions: [byRegion] }),
      `SELECT s.region, count(DISTINCT o.customer_id) FROM orders o JOIN stores s ON s.store_id = o.store_id GROUP BY 1`,
    );
  });

  it('filters returns of Electronics products by customer segment', async () => {
    await same(
      plan({
        table: 'orders',
        measures: [{ agg: 'sum', metric: 'return_rate', label: 'Return Rate' }],
        dimensions: [{ column: ref('customers', 'customer_segment'), label: 'Segment' }],
        filters: [{ column: ref('products', 'category'), op: 'eq', values: ['Electronics'] }],
      }),
      `SELECT c.customer_segment, avg(CASE WHEN returned THEN 1 ELSE 0 END) FROM orders o
       JOIN customers c ON c.customer_id = o.customer_id JOIN products p ON p.product_id = o.product_id
       WHERE p.category = 'Electronics' GROUP BY 1`,
    );
  });
});

describe('rows kept by the rows that refer to them', () => {
  const related = (op: 'gt' | 'gte' | 'lt' | 'lte' | 'eq', value: number, extra = {}) => ({
    of: 'customers',
    table: 'orders',
    op,
    value,
    label: 'with orders',
    ...extra,
  });

  it('lists the customers with no orders (NOT EXISTS, not a join that loses them)', async () => {
    const p = plan({ table: 'customers', measures: [], columns: [ref('customers', 'customer_id')] });
    const { sql, rows } = await run({ ...p, intent: 'list', related: [related('eq', 0)] });
    expect(sql).toContain('NOT EXISTS');
    expect(rows).toEqual([[4]]);
  });

  it('counts the customers with at least one order, and those with more than two', async () => {
    expect(
      (await run(plan({ table: 'customers', measures: [countCustomers], related: [related('gte', 1)] })))
        .rows,
    ).toEqual([[3]]);
    const { sql, rows } = await run(
      plan({ table: 'customers', measures: [countCustomers], related: [related('gt', 2)] }),
    );
    expect(sql).toContain('COUNT(*)');
    expect(rows).toEqual([[2]]);
  });

  it('counts only the referring rows that meet their own conditions and period', async () => {
    // Online orders in February: only customer 2's (Feb 10).
    const p = plan({
      table: 'customers',
      measures: [],
      columns: [ref('customers', 'customer_id')],
      related: [
        related('gte', 1, {
          where: [{ column: ref('orders', 'channel'), op: 'eq', values: ['Online'] }],
          during: {
            column: ref('orders', 'order_date'),
            from: '2026-02-01',
            to: '2026-03-01',
            label: 'February',
          },
        }),
      ],
    });
    expect((await run({ ...p, intent: 'list' })).rows).toEqual([[2]]);
    // …and the customers with no order in March: 1, 2 and 4, by segment.
    const q = plan({
      table: 'customers',
      measures: [countCustomers],
      dimensions: [bySegment],
      related: [
        related('eq', 0, {
          during: {
            column: ref('orders', 'order_date'),
            from: '2026-03-01',
            to: '2026-04-01',
            label: 'March',
          },
        }),
      ],
    });
    expect(sorted((await run(q)).rows)).toEqual(
      sorted([
        ['Consumer', 2],
        ['Corporate', 1],
      ]),
    );
  });

  it('keeps the condition beside a measure of another table (summed once per row)', async () => {
    // Refunds of the customers who ordered more than once: customers 1 and 3.
    const p = plan({ table: 'customers', measures: [refunds], related: [related('gte', 2)] });
    expect((await run(p)).rows).toEqual([[18]]);
  });

  it('refuses a table that does not refer to the kept one', () => {
    const p = plan({
      table: 'customers',
      measures: [countCustomers],
      related: [{ ...related('eq', 0), table: 'stores' }],
    });
    expect(() => compilePlan(p, model, 'duckdb')).toThrow(/does not refer to/);
  });
});
