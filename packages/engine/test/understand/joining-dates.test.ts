import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo, withCsvData } from '../setup';

// A verb of joining ("joined", "enrolled") said of things whose date of joining has another name
// (signup_date, registration_date) names that date (understand/business/time.ts, namesColumn).
// The date of joining is not the customers' first date, which a period would otherwise apply to.
const CUSTOMERS = [
  'customer_id,customer_name,last_seen,signup_date',
  '1,Ann,2026-10-01,2025-02-03',
  '2,Ben,2026-01-09,2025-11-20',
  '3,Cy,2025-12-30,2026-01-15',
  '4,Dee,2025-03-02,2024-06-30',
].join('\n');

let db: Demo;
beforeAll(async () => {
  db = await openCsvData({ 'customers.csv': `${CUSTOMERS}\n` });
});
afterAll(async () => db.warehouse.close());

describe('a verb of joining names the date of joining', () => {
  it.each([
    ['How many customers joined in 2025?', 'SELECT 2'],
    ['Which customers enrolled in 2026?', "SELECT 'Cy'"],
  ])('"%s"', async (question, sql) => {
    const answer = await askData(db, question, 0.8);
    expect(answer.plan?.timeRange?.column.column).toBe('signup_date');
    await expectSameRows(db, answer, sql);
  });

  it('names no date whose name says nothing of joining', async () => {
    const answer = await askData(db, 'How many customers were last seen in 2025?', 0);
    expect(answer.plan?.timeRange?.column.column).not.toBe('signup_date');
  });
});

describe('a verb of leaving names the date of leaving', () => {
  // The date of leaving is not the employees' first date.
  const EMPLOYEES = [
    'employee_id,employee_name,hire_date,termination_date',
    '1,Ann,2019-04-01,2025-06-30',
    '2,Bo,2021-09-15,',
    '3,Cy,2025-02-01,2026-03-31',
    '4,Di,2025-07-01,',
  ].join('\n');

  it.each([
    ['How many employees left in 2025?', 'termination_date', 'SELECT 1'],
    ['Which employees quit in 2026?', 'termination_date', "SELECT 'Cy'"],
    ['How many employees joined in 2025?', 'hire_date', 'SELECT 2'],
  ])('"%s"', async (question, date, sql) => {
    await withCsvData({ 'employees.csv': `${EMPLOYEES}\n` }, async (staff) => {
      const answer = await askData(staff, question, 0.8);
      expect(answer.plan?.timeRange?.column.column).toBe(date);
      await expectSameRows(staff, answer, sql);
    });
  });
});

describe('a verb naming the date of things that hold no numbers', () => {
  it('"how many people were hired in 2025" counts them by their hire date', async () => {
    await withCsvData(
      {
        'people.csv':
          'person_id,full_name,team,hire_date\n1,Ann Lee,north,2024-03-01\n2,Bo Park,south,2025-05-01\n3,Cy Diaz,north,2025-09-12\n4,Di Chen,south,2026-01-20\n',
      },
      async (people) => {
        const answer = await askData(people, 'How many people were hired in 2025?', 0.8);
        await expectSameRows(people, answer, 'SELECT 2');
      },
    );
  });
});
