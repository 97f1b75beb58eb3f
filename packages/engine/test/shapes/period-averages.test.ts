import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, openCinemas } from './fixture';

// Averages of period totals (understand/period-averages.ts): the mean of each day's (week's…)
// total over the days with bookings; prices stay plain averages.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

const meanOf = (total: string, grain: string, where: string, by = '') =>
  `SELECT ${by ? `${by}, ` : ''}AVG(t) FROM (SELECT ${by ? `${by}, ` : ''}date_trunc('${grain}', booking_date) AS p, ${total} AS t FROM bookings JOIN cinemas USING (cinema_id) WHERE ${where} GROUP BY ${by ? `${by}, ` : ''}p)${by ? ` GROUP BY ${by}` : ''}`;

describe('the average of period totals', () => {
  it.each([
    [
      'average daily takings in October 2026',
      meanOf('SUM(takings)', 'day', "booking_date BETWEEN '2026-10-01' AND '2026-10-31'"),
    ],
    [
      'avg bookings per day last month',
      meanOf('COUNT(*)', 'day', "booking_date BETWEEN '2026-10-01' AND '2026-10-31'"),
    ],
    [
      'What is the average number of seats a week in Q3 2026?',
      meanOf('SUM(seats)', 'week', "booking_date BETWEEN '2026-07-01' AND '2026-09-30'"),
    ],
    [
      'mean monthly takings in 2025',
      meanOf('SUM(takings)', 'month', "booking_date BETWEEN '2025-01-01' AND '2025-12-31'"),
    ],
    [
      'average daily takings by city this month',
      meanOf('SUM(takings)', 'day', "booking_date >= '2026-11-01'", 'city'),
    ],
  ])('%s', async (question, sql) => {
    const a = await ask(db, question);
    expect(a.plan?.measures[0]?.over?.grain, a.reading).toBeDefined();
    await expectAnswerHas(db, a, sql);
  });

  it('says the mean is over the days that have rows', async () => {
    const a = await ask(db, 'average daily takings in October 2026');
    expect(a.reading).toMatch(/average over the days with bookings/);
  });

  it('a measurement of each booking (a wait) is no total to average per day', async () => {
    const a = await ask(db, 'average wait minutes per day last month');
    expect(a.status === 'answered' && a.plan?.measures.some((m) => m.over), a.reading).toBe(false);
  });

  it.each(['average monthly ticket price in 2025', 'average ticket price per day last month'])(
    '%s: a price is averaged over its rows, never summed per period',
    async (question) => {
      const a = await ask(db, question);
      expect(
        a.plan?.measures.every((m) => m.agg === 'avg' && !m.over),
        a.reading,
      ).toBe(true);
    },
  );
});
