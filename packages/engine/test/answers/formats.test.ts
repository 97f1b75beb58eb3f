import type { TValueFormat } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previousRange } from '../../src/answer/periods';
import { D, M, card, openShop, plan, range, show, type Shop, type Shown } from './fixture';

// One test per formatting rule of the answer cards, on real DuckDB results.

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(async () => {
  await shop.warehouse.close();
});

const PERCENT: TValueFormat = { style: 'percent' };
const USD: TValueFormat = { style: 'currency', currency: 'USD' };
const NUMBER: TValueFormat = { style: 'number' };

/** The format of the first measure in the chart (axis and series) and in the table column. */
function formatsOf(shown: Shown): TValueFormat[] {
  const chart = card(shown, 'chart').data.options;
  const table = card(shown, 'table').data;
  const measureColumn = table.columns[table.columns.length - 1]!;
  return [chart.yAxis!.format!, chart.series[0]!.format!, measureColumn.format ?? NUMBER];
}

describe('formats', () => {
  it('rates show as percentages: ratio metrics, proportions, rate columns, shares — in charts, tables and metric cards', async () => {
    for (const m of [M.margin, M.returnRate, M.avgDiscount]) {
      const shown = await show(shop, plan({ measures: [m], dimensions: [D.region] }));
      expect(formatsOf(shown), m.label).toEqual([PERCENT, PERCENT, PERCENT]);
    }
    const share = await show(shop, plan({ measures: [M.amount], dimensions: [D.region], share: true }));
    expect(formatsOf(share)).toEqual([PERCENT, PERCENT, PERCENT]);
    const single = await show(shop, plan({ measures: [M.margin] }));
    expect(card(single, 'metric').data.metrics[0]!.format).toEqual(PERCENT);
    // Not rates: an average count, an "interest rate" of 3.5 (not a fraction), a margin in money.
    expect(formatsOf(await show(shop, plan({ measures: [M.avgUnits], dimensions: [D.region] })))).toEqual([
      NUMBER,
      NUMBER,
      NUMBER,
    ]);
    expect(formatsOf(await show(shop, plan({ measures: [M.interest], dimensions: [D.region] })))).toEqual([
      NUMBER,
      NUMBER,
      NUMBER,
    ]);
    expect(formatsOf(await show(shop, plan({ measures: [M.grossMargin], dimensions: [D.region] })))).toEqual([
      USD,
      USD,
      USD,
    ]);
  });

  it('money shows in a currency: the deployment setting, else one the column names; counts never', async () => {
    for (const m of [M.amount, M.profit, M.discountAmount]) {
      const shown = await show(shop, plan({ measures: [m], dimensions: [D.region] }));
      expect(formatsOf(shown), m.label).toEqual([USD, USD, USD]);
    }
    const eur = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }), { currency: 'EUR' });
    expect(formatsOf(eur)[0]).toEqual({ style: 'currency', currency: 'EUR' });
    expect(eur.of('total')[0]).toMatch(/: €[\d,]+\.$/);
    const gbpModel = structuredClone(shop.model);
    const amount = gbpModel.tables[0]!.columns.find((c) => c.name === 'amount')!;
    amount.definition = 'Amount sold, in GBP, before tax.';
    const gbp = await show(
      { ...shop, model: gbpModel },
      plan({ measures: [M.amount], dimensions: [D.region] }),
      { currency: 'USD' },
    );
    expect(formatsOf(gbp)[0]).toEqual({ style: 'currency', currency: 'GBP' });
    const single = await show(shop, plan({ measures: [M.amount] }));
    expect(card(single, 'metric').data.metrics[0]!.format).toEqual(USD);
    expect(single.of('value')[0]).toMatch(/^\*\*Total Amount\*\* is \$[\d,]+\.$/);
    for (const m of [M.units, M.count, M.regions]) {
      const shown = await show(shop, plan({ measures: [m], dimensions: [D.channel] }));
      expect(formatsOf(shown), m.label).toEqual([NUMBER, NUMBER, NUMBER]);
    }
  });

  it('listings format money and rate columns too', async () => {
    const shown = await show(
      shop,
      plan({
        measures: [],
        columns: [
          { table: 'sales', column: 'region' },
          { table: 'sales', column: 'amount' },
          { table: 'sales', column: 'discount' },
          { table: 'sales', column: 'units' },
        ],
        limit: 5,
      }),
    );
    expect(card(shown, 'table').data.columns.map((c) => c.format)).toEqual([
      undefined,
      USD,
      PERCENT,
      undefined,
    ]);
  });

  it('bars are sorted by value unless the dimension has an order of its own or one was asked', async () => {
    const categories = (shown: Shown) => card(shown, 'chart').data.options.xAxis!.categories!;
    const byRegion = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    const values = card(byRegion, 'chart').data.options.series[0]!.data as number[];
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(card(byRegion, 'table').data.data.map((r) => r.c0)).toEqual(categories(byRegion));
    const margins = await show(shop, plan({ measures: [M.margin], dimensions: [D.region] }));
    const m = card(margins, 'chart').data.options.series[0]!.data as number[];
    expect(m).toEqual([...m].sort((a, b) => b - a));
    // Ordinal dimensions keep their own order: weekdays (ISO, Monday first), numbers, time.
    const weekdays = await show(shop, plan({ measures: [M.amount], dimensions: [D.weekday] }));
    expect(categories(weekdays)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const units = await show(shop, plan({ measures: [M.count], dimensions: [D.units] }));
    expect(categories(units)).toEqual(['2', '3', '4', '5']);
    const months = await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }));
    expect(categories(months)).toEqual([
      'Jan 2026 (partial, from Jan 10)',
      'Feb 2026',
      'Mar 2026',
      'Apr 2026 (partial, to Apr 15)',
    ]);
    // A listing keeps the rows as the query returned them.
    const listing = plan({
      measures: [],
      columns: [
        { table: 'sales', column: 'amount' },
        { table: 'sales', column: 'region' },
      ],
      limit: 50,
    });
    const listed = await show(shop, listing);
    const run = await shop.warehouse.query('SELECT amount, region FROM sales LIMIT 50');
    expect(card(listed, 'table').data.data.map((r) => [r.c0, r.c1])).toEqual(run.rows);
    // An order the question asked for stays.
    const alphabetical = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region],
        order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
      }),
    );
    expect(categories(alphabetical)).toEqual(['East', 'North', 'South']);
  });

  it('a partial period is flagged in the chart, the table and the narrative', async () => {
    const shown = await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }));
    const x = card(shown, 'chart').data.options.xAxis!;
    expect(x.partial).toEqual([0, 3]);
    expect(card(shown, 'table').data.data.map((r) => r.c0)).toContain('Apr 2026 (partial, to Apr 15)');
    expect(shown.of('partial-period')[0]).toContain('Apr 2026 (data to Apr 15)');
    // Two dimensions with time: the partial month is flagged on the shared x axis.
    const perRegion = await show(shop, plan({ measures: [M.amount], dimensions: [D.month, D.region] }));
    expect(card(perRegion, 'chart').data.options.xAxis!.partial).toEqual([0, 3]);
    const complete = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.month],
        timeRange: range('2026-02-01', '2026-04-01', 'Feb–Mar'),
      }),
    );
    expect(card(complete, 'chart').data.options.xAxis!.partial).toBeUndefined();
  });

  it('a title that promises a comparison shows it; otherwise it does not promise one', async () => {
    const compared = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    const metric = card(compared, 'metric').data;
    expect(metric.title).toBe('Total Amount · March · vs previous period');
    expect(metric.metrics[0]).toMatchObject({ previousLabel: 'Feb 1–28, 2026', format: USD });
    expect(metric.metrics[0]!.previous).toBeGreaterThan(0);
    expect(metric.metrics[0]!.change).toBeCloseTo(
      ((metric.metrics[0]!.value as number) - metric.metrics[0]!.previous!) / metric.metrics[0]!.previous!,
      10,
    );
    const breakdown = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    for (const c of breakdown.cards) if ('title' in c.data) expect(c.data.title).not.toMatch(/\bvs\b/);
    const noPeriod = await show(shop, plan({ measures: [M.amount], comparison: 'previous_year' }));
    expect(card(noPeriod, 'metric').data.title).toBe('Total Amount');
    expect(card(noPeriod, 'metric').data.metrics[0]!.previous).toBeUndefined();
  });

  it('resolves the periods for the evidence', async () => {
    const march = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-03-01', '2026-04-01', 'last month'),
        comparison: 'previous_period',
      }),
    );
    expect(march.periods).toEqual([
      'last month = Mar 1–31, 2026',
      'previous period = Feb 1–28, 2026',
      'data covers Jan 10 – Apr 15, 2026',
    ]);
    const toDate = await show(
      shop,
      plan({ measures: [M.amount], timeRange: range('2026-04-01', '2026-04-16', 'this month') }),
    );
    expect(toDate.periods[0]).toBe('this month = Apr 1–15, 2026 (month not over)');
    expect(card(toDate, 'metric').data.description).toBe('Apr 1–15, 2026 (month not over)');
    const pastData = await show(
      shop,
      plan({ measures: [M.amount], timeRange: range('2026-04-01', '2026-05-01', 'April') }),
    );
    expect(pastData.periods[0]).toBe('April = Apr 1–15, 2026 (data to Apr 15)');
    const noTime = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(noTime.periods).toEqual([]);
  });
});

