import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTimeWords } from '../src/understand/periods';
import { ask, expectSameRows, NOW, openDemo, type Demo } from './setup';

describe('business periods relative to 2026-11-22', () => {
  it.each([
    ['revenue last quarter', '2026-07-01', '2026-10-01'],
    ['revenue this quarter', '2026-10-01', '2026-11-23'],
    ['revenue YTD', '2026-01-01', '2026-11-23'],
    ['revenue year to date', '2026-01-01', '2026-11-23'],
    ['revenue MTD', '2026-11-01', '2026-11-23'],
    ['revenue last month', '2026-10-01', '2026-11-01'],
    ['revenue last week', '2026-11-09', '2026-11-16'],
    ['revenue last year', '2025-01-01', '2026-01-01'],
    // The last 30 days are 30 days, today the last of them, unless the first day is said too.
    ['revenue in the last 12 months', '2025-11-23', '2026-11-23'],
    ['revenue in the past 30 days', '2026-10-24', '2026-11-23'],
    ['revenue in the past 30 days, inclusive of 30 days ago', '2026-10-23', '2026-11-23'],
    ['revenue in the last 4 weeks', '2026-10-26', '2026-11-23'],
    // A month of the year said relatively, not the whole year.
    ['revenue in October of last year', '2025-10-01', '2025-11-01'],
    ['revenue March this year', '2026-03-01', '2026-04-01'],
    ['revenue in May last year', '2025-05-01', '2025-06-01'],
    // Units written short.
    ['revenue last 4 wks', '2026-10-26', '2026-11-23'],
    ['revenue last 3 mths', '2026-08-23', '2026-11-23'],
    ['revenue last mnth', '2026-10-01', '2026-11-01'],
    ['revenue in Q3 2025', '2025-07-01', '2025-10-01'],
    // Halves of a year.
    ['returns in the first half of 2026', '2026-01-01', '2026-07-01'],
    ['returns in H2 2025', '2025-07-01', '2026-01-01'],
    ['returns in the second half of last year', '2025-07-01', '2026-01-01'],
    // A quarter said without its year: the latest such quarter that has begun.
    ['returns in Q3', '2026-07-01', '2026-10-01'],
    ['returns in Q4', '2026-10-01', '2026-11-23'],
    ['returns in Q1 of last year', '2025-01-01', '2025-04-01'],
    ['returns in the second quarter', '2026-04-01', '2026-07-01'],
    ['returns in the fourth quarter of this year', '2026-10-01', '2027-01-01'],
    ['revenue since March', '2026-03-01', '2026-11-23'],
    ['revenue in 2025', '2025-01-01', '2026-01-01'],
    ['revenue in March 2026', '2026-03-01', '2026-04-01'],
    ['revenue between Jan 1, 2026 and Mar 31, 2026', '2026-01-01', '2026-04-01'],
    // A year said alone, and short forms of the units.
    ['headcount 2024', '2024-01-01', '2025-01-01'],
    ['show 2023 bookings by week', '2023-01-01', '2024-01-01'],
    ['cost per team last qtr', '2026-07-01', '2026-10-01'],
    ['visits this mo', '2026-11-01', '2026-11-23'],
    ['sign-ups last yr', '2025-01-01', '2026-01-01'],
  ])('%s', (question, from, to) => {
    expect(findTimeWords(question, NOW).period).toMatchObject({ from, to });
  });
  it.each([
    ['orders placed before March 2026', undefined, '2026-03-01'],
    ['revenue up to June 2025', undefined, '2025-07-01'],
    ['visits until Sep 2026', undefined, '2026-10-01'],
    ['orders after March 2026', '2026-04-01', undefined],
    ['orders from October 2026 onwards', '2026-10-01', undefined],
  ])('a month as one bound: %s', (question, from, to) => {
    const p = findTimeWords(question, NOW).period;
    expect([p?.from, p?.to]).toEqual([from, to]);
  });
  it('"January through March 2026" stays a range', () => {
    expect(findTimeWords('revenue from January through March 2026', NOW).period).toMatchObject({
      from: '2026-01-01',
      to: '2026-04-01',
    });
  });
  it.each([
    ['visits this week against last week', 'week', true, ['2026-11-09', '2026-11-16', '2026-11-16']],
    ['bookings in Q2 2024 versus Q2 2023', 'quarter', false, ['2023-04-01', '2023-07-01', '2024-04-01']],
    [
      'sign-ups in March 2026 compared with the same month a year before',
      'month',
      false,
      ['2025-03-01', '2025-04-01', '2026-03-01'],
    ],
    ['costs feb 2026 vs jan 2026', 'month', true, ['2026-01-01', '2026-02-01', '2026-02-01']],
  ])('two periods side by side: %s', (question, grain, contiguous, [aFrom, aTo, bFrom]) => {
    const c = findTimeWords(question, NOW).compared;
    expect(c).toMatchObject({ grain, contiguous });
    expect([c!.periods[0].from, c!.periods[0].to, c!.periods[1].from]).toEqual([aFrom, aTo, bFrom]);
  });
  it.each([
    ['visits growth from 2024 to 2025', 'year', ['2024-01-01', '2025-01-01', '2025-01-01']],
    [
      'how much did costs drop from Q1 2026 to Q2 2026',
      'quarter',
      ['2026-01-01', '2026-04-01', '2026-04-01'],
    ],
  ])('a change "from" one period "to" another compares them: %s', (question, grain, [aFrom, aTo, bFrom]) => {
    const c = findTimeWords(question, NOW).compared;
    expect(c?.grain).toBe(grain);
    expect([c!.periods[0].from, c!.periods[0].to, c!.periods[1].from]).toEqual([aFrom, aTo, bFrom]);
  });
  it('"from" one year "to" another without a change asked is no pair', () => {
    expect(findTimeWords('visits from 2024 to 2025', NOW).compared).toBeUndefined();
  });
  it("a period's possessive belongs to the period", () => {
    const text = "What were last month's visits?";
    const p = findTimeWords(text, NOW).period!;
    expect(text.slice(p.start, p.end)).toBe("last month's");
  });
  it('a pair is named so that it reads back as the same pair', () => {
    const first = findTimeWords('visits this year against the same period last year', NOW);
    const again = findTimeWords(`visits ${first.period!.label}`, NOW);
    expect(again.compared?.periods).toEqual(
      first.compared!.periods.map((p) => expect.objectContaining({ from: p.from, to: p.to })),
    );
  });
  it('one period with a comparison word is no pair', () => {
    expect(findTimeWords('compare stores by visits last month', NOW).compared).toBeUndefined();
  });
  it.each([
    'orders with more than 2000 units',
    'tickets after 2019',
    'employees hired between 2001 and 2004',
    'the invoice with number 2021',
    'price above $2000',
  ])('no year period: %s', (question) => {
    expect(findTimeWords(question, NOW).period?.label ?? '').not.toMatch(/^(19|20)\d\d$/);
  });
  it.each([
    ['revenue by day', 'day'],
    ['weekly orders', 'week'],
    ['revenue by month', 'month'],
    ['quarterly revenue', 'quarter'],
    ['revenue per year', 'year'],
  ])('grain: %s', (question, grain) => {
    expect(findTimeWords(question, NOW).grain?.grain).toBe(grain);
  });
  it.each([
    ['revenue last month vs previous month', 'previous_period'],
    ['revenue this year vs last year', 'previous_year'],
    ['revenue month over month', 'previous_period'],
    ['revenue week over week', 'previous_period'],
    ['revenue year over year', 'previous_year'],
  ])('comparison: %s', (question, kind) => {
    expect(findTimeWords(question, NOW).comparison?.kind).toBe(kind);
  });
});

