import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, withCsvData, type Demo } from '../setup';
import { ask, expectAnswerHas, expectDeclined, openCinemas } from './fixture';

// Top N within each group (understand/per-group-top.ts): what is ranked shown by its name.

let db: Demo;
beforeAll(async () => {
  db = await openCinemas();
});
afterAll(async () => {
  await db.warehouse.close();
});

const top = (n: number, group: string, name: string, measure: string, dir = 'DESC', where = '') =>
  `SELECT ${group}, ${name}, m FROM (SELECT ${group}, ${name}, ${measure} AS m, ROW_NUMBER() OVER (PARTITION BY ${group} ORDER BY ${measure} ${dir}, ${name} ${dir}) AS rn FROM bookings JOIN cinemas USING (cinema_id) JOIN films USING (film_id) ${where} GROUP BY ${group}, ${name}) WHERE rn <= ${n}`;

describe('top N within each group', () => {
  it.each([
    ['the 2 busiest cinemas in each city by number of bookings', top(2, 'city', 'cinema_name', 'COUNT(*)')],
    ['top film per genre by takings', top(1, 'genre', 'film_title', 'SUM(takings)')],
    ['in every city, which cinema had the highest takings', top(1, 'city', 'cinema_name', 'SUM(takings)')],
    ['for each genre, the 2 films with the most seats', top(2, 'genre', 'film_title', 'SUM(seats)')],
    ['bottom film in each genre by seats', top(1, 'genre', 'film_title', 'SUM(seats)', 'ASC')],
    [
      'the best film in each city by takings in 2025',
      top(
        1,
        'city',
        'film_title',
        'SUM(takings)',
        'DESC',
        "WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31'",
      ),
    ],
  ])('%s', async (question, sql) => {
    const a = await ask(db, question);
    expect(a.plan?.perGroupLimit, a.reading).toBeDefined();
    await expectAnswerHas(db, a, sql);
  });

  it('within each period', async () => {
    const a = await ask(db, 'top film each quarter by seats in 2025');
    await expectAnswerHas(
      db,
      a,
      "SELECT q, film_title FROM (SELECT date_trunc('quarter', booking_date) AS q, film_title, ROW_NUMBER() OVER (PARTITION BY date_trunc('quarter', booking_date) ORDER BY SUM(seats) DESC, film_title DESC) AS rn FROM bookings JOIN films USING (film_id) WHERE booking_date BETWEEN '2025-01-01' AND '2025-12-31' GROUP BY 1, 2) WHERE rn = 1",
    );
  });

  it('shows the name, not the key', async () => {
    const a = await ask(db, 'top 2 cinemas per city by seats');
    expect(a.columns).toContain('Cinema Name');
    expect(a.columns).not.toContain('Cinema Id');
  });

  it('how many per group, unsaid, is offered rather than answered', async () => {
    const a = await ask(db, 'top films per genre by takings');
    expectDeclined(a);
    expect(a.reading).toContain('top 3 per Genre');
  });

  it.each([
    // What ranks them is not said.
    'the top cinema in each city',
    // The groups themselves are ranked, not something within them.
    'For each city, show takings; which are the top 2 cities by takings?',
  ])('%s: no ranking within groups', async (question) => {
    const a = await ask(db, question);
    expect(a.status === 'answered' && a.plan?.perGroupLimit !== undefined).toBe(false);
  });
});

// A catalogue where each row is one product, ranked by a column of its own.
const PRODUCTS = {
  'products.csv': [
    'product_id,product_name,category,list_price',
    '1,Desk,Furniture,300',
    '2,Chair,Furniture,120',
    '3,Shelf,Furniture,90',
    '4,Laptop,Electronics,900',
    '5,Mouse,Electronics,25',
    '6,Pen,Office,3',
    '7,Stapler,Office,12',
  ].join('\n'),
};

describe('the rows of the table itself ranked within each group', () => {
  it.each([
    ['Which product has the highest list price in each category?', 'DESC'],
    ['Which product has the lowest list price per category?', 'ASC'],
  ])('%s', (question, dir) =>
    withCsvData(PRODUCTS, async (data) => {
      const a = await askData(data, question);
      expect(a.columns).toContain('Product Name');
      await expectSameRows(
        data,
        a,
        `SELECT category, product_name, list_price FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY category ORDER BY list_price ${dir}) AS rn FROM products) WHERE rn = 1`,
      );
    }),
  );
});
