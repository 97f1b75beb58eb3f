import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, openCsvData, type Demo } from '../setup';

// What things cost and what people are paid. A superlative of a quality ("cheapest", "youngest") grades a column holding
// that quality (a price, an age); said of things whose only number is their key, it never asks
// for the smallest or largest key. The verb "cost" said of things asks for their price
// (understand/price-verb.ts), not for the cost column of the sales of them; "earn" and "paid"
// said of people ask for their salary.

let db: Demo;
beforeAll(async () => {
  const products = [
    'product_id,product_name,list_price',
    '1,Kettle,40',
    '2,Toaster,25',
    '3,Blender,90',
    '4,Mixer,60',
  ];
  const sales = ['sale_id,product_id,member_id,sale_date,quantity,cost'];
  for (let k = 1; k <= 40; k++)
    sales.push(
      `${k},${1 + (k % 4)},${1 + (k % 7)},2026-0${1 + (k % 9)}-1${k % 10},${1 + (k % 3)},${10 + (k % 5)}`,
    );
  const members = ['member_id,member_name', ...[1, 2, 3, 4, 5, 6, 7].map((k) => `${k},Member ${k}`)];
  const staff = [
    'staff_id,staff_name,role,hired_on,salary',
    '1,Ada,engineer,2021-03-01,90000',
    '2,Bo,engineer,2022-05-01,120000',
    '3,Cy,manager,2019-01-15,135000',
    '4,Di,analyst,2023-07-01,60000',
  ];
  db = await openCsvData({
    'staff.csv': staff.join('\n') + '\n',
    'products.csv': products.join('\n') + '\n',
    'sales.csv': sales.join('\n') + '\n',
    'members.csv': members.join('\n') + '\n',
  });
});
afterAll(async () => {
  await db.warehouse.close();
});

const keyExtremes = (a: Awaited<ReturnType<typeof askData>>) =>
  (a.plan?.measures ?? []).filter(
    (m) => (m.agg === 'min' || m.agg === 'max') && /_id$/.test(m.column?.column ?? ''),
  );

describe('superlatives of a quality', () => {
  it('"the cheapest product" ranks the products by their price, not by their id', async () => {
    const a = await askData(db, 'What is the cheapest product?', 0);
    expect(keyExtremes(a)).toEqual([]);
    expect(a.plan?.order[0]).toEqual(expect.objectContaining({ dir: 'asc' }));
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toContain('Toaster');
  });

  it('"the youngest member", where no column holds an age, is not the smallest member id', async () => {
    const a = await askData(db, 'What is our youngest member?', 0);
    expect(keyExtremes(a)).toEqual([]);
  });

  it('"the most expensive", "the least expensive": the superlative said in two words ranks the same way', async () => {
    const most = await askData(db, 'What are the 2 most expensive products?', 0.5);
    expect(most.rows.map((r) => r.find((v) => typeof v === 'string'))).toEqual(['Blender', 'Mixer']);
    const least = await askData(db, 'Which product is the least expensive?', 0.5);
    expect(least.rows).toHaveLength(1);
    expect(least.rows[0]).toContain('Toaster');
    const ours = await askData(db, 'What is our most expensive product?', 0.5);
    expect(ours.rows).toHaveLength(1);
    expect(ours.rows[0]).toContain('Blender');
  });

  it('"the top member" is ranked by a measure, never the largest member id', async () => {
    const a = await askData(db, 'top member this year', 0);
    expect(keyExtremes(a)).toEqual([]);
  });

  it('the superlative of a number column the quality grades stays its extreme', async () => {
    const a = await askData(db, 'What is the cheapest list price?', 0.5);
    expect(a.plan?.measures.map((m) => `${m.agg}(${m.column?.column})`)).toEqual(['min(list_price)']);
    expect(a.rows).toEqual([[25]]);
  });
});

describe('the verb "cost" said of things', () => {
  it('"how much does the kettle cost" is its list price, not the total cost of its sales', async () => {
    const a = await askData(db, 'How much does the kettle cost?', 0.5);
    expect(a.rows).toEqual([[40]]);
  });

  it('"which products cost more than 50" keeps the products priced over 50', async () => {
    const a = await askData(db, 'Which products cost more than 50?', 0.5);
    expect(a.rows.map((r) => r.find((v) => typeof v === 'string')).sort()).toEqual(['Blender', 'Mixer']);
  });

  it.each([
    ['List the products priced above 50', ['Blender', 'Mixer']],
    ['products priced at under 30', ['Toaster']],
  ])('"%s" keeps the products by their list price', async (question, names) => {
    const a = await askData(db, question, 0.5);
    expect(a.plan?.filters.some((f) => f.column.column === 'list_price')).toBe(true);
    expect(a.rows.map((r) => r.find((v) => typeof v === 'string')).sort()).toEqual(names);
  });

  it('"which product costs the most" is the one with the highest price', async () => {
    const a = await askData(db, 'Which product costs the most?', 0.5);
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toContain('Blender');
  });

  it('"what does it cost us" is the cost to the business, read as before', async () => {
    const a = await askData(db, 'How much does the kettle cost us?', 0);
    expect(a.plan?.columns.some((c) => c.column === 'list_price') ?? false).toBe(false);
    expect(a.plan?.measures.some((m) => m.column?.column === 'list_price') ?? false).toBe(false);
  });
});

describe('"earn" and "paid" said of people', () => {
  it('"who is the highest paid" ranks the staff by salary', async () => {
    const a = await askData(db, 'Which member of staff is the highest paid?', 0.5);
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toContain('Cy');
    const engineer = await askData(db, 'Who is the highest paid engineer?', 0.5);
    expect(engineer.rows).toHaveLength(1);
    expect(engineer.rows[0]).toContain('Bo');
  });

  it.each(['Who are the 2 highest paid staff?', 'Who are the 2 staff with the highest salary?'])(
    '"%s" lists as many as said before them',
    async (question) => {
      const a = await askData(db, question, 0.5);
      expect(a.rows.map((r) => r.find((v) => typeof v === 'string')).sort()).toEqual(['Bo', 'Cy']);
    },
  );

  it('"how many earn more than 100k" bounds the salary', async () => {
    const a = await askData(db, 'How many staff earn more than 100k?', 0.5);
    expect(a.rows).toEqual([[2]]);
  });

  it('"which engineer earns the least" ranks by salary within the value said', async () => {
    const a = await askData(db, 'Which engineer earns the least?', 0.5);
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toContain('Ada');
  });
});
