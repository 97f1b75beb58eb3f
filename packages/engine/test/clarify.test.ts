import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clarifyingMessage } from '../src/answer/clarify';
import { askData, openCsvData, type Demo } from './setup';

describe('a clarification names the word in doubt', () => {
  it('a word that fits several columns comes first', () => {
    expect(
      clarifyingMessage([
        'did not understand "lately"',
        '"size" fits several columns',
        '"when" read as Ship Date',
      ]),
    ).toBe('"size" could mean more than one thing: pick the reading you meant.');
  });
  it('then a word read as a column', () => {
    expect(clarifyingMessage(['more than one table fits', '"when" read as Ship Date'])).toBe(
      'I read "when" as Ship Date; pick the reading you meant.',
    );
  });
  it('then a word not understood', () => {
    expect(clarifyingMessage(['more than one table fits', 'did not understand "lately"'])).toBe(
      'I did not understand "lately"; pick one of these readings, or say it another way.',
    );
  });
  it('otherwise says it is unsure', () => {
    expect(clarifyingMessage(['more than one table fits'])).toMatch(/not sure/);
  });
});

describe('the readings a "Did you mean…" offers', () => {
  let db: Demo;
  beforeAll(async () => {
    const rows = ['order_id,order_date,channel,discount,revenue'];
    for (let k = 1; k <= 30; k++)
      rows.push(`${k},2026-0${1 + (k % 9)}-1${k % 10},${['web', 'shop'][k % 2]},${(k % 4) / 10},${10 * k}`);
    db = await openCsvData({ 'orders.csv': rows.join('\n') + '\n' });
  });
  afterAll(async () => db.warehouse.close());

  it('are asked in different words, and keep a bound the question set', async () => {
    const a = await askData(db, 'Orders with a discount above 20%', 0.99);
    const asked = a.cards.flatMap((c) =>
      c.type === 'action' ? c.data.actions.flatMap((x) => (x.question ? [x.question] : [])) : [],
    );
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.some((q) => /discount is above 0\.2/i.test(q))).toBe(true);
  });
});
