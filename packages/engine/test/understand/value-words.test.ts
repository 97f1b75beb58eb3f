import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

describe('what rows are worth', () => {
  it.each([
    [
      'value of returned orders last quarter',
      "SELECT SUM(revenue) FROM orders WHERE returned AND order_date BETWEEN DATE '2026-07-01' AND DATE '2026-09-30'",
    ],
    [
      'total value of orders in 2025',
      "SELECT SUM(revenue) FROM orders WHERE order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'",
    ],
  ])('"%s" is their sales', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
});

describe('what was sold', () => {
  it.each([
    [
      'how many smartphones did we sell in 2025',
      "SELECT SUM(o.quantity) FROM orders o JOIN products p ON p.product_id = o.product_id WHERE p.product_name = 'Smartphone' AND o.order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'",
    ],
    [
      'how much did we sell in 2025',
      "SELECT SUM(revenue) FROM orders WHERE order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'",
    ],
  ])('"%s": how many is units, how much is money', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
});

describe('rows compared with an amount of money', () => {
  it.each([
    [
      'How many orders in 2025 were over $1,000?',
      "SELECT count(*) FROM orders WHERE revenue > 1000 AND order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'",
    ],
    ['how many orders were above 2000 dollars', 'SELECT count(*) FROM orders WHERE revenue > 2000'],
  ])('"%s" compares what they are worth', async (question, sql) => {
    const answer = await ask(demo, question);
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(demo, answer, sql);
  });
});
