import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../setup';
import { ask, expectAnswerHas, openCinemas } from '../shapes/fixture';

// Two measures set against each other are asked side by side (understand/measures-compared.ts).

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('measures set against each other', () => {
  it.each(['takings vs seats by genre', 'Compare takings and seats by genre'])(
    '"%s" gives both totals for each genre',
    async (question) => {
      const a = await ask(db, question);
      expect(a.plan?.measures.map((m) => m.column?.column)).toEqual(['takings', 'seats']);
      // Every word explained: "vs" and "compare" say how the two are asked.
      expect(a.confidence).toBeGreaterThan(0.9);
      await expectAnswerHas(
        db,
        a,
        'SELECT genre, sum(takings), sum(seats) FROM bookings JOIN films USING (film_id) GROUP BY genre',
      );
    },
  );

  it('values set against each other stay a split kept to them', async () => {
    const a = await ask(db, 'takings of Drama vs Comedy');
    expect(a.plan?.measures).toHaveLength(1);
  });
});