describe('comparison periods', () => {
  const p = (from: string, to: string, comparison: 'previous_period' | 'previous_year') =>
    previousRange(plan({ measures: [M.amount], timeRange: range(from, to, 'x'), comparison }));
  it.each([
    ['2026-10-01', '2026-11-01', 'previous_period', '2026-09-01', '2026-10-01'],
    ['2026-07-01', '2026-10-01', 'previous_period', '2026-04-01', '2026-07-01'],
    ['2026-11-01', '2026-11-23', 'previous_period', '2026-10-01', '2026-10-23'],
    ['2026-10-01', '2026-11-23', 'previous_period', '2026-07-01', '2026-08-23'],
    ['2026-01-01', '2026-11-23', 'previous_period', '2025-01-01', '2025-11-23'],
    ['2026-03-01', '2026-03-31', 'previous_period', '2026-02-01', '2026-02-28'],
    ['2026-11-16', '2026-11-23', 'previous_period', '2026-11-09', '2026-11-16'],
    ['2026-01-01', '2026-11-23', 'previous_year', '2025-01-01', '2025-11-23'],
    ['2024-02-29', '2024-03-01', 'previous_year', '2023-02-28', '2023-03-01'],
  ] as const)('%s → %s (%s) is compared with %s → %s', (from, to, kind, pFrom, pTo) => {
    expect(p(from, to, kind)).toMatchObject({ from: pFrom, to: pTo });
  });
});
