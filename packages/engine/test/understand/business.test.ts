import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBusinessQuestion } from '../../src/understand/business/read';
import { askData, expectSameRows, NOW, openCsvData, withCsvData, type Demo } from '../setup';
import { ask, expectAnswerHas, expectDeclined, openCinemas } from '../shapes/fixture';

// The reader of business questions (understand/business) on a cinema chain it was never tuned
// on: bookings of films at cinemas, with takings, seats and a ticket price.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

const read = (question: string) => readBusinessQuestion(question, db.model, NOW);

describe('the measure', () => {
  it('a verb of selling means the money the facts bring in', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'How much did we take in during 2025?'),
      "SELECT sum(takings) FROM bookings WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31'",
    );
  });

  it('things named after "how many" are counted, with the conditions said on them', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'How many bookings did the Roxy have last month?'),
      "SELECT count(*) FROM bookings JOIN cinemas USING (cinema_id) WHERE cinema_name = 'Roxy' AND booking_date BETWEEN '2026-10-01' AND '2026-10-31'",
    );
  });

  it('things the facts refer to are counted through the facts that match', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'How many films were booked in York this year?'),
      "SELECT count(DISTINCT film_id) FROM bookings JOIN cinemas USING (cinema_id) WHERE city = 'York' AND booking_date >= '2026-01-01'",
    );
  });

  it('"in total" said of a sum adds nothing to it', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'How much did we sell in total in 2025?'),
      "SELECT sum(takings) FROM bookings WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31'",
    );
  });

  it('a price is averaged, never added up', () => {
    const u = read('ticket price by city');
    expect(u?.plan?.measures[0]?.agg).toBe('avg');
  });

  it('an amount of things adds up', () => {
    const u = read('seats by city');
    expect(u?.plan?.measures[0]?.agg).toBe('sum');
    expect(u?.doubts).toEqual([]);
  });

  it('two measures are read only where the question lists them', () => {
    expect(read('takings and seats by city')?.plan?.measures).toHaveLength(2);
    const unlisted = read('takings seats by city');
    expect(unlisted?.doubts.join(' ')).toMatch(/two measures/);
  });
});

describe('splits, conditions and rankings', () => {
  it('the last noun of a compound names the split ("film genre" is the genre)', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'takings by film genre'),
      'SELECT genre, sum(takings) FROM bookings JOIN films USING (film_id) GROUP BY genre',
    );
  });

  it('a ranking shows the things ranked, as many as said', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'Which three films brought in the most last year?'),
      "SELECT film_title FROM bookings JOIN films USING (film_id) WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY film_title ORDER BY sum(takings) DESC LIMIT 3",
      true,
    );
  });

  it('"best selling" ranks the things named after it by what they sell', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'our 3 best selling films last year'),
      "SELECT film_title FROM bookings JOIN films USING (film_id) WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY film_title ORDER BY sum(takings) DESC LIMIT 3",
      true,
    );
  });

  it('the thing said before "with the fewest" is what is ranked', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'the cinema with the fewest bookings in 2025'),
      "SELECT cinema_name FROM bookings JOIN cinemas USING (cinema_id) WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY cinema_name ORDER BY count(*) ASC LIMIT 1",
      true,
    );
  });

  it('values set against each other are a split kept to those values', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'takings in Leeds vs Hull'),
      "SELECT city, sum(takings) FROM bookings JOIN cinemas USING (cinema_id) WHERE city IN ('Leeds', 'Hull') GROUP BY city",
    );
  });

  it('a negated value keeps the other rows', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'takings excluding Leeds'),
      "SELECT sum(takings) FROM bookings JOIN cinemas USING (cinema_id) WHERE city <> 'Leeds'",
    );
  });

  it('a share of things meeting a condition is a ratio of counts', async () => {
    await expectAnswerHas(
      db,
      await ask(db, 'What share of bookings were for thrillers?'),
      "SELECT count(*) FILTER (WHERE genre = 'Thriller') / count(*) FROM bookings JOIN films USING (film_id)",
    );
  });

  it("each group's share of the total", async () => {
    const u = read('takings by genre as a percentage');
    expect(u?.plan?.share).toBe(true);
  });
});

