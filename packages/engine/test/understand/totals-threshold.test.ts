import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, openCinemas } from '../shapes/fixture';

// A bound on an amount said of things that each hold many facts bounds their total
// (understand/totals-threshold.ts); on the facts' own rows it stays a bound on each row.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('a bound on the total of each thing', () => {
  it('"which genres had takings below N in 2025" keeps the genres whose 2025 total is below N', async () => {
    const totals = (
      await db.warehouse.query(
        `SELECT genre, sum(takings) FROM bookings JOIN films USING (film_id)
         WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1 ORDER BY 2`,
      )
    ).rows.map((r) => Number(r[1]));
    // A bound between the lowest totals and the others, so that some genres pass and some do not.
    const bound = Math.round((totals[0]! + totals[1]!) / 2);
    const a = await ask(db, `Which genres had takings below ${bound} in 2025?`);
    expect(a.plan?.having).toEqual([{ measure: 0, op: 'lt', value: bound }]);
    await expectAnswerHas(
      db,
      a,
      `SELECT genre FROM bookings JOIN films USING (film_id)
       WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY genre HAVING sum(takings) < ${bound}`,
    );
  });

  it('"cinemas with takings over N in 2025" bounds each cinema\'s total, shown by name', async () => {
    const totals = (
      await db.warehouse.query(
        `SELECT cinema_id, sum(takings) FROM bookings WHERE year(booking_date) = 2025 GROUP BY 1 ORDER BY 2`,
      )
    ).rows.map((r) => Number(r[1]));
    const bound = Math.round((totals[2]! + totals[3]!) / 2);
    const a = await ask(db, `cinemas with takings over ${bound} in 2025`);
    expect(a.plan?.having).toEqual([{ measure: 0, op: 'gt', value: bound }]);
    expect(a.columns.some((c) => /cinema name/i.test(c))).toBe(true);
    await expectAnswerHas(
      db,
      a,
      `SELECT cinema_name FROM bookings JOIN cinemas USING (cinema_id) WHERE year(booking_date) = 2025
       GROUP BY cinema_id, cinema_name HAVING sum(takings) > ${bound}`,
    );
  });

  it('a bound written with a magnitude ("2k") is the number meant', async () => {
    const a = await ask(db, 'Which genres had takings above 2k in 2025?');
    expect(a.plan?.having).toEqual([{ measure: 0, op: 'gt', value: 2000 }]);
  });

  it('a bound on a price, which does not add up, stays on each row', async () => {
    const a = await ask(db, 'Which genres had a ticket price above 9?');
    expect(a.plan?.having ?? []).toEqual([]);
    expect(a.plan?.filters.some((f) => f.column.column === 'ticket_price' && f.op === 'gt')).toBe(true);
  });

  it("the facts' own rows listed keep the bound on each row", async () => {
    const a = await ask(db, 'List the booking ids with takings over 40');
    expect(a.plan?.having ?? []).toEqual([]);
    expect(a.plan?.filters.some((f) => f.column.column === 'takings' && f.op === 'gt')).toBe(true);
  });
});
