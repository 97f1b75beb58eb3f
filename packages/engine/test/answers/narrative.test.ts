import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { D, M, REGIONS, openShop, pct, plan, range, scalar, show, usd, type Shop } from './fixture';

// One test per sentence kind of "What the data says", each run on real DuckDB results: the
// sentence appears when its precondition holds and never when it does not.

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(async () => {
  await shop.warehouse.close();
});

/** No sentence may carry the sum of these values (a "total" of margins, say). */
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('sentence kinds', () => {
  it('rows: counts a listing, and says when rows were cut off', async () => {
    const all = await show(shop, plan({ measures: [], columns: [{ table: 'sales', column: 'region' }] }));
    const n = await scalar(shop, 'SELECT count(*) FROM sales');
    expect(all.of('rows')).toEqual([`${n.toLocaleString('en-US')} rows match the question.`]);
    const few = await show(
      shop,
      plan({ measures: [], columns: [{ table: 'sales', column: 'region' }], limit: 3 }),
    );
    expect(few.of('rows')).toEqual(['The first 3 matching rows are shown.']);
    const grouped = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(grouped.of('rows')).toEqual([]);
  });

  it('value: states a single figure in its format and period, never for a breakdown', async () => {
    const total = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-03-01' AND day < '2026-04-01'",
    );
    const one = await show(
      shop,
      plan({ measures: [M.amount], timeRange: range('2026-03-01', '2026-04-01', 'March') }),
    );
    expect(one.of('value')).toEqual([`**Total Amount** is ${usd(total)} for Mar 1–31, 2026.`]);
    const toDate = await show(
      shop,
      plan({ measures: [M.margin], timeRange: range('2026-04-01', '2026-04-20', 'this month') }),
    );
    expect(toDate.of('value')[0]).toMatch(
      /^\*\*Margin\*\* is \d+(\.\d)?% for Apr 1–15, 2026 \(data to Apr 15\)\.$/,
    );
    const breakdown = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(breakdown.of('value')).toEqual([]);
  });

  it('period-change: compares with the same days of the period before, and not when the data does not reach back', async () => {
    const march = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-03-01' AND day < '2026-04-01'",
    );
    const feb = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-02-01' AND day < '2026-03-01'",
    );
    const shown = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    const change = Math.round(((march - feb) / feb) * 1000) / 10;
    expect(shown.of('period-change')).toEqual([
      `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)}% from ${usd(feb)} in Feb 1–28, 2026.`,
    ]);
    // A rate changes in points, not in percent of itself.
    const rate = await show(
      shop,
      plan({
        measures: [M.margin],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    expect(rate.of('period-change')[0]).toMatch(
      /(pts from|About the same as) \d+(\.\d)?% in Feb 1–28, 2026\.$/,
    );
    // April to date (data ends Apr 15) is compared with Mar 1–15, not with all of March.
    const mtd = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-04-01', '2026-05-01', 'this month'),
        comparison: 'previous_period',
      }),
    );
    const mar15 = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-03-01' AND day < '2026-03-16'",
    );
    expect(mtd.of('period-change')[0]).toContain(`from ${usd(mar15)} in Mar 1–15, 2026.`);
    // February's previous period starts before the data (Jan 10): no change is claimed.
    const early = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-02-01', '2026-03-01', 'February'),
        comparison: 'previous_period',
      }),
    );
    expect(early.of('period-change')).toEqual([]);
    const plain = await show(
      shop,
      plan({ measures: [M.amount], timeRange: range('2026-03-01', '2026-04-01', 'March') }),
    );
    expect(plain.of('period-change')).toEqual([]);
  });

  it('no-comparison: says why an asked comparison is missing, and only then', async () => {
    const breakdown = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    // A breakdown over a whole period shows the period before in columns of its own.
    expect(breakdown.of('no-comparison')).toEqual([]);
    const table = breakdown.cards.find((c) => c.type === 'table');
    expect(table?.type === 'table' && table.data.columns.map((c) => [c.header, c.format?.style])).toEqual([
      ['Region', undefined],
      ['Total Amount', 'currency'],
      ['Total Amount (period before March)', 'currency'],
      ['Change in Total Amount', 'currency'],
      ['% change in Total Amount', 'percent'],
    ]);
    const openBreakdown = await show(
      shop,
      plan({ measures: [M.amount], dimensions: [D.region], comparison: 'previous_period' }),
    );
    expect(openBreakdown.of('no-comparison')).toEqual([
      'The comparison with the previous period is not shown: the question names no whole period to compare.',
    ]);
    const noPeriod = await show(shop, plan({ measures: [M.amount], comparison: 'previous_year' }));
    expect(noPeriod.of('no-comparison')).toEqual([
      'The comparison with a year earlier is not shown: the question names no period to compare.',
    ]);
    const beforeData = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-02-01', '2026-03-01', 'February'),
        comparison: 'previous_period',
      }),
    );
    expect(beforeData.of('no-comparison')).toEqual(['There is no data for Jan 1–31, 2026 to compare with.']);
    const compared = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparison: 'previous_period',
      }),
    );
    expect(compared.of('no-comparison')).toEqual([]);
  });

  it('period-change and no-comparison: a single figure against a named period read in the same query', async () => {
    const march = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-03-01' AND day < '2026-04-01'",
    );
    const feb = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-02-01' AND day < '2026-03-01'",
    );
    const named = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-03-01', '2026-04-01', 'March'),
        comparisonRange: range('2026-02-01', '2026-03-01', 'February'),
      }),
    );
    const change = Math.round(((march - feb) / feb) * 1000) / 10;
    expect(named.of('period-change')).toEqual([
      `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)}% from ${usd(feb)} in Feb 1–28, 2026.`,
    ]);
    expect(named.of('no-comparison')).toEqual([]);
    // January starts before the data (Jan 10): the change would be of a part of it.
    const partly = await show(
      shop,
      plan({
        measures: [M.amount],
        timeRange: range('2026-02-01', '2026-03-01', 'February'),
        comparisonRange: range('2026-01-01', '2026-02-01', 'January'),
      }),
    );
    expect(partly.of('period-change')).toEqual([]);
    expect(partly.of('no-comparison')).toEqual([
      'The data does not cover all of Jan 1–31, 2026: no change is shown.',
    ]);
  });

  it('total: sums an additive measure over a complete result, never margins, averages, distinct counts, temperatures or a top N', async () => {
    const total = await scalar(shop, 'SELECT sum(amount) FROM sales');
    const byRegion = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(byRegion.of('total')).toEqual([`**Total Amount** across all 3 Region values: ${usd(total)}.`]);
    const cells = await show(shop, plan({ measures: [M.amount], dimensions: [D.region, D.channel] }));
    expect(cells.of('total')).toEqual([
      `**Total Amount** across all 6 Region · Channel combinations: ${usd(total)}.`,
    ]);
    const profit = await show(shop, plan({ measures: [M.profit], dimensions: [D.region] }));
    expect(profit.of('total')).toHaveLength(1);

    const margins = await show(shop, plan({ measures: [M.margin], dimensions: [D.region] }));
    expect(margins.of('total')).toEqual([]);
    const added = sumOf(margins.view.rows.map((r) => Number(r[1])));
    for (const text of margins.texts) {
      expect(text).not.toContain(pct(added));
      expect(text).not.toMatch(/total/i);
    }
    for (const m of [M.avgDiscount, M.regions, M.temperature, M.returnRate]) {
      expect((await show(shop, plan({ measures: [m], dimensions: [D.region] }))).of('total')).toEqual([]);
    }
    const top2 = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region],
        order: [{ kind: 'measure', index: 0, dir: 'desc' }],
        limit: 2,
      }),
    );
    expect(top2.of('total')).toEqual([]);
    // The top one of each region leaves the others out: their sum is no total.
    const topPerRegion = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region, D.channel],
        order: [{ kind: 'measure', index: 0, dir: 'desc' }],
        perGroupLimit: 1,
      }),
    );
    expect(topPerRegion.view.rows).toHaveLength(3);
    expect(topPerRegion.of('total')).toEqual([]);
    expect(topPerRegion.of('group-leader')).toEqual([]);
  });

  it('group-leader: names the largest group of cells only when the cells add up', async () => {
    const shown = await show(shop, plan({ measures: [M.amount], dimensions: [D.region, D.channel] }));
    const r = await shop.warehouse.query(
      'SELECT region, sum(amount) AS s FROM sales GROUP BY region ORDER BY s DESC LIMIT 1',
    );
    const [region, value] = r.rows[0] as [string, number];
    expect(shown.of('group-leader')).toEqual([
      `Adding up all Channel values, the largest Region is **${region}** with ${usd(value)}.`,
    ]);
    const margins = await show(shop, plan({ measures: [M.margin], dimensions: [D.region, D.channel] }));
    expect(margins.of('group-leader')).toEqual([]);
    // With two dimensions a value is a cell, never a region's total.
    for (const text of margins.texts)
      for (const name of REGIONS) expect(text).not.toMatch(new RegExp(`\\*\\*${name}\\*\\*`));
    expect(margins.of('extremes')[0]).toMatch(/^Highest cell: \*\*\w+ · \w+\*\*/);
    const single = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(single.of('group-leader')).toEqual([]);
  });

  it('extremes: highest and lowest rows, lowest never for a top N, partial periods left out', async () => {
    const margins = await show(shop, plan({ measures: [M.margin], dimensions: [D.region] }));
    const r = await shop.warehouse.query(
      'SELECT region, (sum(amount) - sum(cost)) / sum(amount) AS m FROM sales GROUP BY region ORDER BY m DESC',
    );
    const rows = r.rows as [string, number][];
    expect(margins.of('extremes')).toEqual([
      `Highest: **${rows[0]![0]}** (${pct(rows[0]![1])}); lowest: **${rows[2]![0]}** (${pct(rows[2]![1])}).`,
    ]);
    const top2 = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.region],
        order: [{ kind: 'measure', index: 0, dir: 'desc' }],
        limit: 2,
      }),
    );
    expect(top2.of('extremes')[0]).toMatch(/^Highest: \*\*North\*\* \(\$[\d,]+\)\.$/);
    const byMonth = await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }));
    expect(byMonth.of('extremes')).toEqual([
      expect.stringMatching(
        /^Highest month: \*\*Mar 2026\*\* \(\$[\d,]+\); lowest: \*\*Feb 2026\*\* \(\$[\d,]+\)\.$/,
      ),
    ]);
    const flat = await show(shop, plan({ measures: [M.count], dimensions: [D.channel] }));
    expect(flat.of('extremes')).toEqual([]);
  });

  it('share: the leader’s share of an additive total, not of margins, months or a top N', async () => {
    const r = await shop.warehouse.query(
      'SELECT region, sum(amount) / (SELECT sum(amount) FROM sales) AS s FROM sales GROUP BY region ORDER BY s DESC LIMIT 1',
    );
    const [region, share] = r.rows[0] as [string, number];
    const shown = await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }));
    expect(shown.of('share')).toEqual([`**${region}** accounts for ${pct(share)} of Total Amount.`]);
    expect((await show(shop, plan({ measures: [M.margin], dimensions: [D.region] }))).of('share')).toEqual(
      [],
    );
    expect((await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }))).of('share')).toEqual([]);
    expect(
      (await show(shop, plan({ measures: [M.amount], dimensions: [D.region], share: true }))).of('share'),
    ).toEqual([]);
    expect(
      (
        await show(
          shop,
          plan({
            measures: [M.amount],
            dimensions: [D.region],
            order: [{ kind: 'measure', index: 0, dir: 'desc' }],
            limit: 2,
          }),
        )
      ).of('share'),
    ).toEqual([]);
  });

  it('trend: first to last complete period within one series; rates in points; never without time', async () => {
    const feb = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-02-01' AND day < '2026-03-01'",
    );
    const mar = await scalar(
      shop,
      "SELECT sum(amount) FROM sales WHERE day >= '2026-03-01' AND day < '2026-04-01'",
    );
    const byMonth = await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }));
    const change = Math.round(((mar - feb) / feb) * 1000) / 10;
    expect(byMonth.of('trend')).toEqual([
      `Total Amount went from ${usd(feb)} in Feb 2026 to ${usd(mar)} in Mar 2026 (+${change.toLocaleString('en-US')}%).`,
    ]);
    const rate = await show(shop, plan({ measures: [M.returnRate], dimensions: [D.month] }));
    expect(rate.of('trend')[0]).toMatch(
      /^Return Rate went from [\d.]+% in Feb 2026 to [\d.]+% in Mar 2026 \((no change|[+-][\d.]+ pts)\)\.$/,
    );
    // Two dimensions: one sentence per series, each within its own region.
    const perRegion = await show(shop, plan({ measures: [M.amount], dimensions: [D.month, D.region] }));
    const lines = perRegion.of('trend');
    expect(lines).toHaveLength(3);
    const north = await shop.warehouse.query(
      "SELECT sum(amount) FROM sales WHERE region = 'North' AND day >= '2026-02-01' AND day < '2026-03-01'",
    );
    const northLine = lines.find((l) => l.startsWith('**North**: '));
    expect(northLine).toContain(`Total Amount went from ${usd(Number(north.rows[0]![0]))} in Feb 2026 to `);
    expect((await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }))).of('trend')).toEqual(
      [],
    );
    // The best two months are not a series in time.
    const best = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.month],
        order: [{ kind: 'measure', index: 0, dir: 'desc' }],
        limit: 2,
      }),
    );
    expect(best.of('trend')).toEqual([]);
  });

  it('outliers: a far value among at least 8 complete periods, never among a few groups', async () => {
    const byWeek = await show(shop, plan({ measures: [M.amount], dimensions: [D.week] }));
    expect(byWeek.of('outliers')).toEqual([
      expect.stringMatching(/^Unusually high: \*\*Week of Mar 2, 2026\*\* \(\$[\d,]+\)\.$/),
    ]);
    expect((await show(shop, plan({ measures: [M.amount], dimensions: [D.region] }))).of('outliers')).toEqual(
      [],
    );
  });

  it('partial-period: flags months the data only partly covers, and no others', async () => {
    const byMonth = await show(shop, plan({ measures: [M.amount], dimensions: [D.month] }));
    expect(byMonth.of('partial-period')).toEqual([
      'Partial months: Jan 2026 (data from Jan 10), Apr 2026 (data to Apr 15); left out of highs, lows and changes.',
    ]);
    // No other sentence draws on a partial month.
    for (const s of byMonth.sentences.filter((x) => x.kind !== 'partial-period' && x.kind !== 'total'))
      expect(s.text).not.toMatch(/Jan 2026|Apr 2026/);
    const complete = await show(
      shop,
      plan({
        measures: [M.amount],
        dimensions: [D.month],
        timeRange: range('2026-02-01', '2026-04-01', 'Feb–Mar'),
      }),
    );
    expect(complete.of('partial-period')).toEqual([]);
  });
});
