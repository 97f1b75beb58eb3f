import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, expectSameRows, openDemo, type Demo } from './setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

describe('one value', () => {
  it.each([
    ['How many orders are there?', 'SELECT count(*) FROM orders'],
    ['How many different customers placed an order?', 'SELECT count(DISTINCT customer_id) FROM orders'],
    ['What is the total revenue?', 'SELECT sum(revenue) FROM orders'],
    ['What is the average profit?', 'SELECT avg(profit) FROM orders'],
    ['What is the maximum quantity?', 'SELECT max(quantity) FROM orders'],
    ['What is the minimum cost?', 'SELECT min(cost) FROM orders'],
    [
      'Total revenue in Europe',
      "SELECT sum(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region = 'Europe'",
    ],
    ['How many orders have a quantity of more than 3?', 'SELECT count(*) FROM orders WHERE quantity > 3'],
    [
      'How many orders have revenue between 100 and 200?',
      'SELECT count(*) FROM orders WHERE revenue BETWEEN 100 AND 200',
    ],
    [
      'How many orders are not from the Online channel?',
      "SELECT count(*) FROM orders WHERE channel <> 'Online'",
    ],
  ])('%s', async (question, sql) => {
    const a = await ask(demo, question);
    await expectSameRows(demo, a, sql);
    expect(a.cards.some((c) => c.type === 'metric')).toBe(true);
  });
});

