import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWarehouse } from '../src/warehouse/duckdb';
import { buildSemanticModel } from '../src/model/build';

let w: DuckDbWarehouse;
beforeAll(async () => {
  w = await DuckDbWarehouse.create();
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-wh-'));
  writeFileSync(
    join(dir, 'sales.csv'),
    'id,region,amount,day\n1,Europe,10.5,2026-01-02\n2,Asia,20,2026-02-03\n3,Europe,,2026-03-04\n',
  );
  await w.loadCsv('sales', join(dir, 'sales.csv'));
});
afterAll(async () => {
  await w.close();
});

describe('DuckDbWarehouse', () => {
  it('loads CSV with detected types', async () => {
    expect(await w.describeColumns('main', 'sales')).toEqual([
      { name: 'id', type: 'BIGINT', nullable: true },
      { name: 'region', type: 'VARCHAR', nullable: true },
      { name: 'amount', type: 'DOUBLE', nullable: true },
      { name: 'day', type: 'DATE', nullable: true },
    ]);
    expect(await w.sampleValues('main', 'sales', 'region', 5)).toEqual(['Europe', 'Asia']);
  });
  it('binds parameters and limits rows', async () => {
    const r = await w.query('SELECT id FROM sales WHERE region = ? ORDER BY id', {
      params: ['Europe'],
      maxRows: 1,
    });
    expect(r.rows).toEqual([[1]]);
    expect(r.truncated).toBe(true);
  });
  it('refuses anything but one read', async () => {
    await expect(w.query('DROP TABLE sales')).rejects.toThrow(/SELECT/);
    await expect(w.query('SELECT 1; DROP TABLE sales')).rejects.toThrow(/one statement/);
    await expect(w.query("COPY sales TO '/tmp/x.csv'")).rejects.toThrow();
    await expect(w.query('INSTALL httpfs')).rejects.toThrow();
  });
  it('interrupts a statement after the timeout', async () => {
    const started = Date.now();
    await expect(w.query('SELECT count(*) FROM range(100000000000)', { timeoutMs: 200 })).rejects.toThrow(
      /Interrupt/i,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await w.query('SELECT 1')).rows).toEqual([[1]]);
  });
  it('builds a semantic model with KPIs, attributes, time columns and a value index', async () => {
    const model = await buildSemanticModel(w);
    const sales = model.tables.find((t) => t.name === 'sales')!;
    const byName = Object.fromEntries(sales.columns.map((c) => [c.name, c]));
    expect(byName.amount).toMatchObject({ entityType: 'KPI', kind: 'number', label: 'Amount' });
    expect(byName.region).toMatchObject({ entityType: 'ATTRIBUTE', values: ['Europe', 'Asia'] });
    expect(byName.day).toMatchObject({ isTime: true });
  });
});

describe('CSV uploads without declared keys', () => {
  it('infers joins from names and values, and answers across them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalyst-csv-'));
    writeFileSync(join(dir, 'customers.csv'), 'cust_id,segment\n1,Retail\n2,Corporate\n3,Retail\n');
    writeFileSync(join(dir, 'orders.csv'), 'order_id,customer_id,amount\n10,1,5\n11,2,7\n12,3,1\n13,1,2\n');
    const { loadDataDir } = await import('../src/eval/load');
    const { answerOnce } = await import('../src/answer/answer');
    const { warehouse, model } = await loadDataDir(dir);
    expect(model.joins).toEqual([
      { from: [{ table: 'orders', column: 'customer_id' }], to: [{ table: 'customers', column: 'cust_id' }] },
    ]);
    // The referring column is a key, as a declared foreign key would be (shown by name, never summed).
    const referring = model.tables
      .find((t) => t.name === 'orders')!
      .columns.find((c) => c.name === 'customer_id');
    expect(referring?.isKey).toBe(true);
    const a = await answerOnce({ question: 'total amount by segment', model, warehouse });
    expect(a.rows.map((r) => r.join('|')).sort()).toEqual(['Corporate|7', 'Retail|8']);
    await warehouse.close();
  });
});
