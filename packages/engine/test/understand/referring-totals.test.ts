import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZRelatedCondition } from '@catalyst/contracts';
import { relatedClause } from '../../src/understand/related-rows';
import { fixTypos, tokenize } from '../../src/nlp/text';
import { askData, expectSameRows, NOW, openCsvData, type Demo } from '../setup';

// A bound on an amount said of things keeps them by the total of the rows that refer to them
// (understand/related-rows.ts): what clients spent is the sum of their purchases, not any one.
// Ann bought three times (1600 in all, 700 of it in 2026), Ben once in 2026 (600), Cy twice (300,
// 100 of it in 2026); Dee never bought. Each client has one membership, with its fee.
const CLIENTS = 'client_id,name,city\n1,Ann,Oslo\n2,Ben,Oslo\n3,Cy,Rome\n4,Dee,Rome\n';
const PURCHASES = [
  'purchase_id,client_id,amount,units,rating,purchase_date',
  '1,1,300,1,5,2026-02-10',
  '2,1,400,2,4,2026-05-03',
  '3,1,900,1,3,2025-07-19',
  '4,2,600,5,5,2026-03-14',
  '5,3,200,1,2,2025-11-02',
  '6,3,100,1,5,2026-08-21',
].join('\n');
const MEMBERSHIPS =
  'membership_id,client_id,fee,started_on\n1,1,120,2026-01-01\n2,2,80,2026-01-01\n3,3,150,2026-02-01\n4,4,90,2026-03-01\n';

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({
    'clients.csv': CLIENTS,
    'purchases.csv': `${PURCHASES}\n`,
    'memberships.csv': MEMBERSHIPS,
  });
});
afterAll(async () => db.warehouse.close());

const ask = (question: string) => askData(db, question);
const clause = (question: string) => relatedClause(question, fixTypos(tokenize(question)), db.model, NOW);
const totals = (question: string) => (clause(question)?.conditions ?? []).filter((c) => c.total);

describe('things kept by the total of the rows that refer to them', () => {
  it('"which clients spent more than N in total" lists each client over N beside its total', async () => {
    const answer = await ask('Which clients spent more than 650 in total?');
    expect(answer.plan?.having).toEqual([{ measure: 0, op: 'gt', value: 650 }]);
    await expectSameRows(
      db,
      answer,
      `SELECT client_id, name, sum(amount) FROM purchases JOIN clients USING (client_id)
       GROUP BY client_id, name HAVING sum(amount) > 650`,
    );
  });

  it.each([
    // Ann 700 and Ben 600 in 2026; Ann's 900 of 2025 is no single purchase over 500 in 2026.
    ['How many clients spent over 500 in 2026?', 'SELECT 2'],
    // The amount named, said to be a total.
    ['How many clients have a total amount above 650?', 'SELECT 1'],
    // Units said after the bound, with a verb of what the clients did.
    ['clients who bought more than 4 units in 2026', "SELECT 2, 'Ben', 5"],
    ['How many clients bought more than 2 units?', 'SELECT 2'],
    // A cap on the total keeps only the clients who bought in the period: Dee bought nothing.
    ['clients who spent less than 500 in 2026', "SELECT 'Cy'"],
  ])('"%s"', async (question, sql) => {
    const answer = await ask(question);
    await expectSameRows(db, answer, sql);
  });

  it('counts the things whose total is over the bound, not the facts over it', async () => {
    // No single purchase of 2026 is over 650; Ann's purchases of 2026 add up to 700.
    const answer = await ask('How many clients have amount over 650 in 2026?');
    await expectSameRows(db, answer, 'SELECT 1');
    expect(answer.sql).toMatch(/SUM/i);
  });

  it('keeps the count of the rows where their table is named ("at least two purchases")', () => {
    const [condition] = clause('clients with at least two purchases')!.conditions;
    expect(condition).toMatchObject({ table: 'purchases', op: 'gte', value: 2 });
    expect(condition!.total).toBeUndefined();
  });

  it('leaves an amount named bare, with no period, as a bound that may be on each row', () => {
    expect(totals('clients with amount over 500')).toEqual([]);
  });

  it('never totals what does not add up into money or goods (a rating)', () => {
    expect(totals('How many clients have rating above 4 in 2026?')).toEqual([]);
  });

  it('never totals where each thing has one referring row, which holds its own figure', () => {
    expect(totals('How many clients have a total fee above 100?')).toEqual([]);
  });

  it('names the bound in the reading', async () => {
    const answer = await ask('How many clients spent over 500 in 2026?');
    expect(answer.reading).toContain('spent over 500 in 2026');
  });
});

describe('the related condition of a plan', () => {
  const condition = { of: 'clients', table: 'purchases', op: 'gt', label: 'spent over 99.5' } as const;

  it('compares a count with a whole number only', () => {
    expect(ZRelatedCondition.safeParse({ ...condition, value: 99.5 }).success).toBe(false);
    expect(ZRelatedCondition.safeParse({ ...condition, value: 99 }).success).toBe(true);
  });

  it('compares a total with any amount', async () => {
    const total = { table: 'purchases', column: 'amount' };
    expect(ZRelatedCondition.safeParse({ ...condition, value: 99.5, total }).success).toBe(true);
    const answer = await ask('How many clients spent over 99.5 in 2026?');
    await expectSameRows(db, answer, 'SELECT 3');
  });
});
