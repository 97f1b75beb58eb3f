import { afterAll, beforeAll, describe, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// "People" and "headcount" where the data holds one table of people (understand/people-words.ts).

let db: Demo;
beforeAll(async () => {
  const employees = ['employee_id,team_id,title,hire_date,salary'];
  for (let k = 1; k <= 60; k++)
    employees.push(
      `${k},${1 + (k % 2)},${['engineer', 'designer', 'analyst'][k % 3]},${2023 + (k % 3)}-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + (k % 28)).padStart(2, '0')},${40000 + 1000 * k}`,
    );
  db = await openCsvData({
    'teams.csv': 'team_id,team_name\n1,Core\n2,Growth\n',
    'employees.csv': employees.join('\n') + '\n',
  });
});
afterAll(async () => db.warehouse.close());

describe('words for people', () => {
  it('"how many people were hired in 2025" counts the employees hired then', async () => {
    const a = await askData(db, 'How many people were hired in 2025?', 0.7);
    await expectSameRows(
      db,
      a,
      "SELECT count(*) FROM employees WHERE hire_date BETWEEN '2025-01-01' AND '2025-12-31'",
    );
  });

  it('"headcount by title" counts the employees of each title', async () => {
    const a = await askData(db, 'Headcount by title', 0.7);
    await expectSameRows(db, a, 'SELECT title, count(*) FROM employees GROUP BY 1');
  });
});
