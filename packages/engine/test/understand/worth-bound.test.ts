import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worthWording } from '../../src/understand/worth-bound';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// A bound said of rows themselves, with no amount named, bounds what each row is worth: the one
// column of their table that holds its sales (understand/worth-bound.ts).
const INVOICES = [
  'invoice_id,customer,amount,units,issued_on',
  '1,Acme,1200,3,2026-01-10',
  '2,Acme,300,1,2026-02-11',
  '3,Brill,2500,8,2026-03-12',
  '4,Cato,800,2,2025-12-01',
  '5,Cato,1500,4,2026-04-15',
].join('\n');
const STAFF = 'staff_id,name,age,salary\n1,Ann,34,50000\n2,Bo,29,61000\n3,Cy,41,58000\n';

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'invoices.csv': `${INVOICES}\n`, 'staff.csv': STAFF });
});
afterAll(async () => db.warehouse.close());

describe('a bound said of rows is a bound on what each is worth', () => {
  it.each([
    ['How many invoices were over 1000?', 'SELECT 3'],
    ['How many invoices over 1000 in 2026?', 'SELECT 3'],
    ['How many invoices were worth more than 2k?', 'SELECT 1'],
    ['How many invoices were below 1000?', 'SELECT 2'],
  ])('"%s"', async (question, sql) => {
    const answer = await askData(db, question);
    expect(answer.plan?.filters.some((f) => f.column.column === 'amount')).toBe(true);
    await expectSameRows(db, answer, sql);
  });

  it('leaves a bound on an amount named after the number to that amount', () => {
    expect(worthWording('How many invoices were over 3 units?', db.model)).toBeNull();
  });

  it('reads nothing into rows that hold no sales', () => {
    expect(worthWording('How many staff are over 30?', db.model)).toBeNull();
  });
});
