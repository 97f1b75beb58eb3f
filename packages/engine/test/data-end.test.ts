import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce } from '../src/answer/answer';
import { generateRetailDemo } from '../src/demo/retail-demo';
import { loadDataDir } from '../src/eval/load';
import type { SemanticModel } from '../src/model/types';
import type { DuckDbWarehouse } from '../src/warehouse/duckdb';
import { NOW } from './setup';

// Data that stopped at the end of June last year, asked about today.
describe('relative periods of data that ended a while ago', () => {
  let warehouse: DuckDbWarehouse;
  let model: SemanticModel;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalyst-old-data-'));
    generateRetailDemo(dir, { end: new Date('2025-06-30T00:00:00Z'), ordersPerDay: 4, customers: 100 });
    ({ warehouse, model } = await loadDataDir(dir));
  });
  afterAll(async () => {
    await warehouse.close();
  });
  const ask = (question: string) => answerOnce({ question, model, warehouse, now: NOW, threshold: 0.5 });
  const total = async (from: string, to: string) =>
    Number(
      (
        await warehouse.query(
          `SELECT sum(revenue) FROM orders WHERE order_date >= DATE '${from}' AND order_date < DATE '${to}'`,
        )
      ).rows[0]![0],
    );

  it('counts "last month" back from the data’s last day, and says so', async () => {
    const a = await ask('revenue last month');
    expect(a.status).toBe('answered');
    expect(a.evidence.periods[0]).toBe('last month (the data ends Jun 30, 2025) = Jun 1–30, 2025');
    expect(Number(a.rows[0]![0])).toBeCloseTo(await total('2025-06-01', '2025-07-01'), 2);
  });

  it('leaves a named period alone, even one the data does not reach', async () => {
    const a = await ask('revenue in March 2026');
    expect(a.evidence.periods[0]).not.toMatch(/the data ends/);
  });

  it('leaves a relative period the data reaches alone', async () => {
    const a = await answerOnce({
      question: 'revenue last month',
      model,
      warehouse,
      now: new Date('2025-06-15T12:00:00Z'),
      threshold: 0.5,
    });
    expect(a.evidence.periods[0]).toBe('last month = May 1–31, 2025');
  });
});
