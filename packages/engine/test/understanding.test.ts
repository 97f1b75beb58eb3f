import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataDir } from '../src/eval/load';
import { understand } from '../src/understand/parse';
import { findTimeWords } from '../src/understand/periods';
import { fixTypos, lemma, tokenize } from '../src/nlp/text';
import { expectSameRows, NOW, type Demo } from './setup';
import { answerOnce } from '../src/answer/answer';

// A small school database written as a user would upload it: CSV files and a schema.json with
// keys, to check the readings that need more than one table, references and odd values.
const FILES: Record<string, string> = {
  'department.csv': 'dept_name,building,budget\nBiology,Watson,90000\nFinance,Painter,120000\nHistory,Painter,50000\nMusic,Packard,80000\n',
  'instructor.csv': 'ID,name,dept_name,salary\n1,Ana,Biology,72000\n2,Bo,Finance,80000\n3,Cy,Finance,65000\n4,Di,History,62000\n5,Ed,Music,40000\n6,Flo,Biology,91000\n',
  'colors.csv': 'color_code,color_description\n1,red\n2,green\n3,blue\n4,yellow\n',
  'products.csv': 'product_id,product_name,color_code,price\n10,cup,1,5\n11,mug,1,7\n12,pen,2,2\n',
  'accounts.csv': 'account_id,customer_id,opened_year\n100,1,2004\n101,1,2005\n102,2,2005\n103,3,2010\n',
  'customers.csv': 'customer_id,customer_name,county\n1,Kim,Los Angeles\n2,Lee,Orange\n3,Max,Los Angeles\n4,Ola,Kern\n',
  'professor.csv': 'emp_num,dept_code,prof_high_degree\n1,BIO,Ph.D.\n2,BIO,MA\n3,ACC,Ph.D.\n4,ACC,MBA\n',
};
const SCHEMA = {
  tables: [
    { name: 'department', columns: [], primary_key: ['dept_name'] },
    { name: 'instructor', columns: [], primary_key: ['ID'], foreign_keys: [{ column: 'dept_name', ref_table: 'department', ref_column: 'dept_name' }] },
    { name: 'colors', columns: [], primary_key: ['color_code'] },
    { name: 'products', columns: [], primary_key: ['product_id'], foreign_keys: [{ column: 'color_code', ref_table: 'colors', ref_column: 'color_code' }] },
    { name: 'accounts', columns: [], primary_key: ['account_id'], foreign_keys: [{ column: 'customer_id', ref_table: 'customers', ref_column: 'customer_id' }] },
    { name: 'customers', columns: [], primary_key: ['customer_id'] },
    { name: 'professor', columns: [], primary_key: ['emp_num'] },
  ],
};

let db: Demo;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-school-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, 'schema.json'), JSON.stringify(SCHEMA));
  const { warehouse, model } = await loadDataDir(dir);
  db = { warehouse, model, dir };
});
afterAll(async () => { await db.warehouse.close(); });

const ask = (question: string) => answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.55 });

describe('readings over several tables and references', () => {
  it.each([
    // The row with the lowest budget, not the lowest budget alone; the budget is shown beside it.
    ['Which department has the lowest budget?', "SELECT dept_name, budget FROM department ORDER BY budget LIMIT 1"],
    ['What is the name of the instructor with the highest salary?', 'SELECT name, salary FROM instructor ORDER BY salary DESC LIMIT 1'],
    // Counting people who appear in a table that refers to them counts each once.
    ['How many customers have an account?', 'SELECT count(DISTINCT customer_id) FROM accounts'],
    // The colors are listed in the table the products' codes refer to.
    ['How many colors are there?', 'SELECT count(*) FROM colors'],
    // A year said on its own is the table's year column.
    ['How many accounts were opened in 2005?', 'SELECT count(*) FROM accounts WHERE opened_year = 2005'],
    ['How many accounts were opened after 2004?', 'SELECT count(*) FROM accounts WHERE opened_year > 2004'],
    // Values with punctuation and initials of a name.
    ['How many professors have a Ph.D.?', "SELECT count(*) FROM professor WHERE prof_high_degree = 'Ph.D.'"],
    ['How many customers live in the county of LA?', "SELECT count(*) FROM customers WHERE county = 'Los Angeles'"],
    // A typo of an intent word.
    ['What is the mininum salary of instructors?', 'SELECT min(salary) FROM instructor'],
    // The sum of two members is one number, not a comparison.
    ['What is the sum of budgets of the Finance and Music departments?', "SELECT sum(budget) FROM department WHERE dept_name IN ('Finance', 'Music')"],
  ])('%s', async (question, sql) => {
    await expectSameRows(db, await ask(question), sql);
  });

  it('reads the question with the table its words fit best, not only the first one named', () => {
    const u = understand('What is the average salary of instructors in each department?', db.model, NOW);
    expect(u.plan?.table).toBe('instructor');
    expect(u.plan?.dimensions.map((d) => d.column.column)).toEqual(['dept_name']);
  });

  it('declines a column that must equal two values at once (that needs an intersection)', () => {
    const u = understand('Which customers opened an account in 2004 and an account in 2005?', db.model, NOW);
    expect(u.confidence).toBeLessThan(0.55);
  });
});

describe('words', () => {
  it('fixes typos of intent words only', () => {
    expect(fixTypos(tokenize('the mininum and maximun prices')).map((t) => t.text)).toEqual(['the', 'minimum', 'and', 'maximum', 'prices']);
    expect(fixTypos(tokenize('the minion count')).map((t) => t.text)).toEqual(['the', 'minion', 'count']);
  });
  it('keeps the -ie of nouns that have one', () => {
    expect(['movies', 'cities', 'ties', 'companies'].map(lemma)).toEqual(['movie', 'city', 'tie', 'company']);
  });
});

describe('more business periods relative to 2026-11-22', () => {
  it.each([
    ['sessions in the past month, inclusive of 1 month ago', '2026-10-22', '2026-11-23'],
    ['active users in the last 2 months excluding the current month', '2026-09-01', '2026-11-01'],
    ['average price in the 1st quarter of 2023', '2023-01-01', '2023-04-01'],
    ['tickers with prices on or after Apr 1, 2023', '2023-04-01', undefined],
    ['sales before 2023-06-01', undefined, '2023-06-01'],
    ['sell transactions on 2023-04-01', '2023-04-01', '2023-04-02'],
  ])('%s', (question, from, to) => {
    const p = findTimeWords(question, NOW).period;
    expect(p?.from).toBe(from);
    expect(p?.to).toBe(to);
  });
  it('counts "(inclusive of start and end dates)" as part of the period', () => {
    const text = 'customers between Jan 1, 2023 and Mar 31, 2023 (inclusive of start and end dates)?';
    const p = findTimeWords(text, NOW).period!;
    expect(text.slice(p.start, p.end)).toBe('between Jan 1, 2023 and Mar 31, 2023 (inclusive of start and end dates)');
  });
});
