import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNonAdditiveColumn } from '../src/cards/words';
import { loadDataDir } from '../src/eval/load';
import type { SemanticModel } from '../src/model/types';
import type { DuckDbWarehouse } from '../src/warehouse/duckdb';
import { understand } from '../src/understand/parse';
import { col } from './model-columns';
import { NOW } from './setup';

// Issue 14: a stock's daily quotes (open, high, low, close) are prices. "close in February" is
// not the sum of a month of closing prices; it is averaged, like any other price.

describe('price quotes are not added up', () => {
  it('reads a column named for a quote as non-additive, and only when the name ends with it', () => {
    for (const name of ['close', 'adj_close', 'open', 'high', 'low', 'day_high'])
      expect(isNonAdditiveColumn(col('stocks', name, 'number')), name).toBe(true);
    for (const name of ['volume', 'open_orders', 'low_stock_count', 'high_value_orders', 'closed_deals'])
      expect(isNonAdditiveColumn(col('stocks', name, 'number')), name).toBe(false);
  });

  let warehouse: DuckDbWarehouse;
  let model: SemanticModel;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalyst-quotes-'));
    const days = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 5, 1 + i)));
    writeFileSync(
      join(dir, 'prices.csv'),
      [
        'day,symbol,close,volume',
        ...days.map((d, i) => `${d.toISOString().slice(0, 10)},ACME,${100 + i},${1000 + i}`),
      ].join('\n'),
    );
    ({ warehouse, model } = await loadDataDir(dir));
  });
  afterAll(async () => {
    await warehouse.close();
  });

  it('averages the close over a month, and still totals the volume', () => {
    const close = understand('close in August 2026', model, NOW);
    expect(close.plan?.measures.map((m) => [m.agg, m.column?.column])).toEqual([['avg', 'close']]);
    const volume = understand('volume in August 2026', model, NOW);
    expect(volume.plan?.measures.map((m) => [m.agg, m.column?.column])).toEqual([['sum', 'volume']]);
  });
});
