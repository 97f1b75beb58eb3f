import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, expectDeclined, openCinemas } from './fixture';

// Medians and percentiles of what one thing is worth (understand/entity-values.ts): bookings
// hold one row per booking, and the metric Average Booking Value sums takings per booking.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('the value of one booking', () => {
  it.each([
    ['What is the median booking value?', 'SELECT median(takings) FROM bookings'],
    [
      'the median value of a booking in 2025',
      "SELECT median(takings) FROM bookings WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31'",
    ],
    ['median takings per booking', 'SELECT median(takings) FROM bookings'],
    [
      'p90 booking value by city',
      'SELECT city, quantile_cont(takings, 0.9) FROM bookings JOIN cinemas USING (cinema_id) GROUP BY city',
    ],
    ['the lower quartile of booking value', 'SELECT quantile_cont(takings, 0.25) FROM bookings'],
  ])('%s', async (question, sql) => {
    await expectAnswerHas(db, await ask(db, question), sql);
  });

  it('names what the value is', async () => {
    const a = await ask(db, 'median booking value');
    expect(a.columns[0]).toBe('Median booking value (Takings)');
  });

  it('a value no metric defines is not read as another column', async () => {
    expectDeclined(await ask(db, 'median cinema value'));
  });
});
