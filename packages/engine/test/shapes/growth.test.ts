import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, expectDeclined, openCinemas } from './fixture';

// Growth between two periods and along a time grouping (understand/growth.ts), as a fraction of
// the earlier value (0.25 = 25 %).

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

const growth = (measure: string, later: [string, string], earlier: [string, string], by = '') => {
  const [lf, lt] = later;
  const [ef, et] = earlier;
  const cur = `${measure} FILTER (WHERE booking_date BETWEEN '${lf}' AND '${lt}')`;
  const prev = `${measure} FILTER (WHERE booking_date BETWEEN '${ef}' AND '${et}')`;
  const from = by ? 'bookings JOIN cinemas USING (cinema_id)' : 'bookings';
  return `SELECT ${by ? `${by}, ` : ''}(${cur} - ${prev}) / ${prev} FROM ${from}${by ? ` GROUP BY ${by}` : ''}`;
};

describe('growth between two periods', () => {
  it.each([
    [
      'takings growth last month vs the month before',
      growth('SUM(takings)', ['2026-10-01', '2026-10-31'], ['2026-09-01', '2026-09-30']),
    ],
    [
      'By what percent are bookings up this year compared with the same period last year?',
      growth('COUNT(*)', ['2026-01-01', '2026-11-22'], ['2025-01-01', '2025-11-22']),
    ],
    [
      'how much did seats grow in Q2 2026 compared with Q2 2025',
      growth('SUM(seats)', ['2026-04-01', '2026-06-30'], ['2025-04-01', '2025-06-30']),
    ],
    [
      'year to date takings growth vs last year',
      growth('SUM(takings)', ['2026-01-01', '2026-11-22'], ['2025-01-01', '2025-11-22']),
    ],
    [
      'percentage change in seats in August 2026 vs the previous month',
      growth('SUM(seats)', ['2026-08-01', '2026-08-31'], ['2026-07-01', '2026-07-31']),
    ],
  ])('%s', async (question, sql) => {
    const a = await ask(db, question);
    expect(a.plan?.comparisonRange, a.reading).toBeDefined();
    await expectAnswerHas(db, a, sql);
  });

  it('per group: one row each with its growth', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'takings growth per city Q3 2026 vs Q3 2025'),
      growth('SUM(takings)', ['2026-07-01', '2026-09-30'], ['2025-07-01', '2025-09-30'], 'city'),
    );
  });

  it('a period running to today is set against the same days of the one before', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'bookings growth this month vs last month'),
      growth('COUNT(*)', ['2026-11-01', '2026-11-22'], ['2026-10-01', '2026-10-22']),
    );
  });

  it('the answer says the growth in words', async () => {
    const a = await ask(db, 'takings growth last month vs the month before');
    const text = a.cards.find((c) => c.type === 'text');
    expect(JSON.stringify(text)).toMatch(/(Up|Down) \d+(\.\d)?% from/);
  });
});

describe('growth along a time grouping', () => {
  it('each month against the one before', async () => {
    const a = await ask(db, 'monthly takings growth in 2025');
    expect(a.plan?.periodChange).toBe(true);
    await expectAnswerHas(
      db,
      a,
      "SELECT date_trunc('month', booking_date), SUM(takings) / LAG(SUM(takings)) OVER (ORDER BY date_trunc('month', booking_date)) - 1 FROM bookings WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1",
      true,
    );
  });
});

describe('growth that is not read', () => {
  it.each([
    // Ranked by growth: the plan orders by the change, not the % change.
    'which city grew the most this year vs last year',
    'top 2 cinemas by takings growth vs last year',
  ])('%s: declined', async (question) => {
    expectDeclined(await ask(db, question));
  });
});
