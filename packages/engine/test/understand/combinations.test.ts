import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combinationsWording } from '../../src/understand/combinations';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => demo.warehouse.close());

const BY_REGION_AND_CHANNEL = `SELECT s.region, o.channel, SUM(o.revenue) FROM orders o
  JOIN stores s ON s.store_id = o.store_id GROUP BY 1, 2`;

describe('combinations of two things, ranked', () => {
  it.each([
    ['What are the top 3 combinations of region and channel by revenue?', 'DESC', 3],
    ['the bottom 2 pairs of region and channel by revenue', 'ASC', 2],
  ])('"%s"', async (question, dir, n) => {
    const answer = await ask(demo, question);
    expect(answer.plan?.dimensions).toHaveLength(2);
    await expectSameRows(demo, answer, `${BY_REGION_AND_CHANNEL} ORDER BY 3 ${dir} LIMIT ${n}`, [], true);
  });

  it('counts the rows said as what the combinations have the most of', async () => {
    const answer = await ask(demo, 'Which 4 combinations of region and channel have the most orders?');
    expect(answer.plan?.order[0]?.dir).toBe('desc');
    expect(answer.plan?.limit).toBe(4);
    expect(answer.rows).toHaveLength(4);
  });

  it('groups by every combination asked for, unranked', async () => {
    const answer = await ask(demo, 'total revenue for each combination of region and channel');
    expect(answer.plan?.order).toEqual([]);
    await expectSameRows(demo, answer, BY_REGION_AND_CHANNEL);
  });

  it('drops a closing sentence that only restates what was asked', () => {
    const w = combinationsWording(
      'Top 5 combinations of region and channel by revenue? Return the region, channel and revenue.',
    );
    expect(w?.text).toBe('revenue for each region and channel?');
    expect(w?.limit).toBe(5);
  });

  it('is no shape for one thing alone', () => {
    expect(combinationsWording('the top 5 combinations of toppings by price')).toBeNull();
  });
});
