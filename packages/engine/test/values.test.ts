import type { TQueryPlan } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSemanticModel } from '../src/model/build';
import { DATE_FORMATS, detectDateFormat, parseWithFormat } from '../src/model/date-formats';
import type { SemanticModel } from '../src/model/types';
import { compilePlan } from '../src/sql/compile';
import { DIALECTS } from '../src/sql/dialect';
import { DuckDbWarehouse } from '../src/warehouse/duckdb';

describe('recognising dates written as text', () => {
  it.each([
    [['Jan 1 2000', 'Feb 28 2001', 'Dec 31 1999'], '%b %d %Y'],
    [['01/02/2000', '12/31/2000'], '%m/%d/%Y'],
    [['01/02/2000', '31/12/2000'], '%d/%m/%Y'],
    [['2000-01-02 10:00', '2000-01-03 23:59'], '%Y-%m-%d %H:%M'],
    [['2000-01-02'], '%Y-%m-%d'],
    [['January 5, 2001', 'May 1, 2001'], '%B %d, %Y'],
    [['5 Jan 2001'], '%d %b %Y'],
    [['20000131'], '%Y%m%d'],
  ])('%j is %s', (samples, format) => {
    expect(detectDateFormat(samples)?.id).toBe(format);
  });
  it('refuses text that only looks like a date in part, and impossible days', () => {
    expect(detectDateFormat(['Jan 1 2000', 'pending'])).toBeNull();
    expect(detectDateFormat(['Feb 30 2001'])).toBeNull();
    expect(detectDateFormat(['Europe', 'Asia'])).toBeNull();
    expect(detectDateFormat(['12345'])).toBeNull();
    expect(detectDateFormat([])).toBeNull();
  });
  it('reads every format back to its example date', () => {
    for (const f of DATE_FORMATS)
      expect(parseWithFormat(f.example, f), f.id).toMatchObject({ y: 2000, m: 1, d: 31 });
  });
  it('writes no "?" into SQL (the MySQL driver would take it for a placeholder)', () => {
    for (const f of DATE_FORMATS)
      for (const d of Object.values(DIALECTS))
        expect(d.parseDate('"x"', f.id), `${d.name} ${f.id}`).not.toContain('?');
    for (const d of Object.values(DIALECTS)) expect(d.parseNumber('"x"')).not.toContain('?');
  });
});

describe('columns the model reads as another kind than they are stored', () => {
  let warehouse: DuckDbWarehouse;
  let model: SemanticModel;
  beforeAll(async () => {
    warehouse = await DuckDbWarehouse.create();
    await warehouse.exec(`CREATE TABLE prices AS SELECT * FROM (VALUES
      ('Jan 3 2000', 'ACME', '1,010.5', 'yes'), ('Jan 31 2000', 'ACME', '990', 'no'),
      ('Feb 1 2000', 'ACME', '1,020', 'yes'), ('Feb 15 2000', 'BOLT', '15.25', 'no'),
      ('Mar 1 2000', 'BOLT', 'n/a', 'yes'), ('not a date', 'BOLT', '16', 'no'))
      AS t(day, symbol, close, traded)`);
    model = await buildSemanticModel(warehouse, 'main');
    const columns = model.tables[0]!.columns;
    Object.assign(
      columns.find((c) => c.name === 'day')!,
      { kind: 'date', isTime: true, format: '%b %d %Y' },
    );
    Object.assign(
      columns.find((c) => c.name === 'close')!,
      { kind: 'number', entityType: 'KPI' },
    );
    Object.assign(
      columns.find((c) => c.name === 'traded')!,
      { kind: 'boolean' },
    );
  });
  afterAll(async () => warehouse.close());

  const plan = (p: Partial<TQueryPlan>): TQueryPlan => ({
    intent: 'trend',
    table: 'prices',
    measures: [],
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
  const run = async (p: TQueryPlan) => {
    const q = compilePlan(p, model, 'duckdb');
    return (await warehouse.query(q.sql, { params: q.params })).rows.map((r) => r.map(String));
  };

  it('groups text dates by month and sums text numbers (thousands separators read, "n/a" left out)', async () => {
    const rows = await run(
      plan({
        measures: [{ agg: 'sum', column: { table: 'prices', column: 'close' }, label: 'Close' }],
        dimensions: [{ column: { table: 'prices', column: 'day' }, grain: 'month', label: 'Month' }],
      }),
    );
    // The unreadable date is a group of its own (where it sorts depends on the database).
    expect(rows.sort()).toEqual([
      ['2000-01-01', '2000.5'],
      ['2000-02-01', '1035.25'],
      ['2000-03-01', 'null'],
      ['null', '16'],
    ]);
  });

  it('filters text dates by a period and text flags by a boolean', async () => {
    const rows = await run(
      plan({
        measures: [{ agg: 'count', label: 'Days' }],
        filters: [{ column: { table: 'prices', column: 'traded' }, op: 'eq', values: [true] }],
        timeRange: {
          column: { table: 'prices', column: 'day' },
          from: '2000-01-01',
          to: '2000-02-15',
          label: 'x',
        },
      }),
    );
    expect(rows).toEqual([['2']]);
  });

  it('reads dates with the chosen format in every dialect', () => {
    const p = plan({
      measures: [{ agg: 'count', label: 'Days' }],
      dimensions: [{ column: { table: 'prices', column: 'day' }, grain: 'month', label: 'Month' }],
    });
    expect(compilePlan(p, model, 'duckdb').sql).toContain(`TRY_STRPTIME(TRIM(t0."day"), '%b %d %Y')`);
    expect(compilePlan(p, model, 'postgres').sql).toContain(`to_date(TRIM(t0."day"), 'Mon DD YYYY')`);
    expect(compilePlan(p, model, 'mysql').sql).toContain("STR_TO_DATE(TRIM(t0.`day`), '%b %e %Y')");
    expect(compilePlan(p, model, 'bigquery').sql).toContain(
      "SAFE.PARSE_DATETIME('%b %d %Y', TRIM(t0.`day`))",
    );
  });
});
