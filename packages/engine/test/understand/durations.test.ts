import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataDir } from '../../src/eval/load';
import { answerOnce } from '../../src/answer/answer';
import { askData, expectSameRows, NOW, type Demo, withCsvData } from '../setup';

// Parcels sent by couriers: when each was sent and delivered, and what it cost; and visits that
// hold their own length in minutes.
const PARCELS = Array.from({ length: 30 }, (_, i) => {
  const sent = new Date(Date.UTC(2026, 9, 1 + i));
  const days = 1 + ((i * 7) % 5) + (i % 3 === 0 ? 2 : 0);
  const delivered = new Date(sent.getTime() + days * 86_400_000);
  const courier = ['Swift', 'Steady', 'Slowpoke'][i % 3];
  const kg = 1 + ((i * 3) % 9);
  return [i + 1, sent.toISOString().slice(0, 10), delivered.toISOString().slice(0, 10), courier, 10 + i, kg];
});
const VISITS = Array.from({ length: 12 }, (_, i) => {
  const booked = new Date(Date.UTC(2026, 9, 1 + i));
  const visit = new Date(booked.getTime() + (3 + (i % 4)) * 86_400_000);
  return [i + 1, booked.toISOString().slice(0, 10), visit.toISOString().slice(0, 10), 20 + (i % 3) * 10, 50];
});

let db: Demo;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-parcels-'));
  const csv = (header: string, rows: unknown[][]) =>
    `${header}\n${rows.map((r) => r.join(',')).join('\n')}\n`;
  writeFileSync(
    join(dir, 'parcels.csv'),
    csv('parcel_id,sent_date,delivered_date,courier,cost,weight_kg', PARCELS),
  );
  writeFileSync(join(dir, 'visits.csv'), csv('visit_id,booked_on,visit_date,duration_min,fee', VISITS));
  const { warehouse, model } = await loadDataDir(dir);
  db = { warehouse, model, dir };
});
afterAll(async () => {
  await db.warehouse.close();
});

const ask = (question: string) =>
  answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.7 });

const DAYS = 'delivered_date - sent_date';

describe('the time between two dates of a row', () => {
  it.each([
    ['average delivery time by courier', `SELECT courier, AVG(${DAYS}) FROM parcels GROUP BY 1`],
    [
      'What is the average delivery time in days for each courier?',
      `SELECT courier, AVG(${DAYS}) FROM parcels GROUP BY 1`,
    ],
    [
      'Which courier takes the longest to deliver on average?',
      `SELECT courier, AVG(${DAYS}) FROM parcels GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    ],
  ])('"%s" is the days from the start to the end', async (question, sql) => {
    const answer = await ask(question);
    expect(answer.status, answer.message).toBe('answered');
    expect(answer.message + answer.reading).toMatch(/Sent Date/);
    await expectSameRows(db, answer, sql);
  });

  it('is counted in the unit said', async () => {
    const answer = await ask('average delivery time in hours by courier');
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(db, answer, `SELECT courier, AVG(${DAYS}) * 24 FROM parcels GROUP BY 1`);
  });

  it('is not read where the days are only a period ("in the last 30 days")', async () => {
    const answer = await ask('How many parcels were sent in the last 30 days?');
    expect(answer.sql).not.toMatch(/epoch/i);
  });

  it("is read where the rows hold their own length but the question names the dates' events", async () => {
    const answer = await ask('On average, how many days in advance are visits booked?');
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(db, answer, 'SELECT AVG(visit_date - booked_on) FROM visits');
  });

  it('is not read where the rows hold their own length', async () => {
    const answer = await ask('how long are visits on average');
    expect(answer.sql).not.toMatch(/epoch/i);
  });
});

describe('the unit a measure is kept in', () => {
  it.each([
    ['cost per kg by courier', 'SELECT courier, SUM(cost) / SUM(weight_kg) FROM parcels GROUP BY 1'],
    ['how many parcels are heavier than 5 kg', 'SELECT count(*) FROM parcels WHERE weight_kg > 5'],
  ])('"%s" names it', async (question, sql) => {
    const answer = await ask(question);
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(db, answer, sql);
  });
});

describe('time between two dates, grouped by what each row refers to', () => {
  it.each([
    'Average days to close a ticket for each plan',
    'Mean number of days to resolve closed tickets (closed date minus opened date) for the accounts on each plan',
  ])('"%s"', async (question) => {
    await withCsvData(
      {
        'accounts.csv': 'account_id,account_name,plan\nA1,Acme,pro\nA2,Bolt,free\nA3,Cura,pro\n',
        'tickets.csv':
          [
            'ticket_id,account_id,opened_date,closed_date',
            'T1,A1,2026-01-01,2026-01-03',
            'T2,A2,2026-01-01,2026-01-11',
            'T3,A3,2026-01-05,2026-01-09',
            'T4,A2,2026-01-07,',
          ].join('\n') + '\n',
      },
      async (tickets) => {
        const answer = await askData(tickets, question, 0.8);
        expect(answer.plan?.dimensions.map((d) => d.column.column)).toEqual(['plan']);
        await expectSameRows(
          tickets,
          answer,
          "SELECT * FROM (VALUES ('pro', 3.0), ('free', 10.0)) AS v(plan, days)",
        );
      },
    );
  });
});

describe('the time between two dates of things named by name', () => {
  // Two people share a name: the tenure of the staff is one average, not one per name.
  const STAFF = [
    'staff_id,full_name,job_title,hire_date,leave_date',
    '1,Ann Berg,engineer,2020-01-01,2020-01-11',
    '2,Bo Lund,manager,2021-03-01,2021-03-21',
    '3,Ann Berg,engineer,2022-05-01,2022-05-31',
    '4,Cy Moe,manager,2023-01-01,',
  ].join('\n');

  it.each([
    ['average tenure of staff', 'SELECT 20.0'],
    [
      'average tenure by job title',
      "SELECT * FROM (VALUES ('engineer', 20.0), ('manager', 20.0)) AS v(t, d)",
    ],
  ])('"%s"', async (question, sql) => {
    await withCsvData({ 'staff.csv': `${STAFF}\n` }, async (staff) => {
      const answer = await askData(staff, question, 0.7);
      expect(answer.plan?.dimensions.some((d) => d.column.column === 'full_name') ?? true).toBe(false);
      await expectSameRows(staff, answer, sql);
    });
  });
});
