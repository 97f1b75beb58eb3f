import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { generateRetailDemo } from '../src/demo/retail-demo';
import { loadDataDir } from '../src/eval/load';
import { answerOnce, type Answer } from '../src/answer/answer';
import type { DuckDbWarehouse } from '../src/warehouse/duckdb';
import type { SemanticModel } from '../src/model/types';

export const NOW = new Date('2026-11-22T12:00:00Z');

export interface Demo {
  warehouse: DuckDbWarehouse;
  model: SemanticModel;
  dir: string;
}

/**
 * The demo retail data (the star schema, ending on NOW) in a fresh DuckDB, with its automatically
 * built model. A ninth of the demo's volume: these tests need its shape, not its size.
 */
export async function openDemo(): Promise<Demo> {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-retail-'));
  generateRetailDemo(dir, { end: NOW, ordersPerDay: 10, customers: 300 });
  const { warehouse, model } = await loadDataDir(dir);
  return { warehouse, model, dir };
}

/** CSV files (name → text) as a user would upload them, loaded into a fresh DuckDB with their model. */
export async function openCsvData(files: Record<string, string>): Promise<Demo> {
  const dir = mkdtempSync(join(tmpdir(), 'catalyst-data-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const { warehouse, model } = await loadDataDir(dir);
  return { warehouse, model, dir };
}

/** Runs `use` over CSV files loaded as openCsvData loads them, and closes their database after. */
export async function withCsvData<T>(
  files: Record<string, string>,
  use: (data: Demo) => Promise<T>,
): Promise<T> {
  const data = await openCsvData(files);
  try {
    return await use(data);
  } finally {
    await data.warehouse.close();
  }
}

/** `question` answered over `data` (another dataset than the demo) at the eval clock. */
export function askData(data: Demo, question: string, threshold = 0.5): Promise<Answer> {
  return answerOnce({ question, model: data.model, warehouse: data.warehouse, now: NOW, threshold });
}

export async function ask(
  demo: Demo,
  question: string,
  history: { question: string; plan: Answer['plan'] }[] = [],
): Promise<Answer> {
  return answerOnce({
    question,
    model: demo.model,
    warehouse: demo.warehouse,
    now: NOW,
    history,
    threshold: 0.5,
  });
}

const norm = (v: unknown): string =>
  typeof v === 'number'
    ? String(Math.round(v * 100) / 100)
    : v === null || v === undefined
      ? 'null'
      : String(v);

/** Rows equal to the hand-written SQL's rows (as multisets, or in order), numbers to 2 decimals. */
export async function expectSameRows(
  demo: Demo,
  answer: Answer,
  sql: string,
  params: unknown[] = [],
  ordered = false,
): Promise<void> {
  expect(answer.status, `${answer.question}: ${answer.message} ${answer.evidence.doubts.join('; ')}`).toBe(
    'answered',
  );
  const expected = (await demo.warehouse.query(sql, { params })).rows.map((r) => r.map(norm).join('|'));
  const actual = answer.rows.map((r) => r.map(norm).join('|'));
  if (ordered) expect(actual).toEqual(expected);
  else expect([...actual].sort()).toEqual([...expected].sort());
}
