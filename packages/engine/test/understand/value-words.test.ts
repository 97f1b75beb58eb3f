import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBusinessQuestion } from '../../src/understand/business/read';
import { ask, askData, expectSameRows, NOW, openCsvData, openDemo, type Demo } from '../setup';

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
    [
      'which store sold the most smartphones in 2025',
      "SELECT s.store_name, SUM(o.quantity) FROM orders o JOIN products p ON p.product_id = o.product_id JOIN stores s ON s.store_id = o.store_id WHERE p.product_name = 'Smartphone' AND o.order_date BETWEEN DATE '2025-01-01' AND DATE '2025-12-31' GROUP BY 1 ORDER BY 2 DESC LIMIT 1",
    ],
  ])('"%s": how many (or the most) things is units, how much is money', async (question, sql) => {
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

describe('a verb of selling that is a value, or has things for its object', () => {
  let data: Demo;
  beforeAll(async () => {
    data = await openCsvData({
      'clients.csv': 'client_id,client_name\n1,Ann\n2,Ben\n',
      'transactions.csv':
        'transaction_id,client_id,type,amount,traded_on\n1,1,sell,900,2026-01-02\n2,2,sell,10,2026-01-03\n3,2,sell,10,2026-01-04\n4,1,buy,5,2026-01-05\n',
    });
  });
  afterAll(async () => data.warehouse.close());

  it.each([
    'Which client has the most sell transactions?',
    'Which client made the most sell transactions?',
    'Which client made the most transactions?',
  ])('"%s" is never read as money', async (question) => {
    // Ann sold for the most money; Ben made the most (sell) transactions.
    const read = readBusinessQuestion(question, data.model, NOW);
    expect(read?.plan?.measures.some((m) => m.column?.column === 'amount') ?? false).toBe(false);
    const answer = await askData(data, question);
    expect(answer.rows).toEqual([['Ben', 2]]);
  });
});

describe('a share of rows beside a column of shares', () => {
  let data: Demo;
  beforeAll(async () => {
    data = await openCsvData({
      'clients.csv': 'client_id,client_name\nC1,Ann\nC2,Ben\n',
      'trades.csv':
        'trade_id,client_id,status,shares,traded_on\nT1,C1,success,100,2026-01-02\nT2,C1,fail,50,2026-01-03\nT3,C2,success,10,2026-01-04\nT4,C2,success,10,2026-01-05\n',
    });
  });
  afterAll(async () => data.warehouse.close());

  it.each(['what share of trades were successful for each client', 'trade success rate for each client'])(
    '"%s" is a proportion of the trades, not their shares',
    async (question) => {
      const answer = await askData(data, question);
      expect(answer.plan?.measures.some((m) => m.column?.column === 'shares')).toBe(false);
      await expectSameRows(data, answer, "SELECT * FROM (VALUES ('Ann', 0.5), ('Ben', 1.0)) AS v(c, r)");
    },
  );
});

describe('an amount said to be there', () => {
  it.each([
    'What is the average discount of orders with a discount?',
    'What is the average discount when a discount was given?',
    'Average discount where a discount was applied',
  ])('"%s" keeps the rows with a discount', async (question) => {
    const answer = await ask(demo, question);
    await expectSameRows(demo, answer, 'SELECT AVG(discount) FROM orders WHERE discount > 0');
  });
});

it('an amount bounded after "when" is its bound, not its presence', async () => {
  const answer = await ask(demo, 'Average revenue when discount was above 0.1');
  await expectSameRows(demo, answer, 'SELECT AVG(revenue) FROM orders WHERE discount > 0.1');
});
