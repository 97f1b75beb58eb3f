import { answerOnce, compilePlan, DuckDbWarehouse, type SemanticModel } from '@catalyst/engine';
import type { TQueryPlan } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUseCaseModel } from '../src/features/use-cases/semantic-model';
import { metricSeries } from '../src/warehouses/metric-series';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { singleWarehouseRegistry } from './helpers/duckdb-registry';

const O = '/api/copilot/onboarding';
const SV = '/api/copilot/schema_validation';

/**
 * A schema without declared keys (as CSV files are): orders refer to customers by `customer_id`
 * (their key is named `id`), to stores by `store_id`, and carry a `promo_id` whose values are
 * not all promotions. `shipments` refer to orders through a declared foreign key. `prices` keeps
 * its dates as text ("Jan 3 2000").
 */
async function starWarehouse() {
  const w = await DuckDbWarehouse.create();
  const statements = `
    CREATE TABLE customers AS SELECT i AS id, CASE WHEN i % 3 = 0 THEN 'Corporate' ELSE 'Consumer' END AS segment FROM range(1, 41) t(i);
    CREATE TABLE stores AS SELECT * FROM (VALUES (1, 'Berlin', 'Europe'), (2, 'Tokyo', 'Asia'), (3, 'Paris', 'Europe')) t(store_id, city, region);
    CREATE TABLE promos AS SELECT * FROM (VALUES (1, 'Spring'), (2, 'Summer')) t(promo_id, promo_name);
    CREATE TABLE orders AS SELECT i AS order_id, DATE '2026-01-01' + CAST(i % 90 AS INTEGER) AS order_date, 1 + (i % 40) AS customer_id,
      1 + (i % 3) AS store_id, 1 + (i % 4) AS promo_id, 10.0 * (1 + i % 5) AS revenue FROM range(1, 201) t(i);
    CREATE TABLE shipments AS SELECT i AS shipment_id, i AS order_ref, 'DHL' AS carrier FROM range(1, 51) t(i);
    CREATE TABLE prices AS SELECT strftime(DATE '2000-01-03' + CAST(i AS INTEGER), '%b %-d %Y') AS day, 100 + i AS close FROM range(0, 120) t(i)`;
  for (const s of statements.split(';').filter((x) => x.trim())) await w.exec(s);
  w.setForeignKeys([
    {
      schema: 'main',
      table: 'shipments',
      columns: ['order_ref'],
      refSchema: 'main',
      refTable: 'orders',
      refColumns: ['order_id'],
    },
  ]);
  return w;
}

