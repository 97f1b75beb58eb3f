import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, expectDeclined, openCinemas } from './fixture';

// Running totals (understand/running-totals.ts): each period's total so far.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('running totals', () => {
  it.each([
    [
      'cumulative takings by month in 2025',
      "SELECT SUM(SUM(takings)) OVER (ORDER BY date_trunc('month', booking_date)) FROM bookings WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY date_trunc('month', booking_date)",
    ],
    [
      'Show me the running total of bookings per day for last month',
      "SELECT date_trunc('day', booking_date), SUM(COUNT(*)) OVER (ORDER BY date_trunc('day', booking_date)) FROM bookings WHERE booking_date BETWEEN '2026-10-01' AND '2026-10-31' GROUP BY 1",
    ],
    [
      'How did seats add up week by week in Q3 2026?',
      "SELECT SUM(SUM(seats)) OVER (ORDER BY date_trunc('week', booking_date)) FROM bookings WHERE booking_date BETWEEN '2026-07-01' AND '2026-09-30' GROUP BY date_trunc('week', booking_date)",
    ],
    [
      'seats accumulated month by month this year',
      "SELECT SUM(SUM(seats)) OVER (ORDER BY date_trunc('month', booking_date)) FROM bookings WHERE booking_date >= '2026-01-01' GROUP BY date_trunc('month', booking_date)",
    ],
  ])('%s', async (question, sql) => {
    const a = await ask(db, question);
    expect(a.plan?.cumulative).toBe(true);
    await expectAnswerHas(db, a, sql, true);
  });

  it('restarts for each group beside the time grouping', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'cumulative takings by quarter for each city in 2025'),
      "SELECT city, date_trunc('quarter', booking_date), SUM(SUM(takings)) OVER (PARTITION BY city ORDER BY date_trunc('quarter', booking_date)) FROM bookings JOIN cinemas USING (cinema_id) WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2",
    );
  });

  it.each([
    // No time grouping: the total so far of what?
    'cumulative takings this year',
    // A price adds up to nothing.
    'running total of the average ticket price by month',
    // A moving window is no total from the start.
    'rolling total of takings by week',
  ])('%s: declined', async (question) => {
    const a = await ask(db, question);
    expectDeclined(a);
    expect(a.message).toContain('cannot compute running totals');
  });
});
