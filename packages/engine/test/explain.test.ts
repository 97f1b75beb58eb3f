import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainQuestion } from '../src/understand/why';
import { ask, openDemo, type Demo } from './setup';

describe('questions that ask for an explanation', () => {
  it.each([
    ['Why did our sales go down?', 'why', 'down'],
    ['What caused the increase in costs?', 'why', 'up'],
    ['how come signups are so low', 'why', 'down'],
    ['Which team is underperforming?', 'laggards', 'down'],
    ['which shop is lagging behind on turnover', 'laggards', 'down'],
    ['Which products are doing worst?', 'laggards', 'down'],
  ])('%s → %s, assumed %s', (question, kind, assumed) => {
    expect(explainQuestion(question)).toMatchObject({ kind, assumed });
  });

  it('keeps what the question is about once the explanation words are gone', () => {
    expect(explainQuestion('Why did sales drop in March?')?.rest).toBe('sales in March');
    expect(explainQuestion('Which team is underperforming on bookings?')?.rest).toBe(
      'Which team on bookings',
    );
  });

  it('reads "how did X develop" as X over time', () => {
    expect(explainQuestion('How did bookings develop this year?')).toMatchObject({
      kind: 'development',
      rest: 'bookings this year',
    });
    expect(explainQuestion('how has the churn rate evolved')).toMatchObject({ kind: 'development' });
  });

  it('leaves plain questions alone', () => {
    for (const q of ['total sales by month', 'how many orders were returned', 'how much did we sell'])
      expect(explainQuestion(q)).toBeNull();
  });
});

describe('explanations on the demo', () => {
  let demo: Demo;
  beforeAll(async () => {
    demo = await openDemo();
  });
  afterAll(async () => {
    await demo.warehouse.close();
  });

  const text = (a: Awaited<ReturnType<typeof ask>>) =>
    a.cards.flatMap((c) => (c.type === 'text' ? (c.data.content ?? []) : [])).join('\n');
  const table = (a: Awaited<ReturnType<typeof ask>>) => {
    const card = a.cards.find((c) => c.type === 'table');
    return card?.type === 'table' ? card.data.data : [];
  };
  const sum = async (sql: string, params: unknown[]) =>
    Number((await demo.warehouse.query(sql, { params })).rows[0]![0]);

  it('"why" compares the last four weeks with the four before, names both, and its parts add up', async () => {
    const a = await ask(demo, 'Why did revenue change?');
    expect(a.status).toBe('answered');
    expect(a.evidence.periods).toEqual([
      'the last 4 weeks = Oct 26 – Nov 22, 2026',
      'the period before = Sep 28 – Oct 25, 2026',
    ]);
    const after = await sum(
      "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-10-26' AND order_date < DATE '2026-11-23'",
      [],
    );
    const before = await sum(
      "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-09-28' AND order_date < DATE '2026-10-26'",
      [],
    );
    const money = (v: number) => `$${Math.round(v).toLocaleString('en-US')}`;
    expect(text(a)).toContain(`from ${money(before)} (Sep 28 – Oct 25, 2026) to ${money(after)}`);
    // Within each attribute, the values' changes add up to the change of the whole.
    const rows = table(a) as { segment: string; before: number; after: number }[];
    const regions = rows.filter((r) => r.segment.startsWith('Region: '));
    expect(regions.length).toBe(5);
    const change = regions.reduce((s, r) => s + r.after - r.before, 0);
    expect(change).toBeCloseTo(after - before, 2);
  });

  it('says so when the data moved the other way than the question assumes', async () => {
    const a = await ask(demo, 'Why did revenue fall last month?');
    const before = await sum(
      "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-09-01' AND order_date < DATE '2026-10-01'",
      [],
    );
    const after = await sum(
      "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-10-01' AND order_date < DATE '2026-11-01'",
      [],
    );
    expect(a.evidence.periods[0]).toBe('last month = Oct 1–31, 2026');
    if (after > before) expect(text(a)).toMatch(/^It did not fall: \*\*Total Revenue\*\* rose/);
    else expect(text(a)).toMatch(/^\*\*Total Revenue\*\* fell/);
  });

  it('"which region is underperforming" ranks the regions by their own change, worst first', async () => {
    const a = await ask(demo, 'Which region is underperforming?');
    expect(a.status).toBe('answered');
    const change = (
      await demo.warehouse.query(
        `SELECT s.region,
           sum(o.revenue) FILTER (WHERE o.order_date >= DATE '2026-10-26') /
           sum(o.revenue) FILTER (WHERE o.order_date < DATE '2026-10-26') - 1 AS change
         FROM orders o JOIN stores s USING (store_id)
         WHERE o.order_date >= DATE '2026-09-28' AND o.order_date < DATE '2026-11-23'
         GROUP BY 1 ORDER BY 2`,
      )
    ).rows;
    const [worst, rate] = change[0] as [string, number];
    if (rate < 0) expect(text(a)).toContain(`**${worst}**`);
    else expect(text(a)).toMatch(/^No Region did worse/);
  });

  it("a group named on a table without dates is still ranked by the facts' main measure", async () => {
    // Products carry a list price but no date: the change is of the orders' revenue.
    const a = await ask(demo, 'Which product category is underperforming?');
    expect(a.status).toBe('answered');
    expect(a.reading).toMatch(/^Total Revenue, .* split by Category$/);
  });

  it('says it cannot explain rather than answering the plain figure as the explanation', async () => {
    const a = await ask(demo, 'Why did the list price of the laptop drop?');
    expect(a.status).toBe('declined');
    expect(a.message).toMatch(/^I cannot compute an explanation of this change yet/);
  });

  it('splits a filtered measure within its filter, and names it', async () => {
    const a = await ask(demo, 'Why is profit so low in Europe?');
    expect(a.status).toBe('answered');
    expect(a.reading).toMatch(/^Total Profit in Europe, /);
    expect((table(a) as { segment: string }[]).some((r) => r.segment.startsWith('Region: '))).toBe(false);
  });

  it('never explains another measure than the one asked about', async () => {
    const a = await ask(demo, 'Why did the zorbality index rise?');
    expect(a.reading).not.toMatch(/Revenue/);
  });

  it('"how did X develop" answers with X over time', async () => {
    const a = await ask(demo, 'How did profit develop this year?');
    expect(a.status).toBe('answered');
    expect(a.plan?.intent).toBe('trend');
    expect(a.plan?.dimensions[0]?.grain).toBe('month');
    expect(a.rows.length).toBe(11);
  });
});
