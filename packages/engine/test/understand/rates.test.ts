import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataDir } from '../../src/eval/load';
import { answerOnce } from '../../src/answer/answer';
import { expectSameRows, NOW, type Demo } from '../setup';

// Repairs booked at garages: a status and a cost each, to ask for the share of rows holding a value.
const STATUSES = ['done', 'done', 'no-show', 'done', 'cancelled', 'done', 'no-show', 'done', 'done', 'done'];
const ROWS = Array.from({ length: 40 }, (_, i) => {
  const day = String((i % 28) + 1).padStart(2, '0');
  const garage = i % 3 === 0 ? 'North' : i % 3 === 1 ? 'South' : 'East';
  return [i + 1, `2026-10-${day}`, garage, STATUSES[(i * 7) % 10], 80 + ((i * 13) % 50)];
});

let db: Demo;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-repairs-'));
  writeFileSync(
    join(dir, 'repairs.csv'),
    `repair_id,booked_date,garage,status,cost\n${ROWS.map((r) => r.join(',')).join('\n')}\n`,
  );
  const { warehouse, model } = await loadDataDir(dir);
  db = { warehouse, model, dir };
});
afterAll(async () => {
  await db.warehouse.close();
});

const ask = (question: string) =>
  answerOnce({ question, model: db.model, warehouse: db.warehouse, now: NOW, threshold: 0.7 });

const RATE_BY_GARAGE = `SELECT garage, AVG(CASE WHEN status = 'no-show' THEN 1.0 ELSE 0 END) FROM repairs GROUP BY 1`;

describe('a value said before "rate"', () => {
  it.each(['no-show rate by garage', 'What is the no-show rate for each garage?'])(
    '"%s" is the share of rows holding it in each group',
    async (question) => {
      const answer = await ask(question);
      expect(answer.status, answer.message).toBe('answered');
      await expectSameRows(db, answer, RATE_BY_GARAGE);
    },
  );
});

describe('a value and the rows it marks, said before "rate"', () => {
  it('"cancelled repair rate by garage" is the share of repairs cancelled in each garage', async () => {
    const answer = await ask('cancelled repair rate by garage');
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(
      db,
      answer,
      `SELECT garage, AVG(CASE WHEN status = 'cancelled' THEN 1.0 ELSE 0 END) FROM repairs GROUP BY 1`,
    );
  });
});

describe('what we spent', () => {
  it('is the cost of the facts, not what sales bring in', async () => {
    const answer = await ask('How much have we spent on repairs in October 2026?');
    expect(answer.status, answer.message).toBe('answered');
    await expectSameRows(
      db,
      answer,
      "SELECT SUM(cost) FROM repairs WHERE booked_date BETWEEN '2026-10-01' AND '2026-10-31'",
    );
  });
});
