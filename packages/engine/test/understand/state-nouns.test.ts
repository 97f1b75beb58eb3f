import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// Events counted by the state they leave rows in: "cancellations" are the bookings whose status is
// "cancelled" (understand/by-meaning.ts, stateValueMentions).

let db: Demo;
beforeAll(async () => {
  const bookings = ['booking_id,hotel,booked_on,status,nights'];
  for (let k = 1; k <= 60; k++)
    bookings.push(
      `${k},${['Harbour Inn', 'Park Lodge', 'City Rooms'][k % 3]},2026-${String(1 + (k % 10)).padStart(2, '0')}-${String(1 + (k % 27)).padStart(2, '0')},${['confirmed', 'cancelled', 'refunded', 'completed'][k % 4]},${1 + (k % 5)}`,
    );
  db = await openCsvData({ 'bookings.csv': bookings.join('\n') + '\n' });
});
afterAll(async () => db.warehouse.close());

describe('a noun of an event names the rows in the state it leaves', () => {
  it('"how many cancellations in 2026" counts the cancelled bookings', async () => {
    const a = await askData(db, 'How many cancellations were there in 2026?', 0.7);
    await expectSameRows(db, a, "SELECT count(*) FROM bookings WHERE status = 'cancelled'");
  });

  it('"which hotel had the most cancellations" ranks the hotels by their cancelled bookings', async () => {
    const a = await askData(db, 'Which hotel had the most cancellations?', 0.7);
    expect(a.plan?.filters).toEqual([expect.objectContaining({ values: ['cancelled'] })]);
    expect(a.rows).toHaveLength(1);
  });

  it('"the most refunds": a plural noun of the same verb as the state names it too', async () => {
    const a = await askData(db, 'Which hotel had the most refunds?', 0.7);
    expect(a.plan?.filters).toEqual([expect.objectContaining({ values: ['refunded'] })]);
  });
});