describe('what it leaves to the general reader or declines', () => {
  it('two questions in one are not read as one', () => {
    expect(read('how many bookings were in Leeds and how many in York')).toBeNull();
  });

  it('an unexplained number lowers confidence enough to ask', async () => {
    expectDeclined(await ask(db, 'takings of the 17 cinemas'));
  });

  it('a question without a measure is not a business question', () => {
    expect(read('list the cinemas in Leeds')).toBeNull();
  });
});

describe('parts of a whole and counts it cannot say', () => {
  // Visits of a café: party size, the bill, how it was paid and a rating of 1 to 5 stars.
  const VISITS = {
    'visits.csv': [
      'visit_id,visit_date,party_size,bill_amount,tip_amount,payment_method,rating',
      '1,2026-03-01,2,40,4,card,5',
      '2,2026-03-01,4,120,0,cash,3',
      '3,2026-03-02,1,15,3,cash,5',
      '4,2026-03-03,3,90,9,card,4',
    ].join('\n'),
  };

  it.each([
    // The visits are counted; the share of the bills paid in cash is another figure.
    'What share of visits were paid in cash?',
    // A fraction of averages is no part of a whole.
    'Average tip percentage by payment method',
    // "5-star" describes the ratings; it does not ask for five restaurants.
    'Which payment method got the most 5-star ratings?',
  ])('"%s" is not answered as another question', (question) =>
    withCsvData(VISITS, async (data) => {
      const a = await askData(data, question, 0.7);
      expect(a.status, `${a.message} ${a.sql}`).toBe('declined');
    }),
  );

  it('a share of the amount named is still answered', () =>
    withCsvData(VISITS, async (data) => {
      const a = await askData(data, 'What share of the bill amount was paid in cash?', 0.7);
      await expectSameRows(
        data,
        a,
        "SELECT SUM(bill_amount) FILTER (WHERE payment_method = 'cash') / SUM(bill_amount) FROM visits",
      );
    }));
});

describe('the ranked end', () => {
  it.each([
    ['the quietest booking month of 2025', 'ASC'],
    ['the busiest booking month of 2025', 'DESC'],
  ])('"%s" counts the bookings of each month and ranks from the %s end', async (question, dir) => {
    const sql = `SELECT date_trunc('month', booking_date) AS m, count(*) AS n FROM bookings
      WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1 ORDER BY n ${dir} LIMIT 1`;
    await expectAnswerHas(db, await ask(db, question), sql);
  });

  it.each(['What is our busiest cinema?', 'Which cinema was the busiest in 2025?'])(
    '"%s" ranks the things named by how many facts each has',
    async (question) => {
      const a = await ask(db, question);
      const year = question.includes('2025')
        ? "WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31'"
        : '';
      const sql = `SELECT cinema_name FROM bookings JOIN cinemas USING (cinema_id) ${year}
        GROUP BY cinema_name ORDER BY count(*) DESC LIMIT 1`;
      await expectAnswerHas(db, a, sql, true);
    },
  );

  it('a date named with the ranked period is the period, not a thing to rank', async () => {
    const days = ['2025-01-03', '2025-01-09', '2025-02-11', '2025-03-02', '2025-03-15', '2025-03-28'];
    const data = await openCsvData({
      'parcels.csv':
        'parcel_id,ship_date,courier,weight_kg\n' +
        days.map((d, i) => `${i + 1},${d},${i % 2 ? 'Swift' : 'Parcelo'},${i + 2}.5`).join('\n') +
        '\n',
    });
    try {
      const a = await askData(data, 'the quietest shipping month of 2025');
      expect(a.plan?.dimensions).toHaveLength(1);
      await expectSameRows(data, a, "SELECT DATE '2025-02-01', 1");
    } finally {
      await data.warehouse.close();
    }
  });
});
