import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLastWording } from '../../src/understand/first-last';
import { fixTypos, tokenize } from '../../src/nlp/text';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => demo.warehouse.close());

const FIRST = 'SELECT customer_id, MIN(order_date) FROM orders GROUP BY 1';
const LAST = 'SELECT customer_id, MAX(order_date) FROM orders GROUP BY 1';

describe('the first or last of things that happen is their earliest or latest date', () => {
  it.each([
    ["each customer's first order date", FIRST],
    ['What is the date of the first order of each customer?', FIRST],
    ['When did each customer place their last order?', LAST],
    ['most recent order date per customer', LAST],
  ])('"%s"', async (question, sql) => {
    await expectSameRows(demo, await ask(demo, question), sql);
  });

  it.each(['revenue last month', 'the last order of each customer', 'first quarter revenue'])(
    '"%s" asks for no date of things',
    (question) => {
      expect(firstLastWording(question, fixTypos(tokenize(question)), demo.model)).toBeNull();
    },
  );
});
