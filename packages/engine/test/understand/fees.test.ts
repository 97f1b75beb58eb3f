import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// A clinic sells nothing: the fees it charges are what comes in, and what its performance is
// measured by before the minutes its appointments last.

let db: Demo;
beforeAll(async () => {
  const rows = ['appointment_id,appointment_date,doctor,specialty,duration_min,fee'];
  const doctors = [
    ['Dr. Hart', 'Cardiology'],
    ['Dr. Kim', 'Dermatology'],
    ['Dr. Rahman', 'Pediatrics'],
  ];
  let id = 1;
  for (let day = 0; day < 120; day++) {
    const date = new Date(Date.UTC(2026, 6, 25) + day * 86_400_000).toISOString().slice(0, 10);
    for (const [k, [doctor, specialty]] of doctors.entries()) {
      if ((day + k) % 3 === 0) continue;
      rows.push(`${id++},${date},${doctor},${specialty},${20 + 10 * k},${80 + 15 * k + (day % 4)}`);
    }
  }
  db = await openCsvData({ 'appointments.csv': rows.join('\n') + '\n' });
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('fees are what a clinic brings in', () => {
  it('"how much did each doctor bring in" adds up the fees', async () => {
    const a = await askData(db, 'How much did each doctor bring in last month?', 0.7);
    expect(a.status).toBe('answered');
    await expectSameRows(
      db,
      a,
      "SELECT doctor, sum(fee) FROM appointments WHERE appointment_date >= DATE '2026-10-01' AND appointment_date < DATE '2026-11-01' GROUP BY 1",
    );
  });

  it('"which specialty is underperforming" is measured by the fees, not the minutes', async () => {
    const a = await askData(db, 'Which specialty is underperforming?');
    expect(a.status).toBe('answered');
    expect(a.reading).toMatch(/^Total Fee, /);
  });
});
