import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

const PER_CUSTOMER_BY_SEGMENT = `SELECT c.customer_segment, SUM(o.revenue) / COUNT(DISTINCT o.customer_id)
  FROM orders o JOIN customers c ON c.customer_id = o.customer_id GROUP BY 1`;

describe('a figure per member within groups', () => {
  it.each([
    ['Revenue per customer by segment', PER_CUSTOMER_BY_SEGMENT],
    [
      'How much revenue does each customer bring in on average, by customer segment?',
      PER_CUSTOMER_BY_SEGMENT,
    ],
  ])('"%s" is the groups\' total over their distinct members', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
  it('stays a breakdown by member when no other group is named', async () => {
    const answer = await ask(demo, 'Revenue per customer');
    expect(answer.rows.length).toBeGreaterThan(10);
    expect(answer.sql).not.toContain('NULLIF');
  });
});
