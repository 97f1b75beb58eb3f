import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askData, expectSameRows, openCsvData, type Demo } from '../setup';

// One figure cannot be ranked: a reading that adds a column up and then orders its one row by the
// same column has lost the superlative, which asks for the column's extreme.

let db: Demo;
beforeAll(async () => {
  const rows = [
    'shipment_id,ship_date,carrier,weight_kg,cost_usd',
    'S1,2026-02-01,Swift,120.5,40',
    'S2,2026-03-05,Parcelo,310.0,95',
    'S3,2026-04-11,Swift,75.25,22',
    'S4,2025-12-30,Parcelo,900.0,210',
    'S5,2026-06-20,Swift,15.0,8',
  ];
  db = await openCsvData({ 'shipments.csv': rows.join('\n') + '\n' });
});
afterAll(async () => {
  await db.warehouse.close();
});

describe('a superlative of one figure', () => {
  it('"how heavy was the heaviest shipment this year" is the largest weight, not the total', async () => {
    const a = await askData(db, 'How heavy was the heaviest shipment this year?');
    expect(a.plan?.measures.map((m) => m.agg)).toEqual(['max']);
    await expectSameRows(db, a, 'SELECT 310.0');
  });

  it('a figure of another column is never the total of all rows', async () => {
    const a = await askData(db, 'What was the total cost of the heaviest shipment this year?');
    // The heaviest shipment of 2026 cost 95; all of 2026's shipments 165.
    expect(a.status === 'declined' || JSON.stringify(a.rows) === '[[95]]', `${a.status} ${a.reading}`).toBe(
      true,
    );
  });
});
