import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRetailDemo, type GeneratedDemo } from '../src/demo/retail-demo';
import { DEMO_METRICS, demoDerivedMetrics } from '../src/demo/demo-metrics';
import { loadDataDir } from '../src/eval/load';
import { validateMetric } from '../src/model/metrics';
import type { DuckDbWarehouse } from '../src/warehouse/duckdb';
import type { SemanticModel } from '../src/model/types';

const END = new Date('2026-11-22T12:00:00Z');
let dir: string;
let demo: GeneratedDemo;
let warehouse: DuckDbWarehouse;
let model: SemanticModel;
const one = async (sql: string) => Number((await warehouse.query(sql)).rows[0]![0]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalyst-demo-test-'));
  demo = generateRetailDemo(dir, { end: END });
  ({ warehouse, model } = await loadDataDir(dir));
});
afterAll(async () => {
  await warehouse.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo star schema', () => {
  it('has the four tables with exactly the agreed columns', async () => {
    const columns = async (t: string) => (await warehouse.describeColumns('main', t)).map((c) => c.name);
    expect(await columns('orders')).toEqual([
      'order_id',
      'order_date',
      'customer_id',
      'product_id',
      'store_id',
      'channel',
      'quantity',
      'unit_price',
      'discount',
      'revenue',
      'cost',
      'profit',
      'returned',
    ]);
    expect(await columns('customers')).toEqual([
      'customer_id',
      'customer_name',
      'customer_segment',
      'signup_date',
    ]);
    expect(await columns('products')).toEqual(['product_id', 'product_name', 'category', 'list_price']);
    expect(await columns('stores')).toEqual(['store_id', 'store_name', 'city', 'country', 'region']);
    expect(demo.files.map((f) => f.table)).toEqual(['orders', 'customers', 'products', 'stores']);
    expect(await one('SELECT count(*) FROM orders')).toBe(demo.rows);
  });

  it('is the same data for the same seed and end date, and other data for another seed', () => {
    const hash = (d: string) =>
      createHash('sha256')
        .update(
          ['orders', 'customers', 'products', 'stores']
            .map((t) => readFileSync(join(d, `${t}.csv`)))
            .join('|'),
        )
        .digest('hex');
    const again = mkdtempSync(join(tmpdir(), 'catalyst-demo-test-'));
    const other = mkdtempSync(join(tmpdir(), 'catalyst-demo-test-'));
    try {
      generateRetailDemo(again, { end: END });
      generateRetailDemo(other, { end: END, seed: 7 });
      expect(hash(again)).toBe(hash(dir));
      expect(hash(other)).not.toBe(hash(dir));
    } finally {
      rmSync(again, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('keeps its keys: unique parents, every order pointing at an existing customer, product and store', async () => {
    for (const [t, k] of [
      ['orders', 'order_id'],
      ['customers', 'customer_id'],
      ['products', 'product_id'],
      ['stores', 'store_id'],
    ])
      expect(await one(`SELECT count(*) - count(DISTINCT ${k}) FROM ${t}`)).toBe(0);
    for (const [k, parent] of [
      ['customer_id', 'customers'],
      ['product_id', 'products'],
      ['store_id', 'stores'],
    ])
      expect(await one(`SELECT count(*) FROM orders WHERE ${k} NOT IN (SELECT ${k} FROM ${parent})`)).toBe(0);
    // Nobody orders before signing up.
    expect(
      await one(
        'SELECT count(*) FROM orders o JOIN customers c USING (customer_id) WHERE o.order_date < c.signup_date',
      ),
    ).toBe(0);
    expect(
      model.joins.map((j) => `${j.from[0]!.table}.${j.from[0]!.column}>${j.to[0]!.table}`).sort(),
    ).toEqual(['orders.customer_id>customers', 'orders.product_id>products', 'orders.store_id>stores']);
  });

  it('spans 24 months ending on the end date, with more orders at weekends and a growth trend', async () => {
    expect(
      String((await warehouse.query('SELECT min(order_date), max(order_date) FROM orders')).rows[0]),
    ).toBe('2024-11-22,2026-11-22');
    const weekend = await one(
      'SELECT avg(n) FROM (SELECT order_date, count(*) n FROM orders WHERE dayofweek(order_date) IN (0, 6) GROUP BY 1)',
    );
    const weekday = await one(
      'SELECT avg(n) FROM (SELECT order_date, count(*) n FROM orders WHERE dayofweek(order_date) IN (2, 3, 4, 5) GROUP BY 1)',
    );
    expect(weekend / weekday).toBeGreaterThan(1.15);
    const firstYear = await one("SELECT sum(revenue) FROM orders WHERE order_date < DATE '2025-11-22'");
    const secondYear = await one("SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2025-11-22'");
    expect(secondYear / firstYear).toBeGreaterThan(1.05);
  });

  it('injects the Europe revenue drop (region of the store) and the Electronics return spike (category of the product)', async () => {
    expect(demo.anomalies.map((a) => [a.table, a.attribute, a.value, a.from, a.to])).toEqual([
      ['stores', 'region', 'Europe', '2026-10-26', '2026-11-15'],
      ['products', 'category', 'Electronics', '2026-10-26', '2026-11-15'],
    ]);
    const europeShare = async (from: string, to: string) =>
      one(`SELECT sum(CASE WHEN s.region = 'Europe' THEN revenue END) / sum(revenue)
           FROM orders o JOIN stores s USING (store_id) WHERE order_date BETWEEN DATE '${from}' AND DATE '${to}'`);
    const before = await europeShare('2026-01-01', '2026-10-25');
    const during = await europeShare('2026-10-26', '2026-11-15');
    expect(before).toBeGreaterThan(0.27);
    expect(before).toBeLessThan(0.33);
    expect(during / before).toBeLessThan(0.75);
    const returns = async (from: string, to: string) =>
      one(`SELECT avg(CASE WHEN returned THEN 1 ELSE 0 END)
           FROM orders o JOIN products p USING (product_id)
           WHERE p.category = 'Electronics' AND order_date BETWEEN DATE '${from}' AND DATE '${to}'`);
    expect(await returns('2026-01-01', '2026-10-25')).toBeLessThan(0.06);
    expect(await returns('2026-10-26', '2026-11-15')).toBeGreaterThan(0.22);
  });

  it('generates the same data without the anomalies on request', () => {
    const plain = mkdtempSync(join(tmpdir(), 'catalyst-demo-test-'));
    try {
      const g = generateRetailDemo(plain, { end: END, anomalies: false });
      expect(g.anomalies).toEqual([]);
      expect(JSON.parse(readFileSync(join(plain, 'anomalies.json'), 'utf8')).anomalies).toEqual([]);
      expect(g.rows).toBeGreaterThan(demo.rows);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('defines the demo metrics over the orders table, valid in the model', async () => {
    expect(DEMO_METRICS.map((m) => m.name)).toEqual(['Profit Margin', 'Return Rate', 'Average Order Value']);
    const metrics = demoDerivedMetrics(model);
    for (const m of metrics) expect(validateMetric(m, model), m.name).toEqual([]);
    const aov = metrics.find((m) => m.label === 'Average Order Value')!;
    expect(aov.expression).toBe('SUM("revenue") / NULLIF(COUNT(DISTINCT "order_id"), 0)');
    expect(await one(`SELECT ${aov.expression} FROM orders`)).toBeCloseTo(
      (await one('SELECT sum(revenue) FROM orders')) / demo.rows,
      6,
    );
  });
});