describe('breakdowns, rankings and comparisons', () => {
  it('breaks revenue down by region (bar chart)', async () => {
    const a = await ask(demo, 'Revenue by region');
    await expectSameRows(
      demo,
      a,
      'SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1',
    );
    expect(a.cards.find((c) => c.type === 'chart')?.data).toMatchObject({
      options: { chart: { type: 'bar' } },
    });
  });
  it('breaks down by two attributes', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Revenue by region and category'),
      'SELECT s.region, p.category, sum(revenue) FROM orders o JOIN stores s USING (store_id) JOIN products p USING (product_id) GROUP BY 1, 2',
    );
  });
  it('shows a trend by month (line chart)', async () => {
    const a = await ask(demo, 'Revenue by month');
    await expectSameRows(
      demo,
      a,
      "SELECT CAST(date_trunc('month', order_date) AS DATE), sum(revenue) FROM orders GROUP BY 1 ORDER BY 1",
      [],
      true,
    );
    expect(a.plan?.intent).toBe('trend');
    expect(a.cards.find((c) => c.type === 'chart')?.data).toMatchObject({
      options: { chart: { type: 'line' } },
    });
  });
  it('ranks the top 3', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Top 3 regions by revenue'),
      'SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
      [],
      true,
    );
  });
  it('ranks the bottom 2', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Bottom 2 categories by profit'),
      'SELECT p.category, sum(profit) FROM orders o JOIN products p USING (product_id) GROUP BY 1 ORDER BY 2 ASC LIMIT 2',
      [],
      true,
    );
  });
  it('answers a superlative over groups', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Which region had the highest revenue?'),
      'SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1 ORDER BY 2 DESC LIMIT 1',
    );
  });
  it('answers a superlative over records', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Which product has the highest list price?'),
      'SELECT product_name, list_price FROM products ORDER BY list_price DESC LIMIT 1',
    );
  });
  it('gives the share of total (pie chart)', async () => {
    const a = await ask(demo, 'Share of revenue by category');
    await expectSameRows(
      demo,
      a,
      'SELECT p.category, sum(revenue) / (SELECT sum(revenue) FROM orders) FROM orders o JOIN products p USING (product_id) GROUP BY 1',
    );
    expect(a.cards.find((c) => c.type === 'chart')?.data).toMatchObject({
      options: { chart: { type: 'pie' } },
    });
  });
  it('compares members', async () => {
    const a = await ask(demo, 'Revenue in Europe vs Asia');
    await expectSameRows(
      demo,
      a,
      "SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region IN ('Europe', 'Asia') GROUP BY 1",
    );
    expect(a.plan?.intent).toBe('compare_members');
  });
  it('compares periods with a change on the metric card', async () => {
    const a = await ask(demo, 'Revenue last quarter vs previous period');
    await expectSameRows(
      demo,
      a,
      "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-07-01' AND order_date < DATE '2026-10-01'",
    );
    const before = Number(
      (
        await demo.warehouse.query(
          "SELECT sum(revenue) FROM orders WHERE order_date >= DATE '2026-04-01' AND order_date < DATE '2026-07-01'",
        )
      ).rows[0]![0],
    );
    const metric = a.cards.find((c) => c.type === 'metric');
    const change = metric?.type === 'metric' ? metric.data.metrics[0]!.change : null;
    expect(change).toBeCloseTo((Number(a.rows[0]![0]) - before) / before, 6);
  });
  it('shows a distribution', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Distribution of orders by channel'),
      'SELECT channel, count(*) FROM orders GROUP BY 1',
    );
  });
  it('shows a correlation (scatter)', async () => {
    const a = await ask(demo, 'Correlation between quantity and revenue');
    expect(a.plan?.intent).toBe('correlation');
    expect(a.cards.find((c) => c.type === 'chart')?.data).toMatchObject({
      options: { chart: { type: 'scatter' } },
    });
    expect(a.rows.length).toBe(1000);
  });
  it('lists records with filters and ordering', async () => {
    const a = await ask(
      demo,
      'Show the order id and revenue of orders from Europe ordered by revenue descending',
    );
    await expectSameRows(
      demo,
      a,
      "SELECT order_id, revenue FROM orders o JOIN stores s USING (store_id) WHERE s.region = 'Europe' ORDER BY revenue DESC LIMIT 1000",
      [],
      false,
    );
    expect(a.cards.some((c) => c.type === 'table')).toBe(true);
  });
  it('"how much profit did the laptop make" is the total of its orders, not each order\'s profit', async () => {
    const a = await ask(demo, 'how much profit did the laptop make');
    await expectSameRows(
      demo,
      a,
      "SELECT sum(o.profit) FROM orders o JOIN products p USING (product_id) WHERE p.product_name = 'Laptop'",
    );
  });
  it('"orders placed last month by channel" counts the orders of each channel', async () => {
    const a = await ask(demo, 'Orders placed last month by channel');
    await expectSameRows(
      demo,
      a,
      "SELECT channel, count(*) FROM orders WHERE order_date >= DATE '2026-10-01' AND order_date < DATE '2026-11-01' GROUP BY 1",
    );
  });
  it('"ordered in October" is when the orders were placed, not a sorting', async () => {
    const a = await ask(demo, 'How many customers ordered in October?');
    expect(a.plan?.order).toEqual([]);
    await expectSameRows(
      demo,
      a,
      "SELECT count(DISTINCT customer_id) FROM orders WHERE order_date >= DATE '2026-10-01' AND order_date < DATE '2026-11-01'",
    );
  });
  it('lists names with a comparison', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'List the names of products with a list price above 200'),
      // The names asked for; "List" opening the question is no mention of list_price.
      'SELECT product_name FROM products WHERE list_price > 200',
    );
  });
  it('joins along a foreign key', async () => {
    await expectSameRows(
      demo,
      await ask(demo, 'Total revenue by customer segment'),
      'SELECT c.customer_segment, sum(o.revenue) FROM orders o JOIN customers c ON o.customer_id = c.customer_id GROUP BY 1',
    );
  });
});