describe('relationships and column kinds in a use case’s knowledge', () => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let admin: string;
  let other: string;
  let useCaseId: number;
  let tables: Record<string, number>;
  const caller = { userId: 1, orgId: 1, isAdmin: true };
  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  const relationships = async () =>
    (await call(admin, 'GET', `${SV}/relationships?usecase_id=${useCaseId}`)).json().relationships as {
      id: number;
      from_table: string;
      from_columns: string[];
      to_table: string;
      to_columns: string[];
      origin: string;
      is_removed: boolean;
      active: boolean;
    }[];
  const summary = (list: Awaited<ReturnType<typeof relationships>>) =>
    list
      .map(
        (r) =>
          `${r.from_table}.${r.from_columns.join('+')}>${r.to_table}.${r.to_columns.join('+')} ${r.origin}${r.is_removed ? ' removed' : ''}${r.active ? '' : ' inactive'}`,
      )
      .sort();
  const profile = (names: string[]) =>
    call(admin, 'POST', `${SV}/usecase_db_tables/select_and_fetch_columns`, {
      table_ids: names.map((n) => tables[n]),
    });

  beforeAll(async () => {
    warehouse = await starWarehouse();
    t = await createTestApp(
      'pglite',
      {},
      { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }) },
    );
    admin = await t.login();
    await t.createUser({ username: 'olga', password: 'Olga#pass1', orgName: 'Other Org', isAdmin: true });
    other = await t.login('olga', 'Olga#pass1');
    useCaseId = (await call(admin, 'POST', `${O}/use_case/v2`, { usecase_name: 'Stores' })).json()
      .use_case_id;
    await call(admin, 'POST', `${O}/use_case/add_schema_data`, {
      usecase_id: useCaseId,
      conn_id: 7,
      schema: 'main',
    });
    const listed = (await call(admin, 'GET', `${SV}/usecase_db_tables/${useCaseId}`)).json() as {
      table_id: number;
      table_name: string;
    }[];
    tables = Object.fromEntries(listed.map((x) => [x.table_name, x.table_id]));
  });
  afterAll(async () => {
    await t?.close();
    warehouse?.close();
  });

  it('finds relationships when tables are profiled: declared keys, and names whose values all occur in the key', async () => {
    expect(await relationships()).toEqual([]);
    const res = await profile(['orders', 'customers', 'stores', 'promos', 'shipments']);
    expect(res.statusCode, res.body).toBe(200);
    expect(summary(await relationships())).toEqual([
      'orders.customer_id>customers.id inferred',
      'orders.store_id>stores.store_id inferred',
      'shipments.order_ref>orders.order_id declared',
    ]);
    // promo_id is named after promos' key, but promotions 3 and 4 do not exist: no relationship.
  });

  it('joins along them in the model: revenue of each region counted once per order', async () => {
    const { model } = await buildUseCaseModel(t.deps, caller, useCaseId);
    expect(model.joins).toHaveLength(3);
    // Each referring column is a key, whatever it is called (shipments.order_ref).
    const referring = model.joins.map((j) =>
      model.tables
        .find((x) => x.name === j.from[0]!.table)!
        .columns.find((c) => c.name === j.from[0]!.column)!,
    );
    expect(referring.map((c) => `${c.table}.${c.name}:${c.isKey}`)).toContain('shipments.order_ref:true');
    expect(referring.every((c) => c.isKey)).toBe(true);
    const plan: TQueryPlan = {
      intent: 'breakdown',
      table: 'orders',
      measures: [{ agg: 'sum', column: { table: 'orders', column: 'revenue' }, label: 'Revenue' }],
      dimensions: [{ column: { table: 'stores', column: 'region' }, label: 'Region' }],
      columns: [],
      distinct: false,
      filters: [],
      filterLogic: 'and',
      having: [],
      order: [],
      share: false,
    };
    const q = compilePlan(plan, model as SemanticModel, 'duckdb');
    const rows = (await warehouse.query(q.sql, { params: q.params })).rows.map(
      (r) => r.map(Number).join() + r[0],
    );
    const expected = (
      await warehouse.query(
        'SELECT s.region, sum(o.revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1',
      )
    ).rows.map((r) => r.map(Number).join() + r[0]);
    expect(rows.sort()).toEqual(expected.sort());
  });

  it("reads a decision's metric of a related table's segment through its joins", async () => {
    const series = await metricSeries(
      warehouse,
      'main',
      {
        table: 'orders',
        timeColumn: 'order_date',
        expression: 'SUM("revenue")',
        filters: [{ column: 'region', value: 'Europe', table: 'stores' }],
        grain: 'month',
        joins: [
          { from: [{ table: 'orders', column: 'store_id' }], to: [{ table: 'stores', column: 'store_id' }] },
        ],
      },
      { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
    );
    const expected = await warehouse.query(
      `SELECT CAST(date_trunc('month', order_date) AS DATE), sum(revenue) FROM orders JOIN stores USING (store_id)
       WHERE region = 'Europe' GROUP BY 1 ORDER BY 1`,
    );
    expect(series.map((p) => [p.period, p.value])).toEqual(
      expected.rows.map((r) => [
        (r[0] instanceof Date ? r[0].toISOString() : String(r[0])).slice(0, 10),
        Number(r[1]),
      ]),
    );
    expect(series).toHaveLength(3);
  });

  it('keeps a removal across profiling again and looking again, and restores on request', async () => {
    const byStore = (await relationships()).find((r) => r.from_columns[0] === 'store_id')!;
    const removed = await call(admin, 'DELETE', `${SV}/relationships/${byStore.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await profile(['orders', 'stores']);
    const again = await call(admin, 'POST', `${SV}/relationships/discover`, { usecase_id: useCaseId });
    expect(again.statusCode).toBe(200);
    expect(summary(await relationships())).toContain(
      'orders.store_id>stores.store_id inferred removed inactive',
    );
    const { model } = await buildUseCaseModel(t.deps, caller, useCaseId);
    expect(model.joins.map((j) => j.to[0]!.table).sort()).toEqual(['customers', 'orders']);
    const restored = await call(admin, 'POST', `${SV}/relationships`, {
      usecase_id: useCaseId,
      from_table: 'orders',
      from_column: 'store_id',
      to_table: 'stores',
      to_column: 'store_id',
    });
    expect(restored.json()).toMatchObject({ origin: 'inferred', is_removed: false, active: true });
  });

  it('lets a user add a relationship to a key, and refuses what cannot be one', async () => {
    const add = (body: object) =>
      call(admin, 'POST', `${SV}/relationships`, { usecase_id: useCaseId, ...body });
    const promo = await add({
      from_table: 'orders',
      from_column: 'promo_id',
      to_table: 'promos',
      to_column: 'promo_id',
    });
    expect(promo.statusCode, promo.body).toBe(200);
    expect(promo.json()).toMatchObject({ origin: 'user', active: true, from_columns: ['promo_id'] });
    const notKey = await add({
      from_table: 'customers',
      from_column: 'id',
      to_table: 'orders',
      to_column: 'customer_id',
    });
    expect(notKey.statusCode).toBe(400);
    expect(notKey.json().message).toMatch(/orders.customer_id is not a key: 40 distinct values for 200 rows/);
    const kinds = await add({
      from_table: 'orders',
      from_column: 'order_date',
      to_table: 'customers',
      to_column: 'id',
    });
    expect(kinds.json().message).toMatch(/same kind/);
    const unknown = await add({
      from_table: 'orders',
      from_column: 'nope',
      to_table: 'customers',
      to_column: 'id',
    });
    expect(unknown.json().message).toBe('Table "orders" has no column "nope".');
    const unselected = await add({
      from_table: 'prices',
      from_column: 'day',
      to_table: 'customers',
      to_column: 'id',
    });
    expect(unselected.json().message).toMatch(/not selected/);
    const missing = await add({ from_table: '', to_table: 'customers' });
    expect(missing.statusCode).toBe(400);
    // A user's own relationship is deleted outright.
    expect((await call(admin, 'DELETE', `${SV}/relationships/${promo.json().id}`)).statusCode).toBe(200);
    expect(summary(await relationships()).some((r) => r.startsWith('orders.promo_id'))).toBe(false);
  });

  it("shows and changes nothing of another organisation's use case", async () => {
    expect((await call(other, 'GET', `${SV}/relationships?usecase_id=${useCaseId}`)).statusCode).toBe(404);
    const id = (await relationships())[0]!.id;
    expect((await call(other, 'DELETE', `${SV}/relationships/${id}`)).statusCode).toBe(404);
    expect(
      (
        await call(other, 'POST', `${SV}/relationships`, {
          usecase_id: useCaseId,
          from_table: 'orders',
          from_column: 'store_id',
          to_table: 'stores',
          to_column: 'store_id',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `${SV}/relationships/999999`)).statusCode).toBe(404);
  });

  it('copies relationships with the use case', async () => {
    const copy = (await call(admin, 'POST', `${O}/use_cases/${useCaseId}/copy_usecase`)).json().use_case_id;
    const copied = (await call(admin, 'GET', `${SV}/relationships?usecase_id=${copy}`)).json().relationships;
    expect(copied.map((r: { origin: string }) => r.origin).sort()).toEqual([
      'declared',
      'inferred',
      'inferred',
    ]);
  });

  describe('dates kept as text', () => {
    let day: { id: number; value_type: string; value_format: string | null; value_type_origin: string };
    const columns = async () =>
      (await call(admin, 'GET', `${SV}/table_column_metadata/${tables.prices}`)).json() as (typeof day & {
        db_column_name: string;
        business_definition: string;
        entity_type: string;
        profile: { min: string; max: string };
      })[];
    const update = (body: object) =>
      call(admin, 'POST', `${SV}/table_column_metadata/update`, { id: day.id, ...body });

    it('are recognised at profiling, with their format and span', async () => {
      expect((await profile(['prices'])).statusCode).toBe(200);
      const found = (await columns()).find((c) => c.db_column_name === 'day')!;
      day = found;
      expect(found).toMatchObject({
        value_type: 'date',
        value_format: '%b %d %Y',
        value_type_origin: 'detected',
        entity_type: 'ATTRIBUTE',
        profile: { min: '2000-01-03', max: '2000-05-01' },
      });
      expect(found.business_definition).toMatch(/happened \(2000-01-03 to 2000-05-01\), written like /);
      const close = (await columns()).find((c) => c.db_column_name === 'close')!;
      expect(close).toMatchObject({ value_type: 'number', value_format: null, value_type_origin: 'source' });
      const { formats } = { formats: (await call(admin, 'GET', `${SV}/date_formats`)).json() };
      expect(formats).toContainEqual({ id: '%b %d %Y', example: 'Jan 31 2000' });
    });

    it('make time questions work: the average close by month', async () => {
      const { model } = await buildUseCaseModel(t.deps, caller, useCaseId);
      const dayColumn = model.tables.find((x) => x.name === 'prices')!.columns.find((c) => c.name === 'day')!;
      expect(dayColumn).toMatchObject({ kind: 'date', isTime: true, format: '%b %d %Y', type: 'VARCHAR' });
      const a = await answerOnce({
        question: 'average close by month',
        model: model as SemanticModel,
        warehouse,
        now: new Date('2000-06-01T12:00:00Z'),
        history: [],
        threshold: 0.5,
      });
      expect(a.status, a.message).toBe('answered');
      expect(a.rows.map((r) => [String(r[0]).slice(0, 7), Number(r[1])])).toEqual([
        ['2000-01', (100 + 128) / 2],
        ['2000-02', (129 + 157) / 2],
        ['2000-03', (158 + 188) / 2],
        ['2000-04', (189 + 218) / 2],
        ['2000-05', 219],
      ]);
    });

    it('can be set by a user: kind and format checked against the data', async () => {
      const wrong = await update({ value_format: '%d.%m.%Y' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        'None of the values of day read as dates written like 31.01.2000. Choose the format its values are written in.',
      );
      expect((await update({ value_format: '%Q' })).json().message).toMatch(/Unknown date format "%Q"/);
      expect((await update({ value_type: 'text', value_format: '%b %d %Y' })).json().message).toBe(
        'A date format applies only to a column read as a date.',
      );
      expect((await update({ value_type: 'nope' })).statusCode).toBe(400);
      const asText = await update({ value_type: 'text' });
      expect(asText.json()).toMatchObject({
        value_type: 'text',
        value_format: null,
        value_type_origin: 'source',
      });
      const { model } = await buildUseCaseModel(t.deps, caller, useCaseId);
      expect(
        model.tables.find((x) => x.name === 'prices')!.columns.find((c) => c.name === 'day'),
      ).toMatchObject({
        kind: 'text',
        isTime: false,
      });
      const asDate = await update({ value_type: 'date', value_format: '%b %d %Y' });
      expect(asDate.json()).toMatchObject({
        value_type: 'date',
        value_format: '%b %d %Y',
        value_type_origin: 'user',
      });
      // Profiling again keeps a user's choice.
      await profile(['prices']);
      expect((await columns()).find((c) => c.db_column_name === 'day')!.value_type_origin).toBe('user');
      const asNumber = await call(admin, 'POST', `${SV}/table_column_metadata/update`, {
        id: (await columns()).find((c) => c.db_column_name === 'close')!.id,
        value_type: 'text',
      });
      expect(asNumber.json()).toMatchObject({ value_type: 'text', value_type_origin: 'user' });
    });
  });
});
