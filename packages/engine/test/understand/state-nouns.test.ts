import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo, withCsvData } from '../setup';

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

  it('"the cancellation rate by hotel" is each hotel\'s share of bookings cancelled', async () => {
    const a = await askData(db, 'What is the cancellation rate by hotel?', 0.7);
    await expectSameRows(
      db,
      a,
      "SELECT hotel, avg(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END) FROM bookings GROUP BY hotel",
    );
  });

  it('"the refund rate": the singular noun before "rate" names the state as the data holds it', async () => {
    const a = await askData(db, 'What is the refund rate in 2026?', 0.7);
    await expectSameRows(db, a, "SELECT avg(CASE WHEN status = 'refunded' THEN 1 ELSE 0 END) FROM bookings");
  });

  it('a singular noun names no state without "rate" after it', async () => {
    const a = await askData(db, 'How many bookings per cancellation?', 0.7);
    expect(JSON.stringify(a.plan?.filters ?? [])).not.toContain('cancelled');
  });

  it.each([
    // A verb's -ing form before "rate" is a charge.
    ['What is the shipping rate?', 'parcel_id,sent_on,status,fee'],
    // "rate" names a column of its own, which the noun before it qualifies.
    ['What is the average cancellation rate?', 'parcel_id,sent_on,status,rate'],
  ])('"%s" is no share of the rows in a state', async (question, header) => {
    const rows = ['1,2026-01-02,shipped,4.5', '2,2026-01-03,cancelled,5', '3,2026-01-04,shipped,6'];
    await withCsvData({ 'parcels.csv': [header, ...rows, ''].join('\n') }, async (parcels) => {
      const a = await askData(parcels, question, 0);
      expect(JSON.stringify(a.plan ?? {})).not.toMatch(/shipped|cancelled/);
    });
  });
});
