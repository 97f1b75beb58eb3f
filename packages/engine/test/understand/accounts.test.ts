import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// Accounts that are billed: what "new accounts", "accounts created per month" and "which account
// paid the most" mean when the invoices have a status called "paid".

let db: Demo;
beforeAll(async () => {
  const accounts = [
    'account_id,account_name,plan,created_date',
    '1,Acme,pro,2026-01-15',
    '2,Bolt,free,2026-01-20',
    '3,Cura,pro,2026-02-03',
    '4,Dyno,enterprise,2025-06-01',
  ];
  const invoices = [
    'invoice_id,account_id,issued_date,amount,status',
    '1,4,2026-01-05,900,paid',
    '2,4,2026-02-05,900,overdue',
    '3,1,2026-02-10,100,paid',
    '4,1,2026-03-10,100,paid',
    '5,1,2026-04-10,100,paid',
    '6,2,2026-03-01,50,paid',
    '7,3,2026-03-02,400,paid',
    '8,3,2026-04-02,400,void',
  ];
  const tickets = ['ticket_id,account_id,opened_date,closed_date,priority'];
  for (let k = 1; k <= 40; k++)
    tickets.push(
      `${k},${1 + (k % 4)},2026-0${1 + (k % 6)}-${String(1 + (k % 27)).padStart(2, '0')},2026-0${2 + (k % 6)}-${String(1 + ((k * 7) % 27)).padStart(2, '0')},${['low', 'high'][k % 2]}`,
    );
  db = await openCsvData({
    'tickets.csv': tickets.join('\n') + '\n',
    'accounts.csv': accounts.join('\n') + '\n',
    'invoices.csv': invoices.join('\n') + '\n',
  });
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('things counted by their own date', () => {
  it('"new accounts per month" counts accounts by when they were created, not by their invoices', async () => {
    const a = await askData(db, 'Number of new accounts per month in 2026', 0.8);
    await expectSameRows(
      db,
      a,
      "SELECT * FROM (VALUES (DATE '2026-01-01', 2), (DATE '2026-02-01', 1)) AS v(month, accounts)",
    );
  });

  it('a date grouped by month is not also grouped by day', async () => {
    const a = await askData(db, 'How many accounts were created per month in 2026?', 0.8);
    expect(a.plan?.dimensions).toHaveLength(1);
    expect(a.plan?.dimensions[0]?.grain).toBe('month');
  });
});

describe('money said by a verb', () => {
  it('"which account paid the most" adds up the amounts of the paid invoices', async () => {
    // By count of paid invoices Acme (3) would come first; by money paid, Dyno (900).
    const a = await askData(db, 'Which account paid the most in 2026?', 0.8);
    expect(a.status).toBe('answered');
    expect(a.plan?.measures.map((m) => `${m.agg}(${m.column?.column})`)).toEqual(['sum(amount)']);
    expect(a.plan?.filters).toEqual([expect.objectContaining({ op: 'eq', values: ['paid'] })]);
    expect(a.rows).toHaveLength(1);
    // Shown by the account's name: the invoices' account_id was found to refer to the accounts.
    expect(a.rows[0]).toEqual(['Dyno', 900]);
  });
});

describe('things counted through the rows that refer to them', () => {
  it("a period said of the referring rows applies to their date, not the things' own", async () => {
    // Accounts 1, 2 and 3 were invoiced in March 2026; none was created then.
    const a = await askData(db, 'How many accounts received invoices in March 2026?', 0.8);
    expect(a.plan?.timeRange?.column).toEqual({ table: 'invoices', column: 'issued_date' });
    await expectSameRows(db, a, 'SELECT 3');
  });

  it("a value before the things' name counts those things, not the rows", async () => {
    // Three pro invoices in March 2026 (1, 3 and 7), from two pro accounts (1 and 3).
    const a = await askData(db, 'How many pro accounts received invoices in March 2026?', 0.8);
    expect(a.plan?.measures.map((m) => `${m.agg}(${m.column?.column})`)).toEqual([
      'count_distinct(account_id)',
    ]);
    await expectSameRows(db, a, 'SELECT 2');
  });
});

describe('an amount named with the verb it comes from', () => {
  it('"the total invoiced amount by status" adds up the amounts of each status', async () => {
    const a = await askData(db, 'Total invoiced amount in 2026 by status', 0.8);
    await expectSameRows(
      db,
      a,
      "SELECT status, SUM(amount) FROM invoices WHERE issued_date BETWEEN '2026-01-01' AND '2026-12-31' GROUP BY 1",
    );
  });
});

describe('a date named by its verb', () => {
  it('"tickets closed per month in 2026" groups and filters by the closing date', async () => {
    const a = await askData(db, 'Tickets closed per month in 2026', 0.8);
    await expectSameRows(
      db,
      a,
      "SELECT CAST(date_trunc('month', closed_date) AS DATE), count(*) FROM tickets WHERE closed_date BETWEEN '2026-01-01' AND '2026-12-31' GROUP BY 1",
    );
  });

  it('"how many tickets were closed in March 2026" counts by the closing date', async () => {
    const a = await askData(db, 'How many tickets were closed in March 2026?', 0.8);
    expect(a.plan?.timeRange?.column.column).toBe('closed_date');
    expect(a.plan?.dimensions ?? []).toEqual([]);
  });
});
