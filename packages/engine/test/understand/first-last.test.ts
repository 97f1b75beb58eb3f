import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLastWording } from '../../src/understand/first-last';
import { fixTypos, tokenize } from '../../src/nlp/text';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => demo.warehouse.close());

// Each customer by key, with the name beside it (withNamesBesideKeys).
const FIRST =
  'SELECT o.customer_id, c.customer_name, MIN(o.order_date) FROM orders o JOIN customers c USING (customer_id) GROUP BY 1, 2';
const LAST =
  'SELECT o.customer_id, c.customer_name, MAX(o.order_date) FROM orders o JOIN customers c USING (customer_id) GROUP BY 1, 2';

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