describe('every answer carries evidence and cards', () => {
  it('has reading, SQL, row count, tables and follow-up actions', async () => {
    const a = await ask(demo, 'Revenue by region');
    expect(a.evidence).toMatchObject({
      reading: 'Total Revenue by Region',
      rowCount: 5,
      tables: ['orders', 'stores'],
    });
    expect(a.sql).toContain('GROUP BY');
    expect(a.params).toEqual([]);
    const action = a.cards.find((c) => c.type === 'action');
    expect(action?.type === 'action' && action.data.actions.length).toBe(3);
    const text = a.cards.find((c) => c.type === 'text');
    expect(text?.type === 'text' && text.data.content?.join(' ')).toMatch(
      /^\*\*Total Revenue\*\* across all 5 Region values: \$[\d,]+\. Highest: /,
    );
  });
});

describe('derived metrics', () => {
  it('answers a metric defined in the model', async () => {
    const model = {
      ...demo.model,
      metrics: [
        {
          name: 'margin',
          label: 'Margin',
          table: 'orders',
          expression: 'SUM("profit") / SUM("revenue")',
          synonyms: ['profitability'],
          definition: 'Profit over revenue',
        },
      ],
    };
    const { validateMetric } = await import('../src/model/metrics');
    expect(validateMetric(model.metrics[0]!, model)).toEqual([]);
    expect(
      validateMetric({ ...model.metrics[0]!, expression: 'SUM("profit"); DROP TABLE orders' }, model).length,
    ).toBeGreaterThan(0);
    const { answerOnce } = await import('../src/answer/answer');
    const a = await answerOnce({
      question: 'margin by region',
      model,
      warehouse: demo.warehouse,
      now: new Date('2026-11-22T12:00:00Z'),
    });
    await expectSameRows(
      demo,
      a,
      'SELECT s.region, sum(profit) / sum(revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1',
    );
  });
});

describe('contracts', () => {
  it('every card and plan matches the shared schemas, and events stream in order', async () => {
    const { ZCard, ZQueryPlan } = await import('@catalyst/contracts');
    const { answer } = await import('../src/answer/answer');
    for (const q of [
      'Revenue by month',
      'Share of revenue by category',
      'Total revenue this year vs last year',
      'Correlation between quantity and revenue',
      'List the names of products with a list price above 200',
    ]) {
      const types: string[] = [];
      let done: Awaited<ReturnType<typeof ask>> | undefined;
      for await (const e of answer({
        question: q,
        model: demo.model,
        warehouse: demo.warehouse,
        now: new Date('2026-11-22T12:00:00Z'),
      })) {
        types.push(e.type);
        if (e.type === 'card')
          expect(ZCard.safeParse(e.card).success, JSON.stringify(e.card).slice(0, 200)).toBe(true);
        if (e.type === 'done') done = e.answer;
      }
      expect(types[0]).toBe('loader');
      expect(types.indexOf('plan')).toBeLessThan(types.indexOf('card'));
      expect(types[types.length - 1]).toBe('done');
      expect(ZQueryPlan.safeParse(done?.plan).success).toBe(true);
    }
  });
});

describe('numbers, comparisons and exclusions', () => {
  it.each([
    ['How many orders have a quantity of at least 4?', 'SELECT count(*) FROM orders WHERE quantity >= 4'],
    [
      'Total revenue excluding Europe',
      "SELECT sum(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region <> 'Europe'",
    ],
    [
      'How many customers are in the Corporate segment?',
      "SELECT count(*) FROM customers WHERE customer_segment = 'Corporate'",
    ],
    [
      'Average revenue in Asia last month',
      "SELECT avg(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region = 'Asia' AND order_date >= DATE '2026-10-01' AND order_date < DATE '2026-11-01'",
    ],
    [
      'Which category has the lowest profit?',
      'SELECT p.category, sum(profit) FROM orders o JOIN products p USING (product_id) GROUP BY 1 ORDER BY 2 ASC LIMIT 1',
    ],
    [
      'revenue in Eurpoe',
      "SELECT sum(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region = 'Europe'",
    ],
  ])('%s', async (question, sql) => {
    await expectSameRows(demo, await ask(demo, question), sql);
  });
});