describe('periods applied to the demo data', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await openDemo();
  });
  afterAll(async () => {
    await demo.warehouse.close();
  });
  const between = (from: string, to: string): string =>
    `SELECT sum(revenue) FROM orders WHERE order_date >= DATE '${from}' AND order_date < DATE '${to}'`;
  it.each([
    ['Revenue last quarter', '2026-07-01', '2026-10-01'],
    ['Revenue YTD', '2026-01-01', '2026-11-23'],
    ['Revenue MTD', '2026-11-01', '2026-11-23'],
    ['Revenue in the last 12 months', '2025-11-23', '2026-11-23'],
    ['Revenue in Q3 2025', '2025-07-01', '2025-10-01'],
    ['Revenue since March', '2026-03-01', '2026-11-23'],
  ])('%s', async (question, from, to) => {
    await expectSameRows(demo, await ask(demo, question), between(from, to));
  });
  it('groups by week within a period', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Orders by week last month'),
      "SELECT CAST(date_trunc('week', order_date) AS DATE), count(*) FROM orders WHERE order_date >= DATE '2026-10-01' AND order_date < DATE '2026-11-01' GROUP BY 1 ORDER BY 1",
      [],
      true,
    );
  });
  it('answers two periods named side by side with one row each', async () => {
    const a = await ask(demo, 'profit this quarter against last quarter');
    await expectSameRows(
      demo,
      a,
      "SELECT CAST(date_trunc('quarter', order_date) AS DATE), SUM(profit) FROM orders WHERE order_date >= DATE '2026-07-01' AND order_date < DATE '2026-11-23' GROUP BY 1",
    );
    const b = await ask(demo, 'profit in Q1 2026 compared with Q1 2025');
    await expectSameRows(
      demo,
      b,
      "SELECT CAST(date_trunc('quarter', order_date) AS DATE), SUM(profit) FROM orders WHERE order_date BETWEEN DATE '2025-01-01' AND DATE '2025-03-31' OR order_date BETWEEN DATE '2026-01-01' AND DATE '2026-03-31' GROUP BY 1",
    );
  });
  it('reads growth between periods as the change over the same days of the period before', async () => {
    const a = await ask(demo, 'profit growth this quarter vs last quarter');
    const sum = (from: string, to: string) =>
      `SUM(profit) FILTER (WHERE order_date >= DATE '${from}' AND order_date < DATE '${to}')`;
    const [now, before] = [sum('2026-10-01', '2026-11-23'), sum('2026-07-01', '2026-08-23')];
    await expectSameRows(
      demo,
      a,
      `SELECT ${now}, ${before}, ${now} - ${before}, (${now} - ${before}) / ABS(${before}) FROM orders`,
    );
  });
  it('compares a year still running with the same days of the year before', async () => {
    // Asked in November, "2026" has run to the 22nd: a whole 2025 against it would read as a fall.
    const a = await ask(demo, 'revenue growth from 2025 to 2026');
    const sum = (from: string, to: string) =>
      `SUM(revenue) FILTER (WHERE order_date >= DATE '${from}' AND order_date < DATE '${to}')`;
    const [now, before] = [sum('2026-01-01', '2026-11-23'), sum('2025-01-01', '2025-11-23')];
    await expectSameRows(
      demo,
      a,
      `SELECT ${now}, ${before}, ${now} - ${before}, (${now} - ${before}) / ABS(${before}) FROM orders`,
    );
  });
  it('compares this year with last year', async () => {
    const a = await ask(demo, 'Revenue this year vs last year');
    await expectSameRows(demo, a, between('2026-01-01', '2026-11-23'));
    const before = Number((await demo.warehouse.query(between('2025-01-01', '2025-11-23'))).rows[0]![0]);
    const metric = a.cards.find((c) => c.type === 'metric');
    expect(metric?.type === 'metric' && metric.data.metrics[0]!.change).toBeCloseTo(
      (Number(a.rows[0]![0]) - before) / before,
      6,
    );
  });
});
