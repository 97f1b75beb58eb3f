import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, expectSameRows, openDemo, type Demo } from './setup';
import { looksLikeFollowUp } from '../src/understand/followup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

async function thread(questions: string[]) {
  const history: { question: string; plan: Awaited<ReturnType<typeof ask>>['plan'] }[] = [];
  let last = await ask(demo, questions[0]!);
  history.push({ question: questions[0]!, plan: last.plan });
  for (const q of questions.slice(1)) {
    last = await ask(demo, q, history);
    history.push({ question: q, plan: last.plan });
  }
  return last;
}

describe('follow-ups refine the previous plan', () => {
  it('"and by month?" adds a time grain', async () => {
    const a = await thread(['Total revenue last year', 'and by month?']);
    await expectSameRows(
      demo,
      a,
      "SELECT CAST(date_trunc('month', order_date) AS DATE), sum(revenue) FROM orders WHERE order_date >= DATE '2025-01-01' AND order_date < DATE '2026-01-01' GROUP BY 1 ORDER BY 1",
      [],
      true,
    );
    expect(a.evidence.source).toBe('follow-up');
  });
  it('"only Europe" adds a filter', async () => {
    const a = await thread(['Revenue by category', 'only Europe']);
    await expectSameRows(
      demo,
      a,
      "SELECT p.category, sum(revenue) FROM orders o JOIN products p USING (product_id) JOIN stores s USING (store_id) WHERE s.region = 'Europe' GROUP BY 1",
    );
  });
  it('"what about profit?" swaps the measure', async () => {
    const a = await thread(['Revenue by region', 'what about profit?']);
    await expectSameRows(
      demo,
      a,
      'SELECT s.region, sum(profit) FROM orders o JOIN stores s USING (store_id) GROUP BY 1',
    );
  });
  it('"top 3 instead" re-ranks', async () => {
    const a = await thread(['Top 5 regions by revenue', 'top 3 instead']);
    await expectSameRows(
      demo,
      a,
      'SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
      [],
      true,
    );
  });
  it('"excluding Asia" removes a member', async () => {
    const a = await thread(['Revenue by region', 'excluding Asia']);
    await expectSameRows(
      demo,
      a,
      "SELECT s.region, sum(revenue) FROM orders o JOIN stores s USING (store_id) WHERE s.region <> 'Asia' GROUP BY 1",
    );
  });
  it('"and by segment?" adds a dimension through a join', async () => {
    const a = await thread(['Total revenue', 'and by segment?']);
    await expectSameRows(
      demo,
      a,
      'SELECT c.customer_segment, sum(o.revenue) FROM orders o JOIN customers c USING (customer_id) GROUP BY 1',
    );
  });
  it('a full new question is not a follow-up', async () => {
    expect(looksLikeFollowUp('How many customers are there?')).toBe(false);
    const a = await thread(['Revenue by region', 'How many customers are there?']);
    await expectSameRows(demo, a, 'SELECT count(*) FROM customers');
  });
});
