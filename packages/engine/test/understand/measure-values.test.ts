import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// A measure said to have one value ("a rating of 5") keeps the rows with that value
// (understand/filters.ts, numberAfterColumn).
const REVIEWS = [
  'review_id,product,rating,quantity,review_date',
  '1,Kettle,5,1,2026-01-04',
  '2,Kettle,4,2,2026-02-11',
  '3,Toaster,5,3,2026-03-09',
  '4,Toaster,1,3,2025-10-30',
  '5,Blender,1,1,2026-06-17',
  '6,Blender,3,2,2026-07-02',
  '7,Kettle,5,1,2025-12-01',
].join('\n');

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'reviews.csv': `${REVIEWS}\n` });
});
afterAll(async () => db.warehouse.close());

describe('a measure said to have one value', () => {
  it.each([
    ['How many reviews have a rating of 5?', 'SELECT 3'],
    ['How many reviews with a rating of 1 did we get in 2026?', 'SELECT 1'],
    ['number of reviews that have a quantity of 3', 'SELECT 2'],
  ])('"%s"', async (question, sql) => {
    const answer = await askData(db, question);
    expect(
      answer.plan?.filters.some((f) => f.op === 'eq'),
      JSON.stringify(answer.plan),
    ).toBe(true);
    await expectSameRows(db, answer, sql);
  });

  it('"a rating of 4 or more" is no rating of exactly 4', async () => {
    const answer = await askData(db, 'How many reviews have a rating of 4 or more?');
    expect(answer.plan?.filters.some((f) => f.op === 'eq' && f.values[0] === 4) ?? false).toBe(false);
  });
});
