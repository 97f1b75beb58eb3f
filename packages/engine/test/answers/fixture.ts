import { ZQueryPlan, type TCard, type TQueryPlan } from '@catalyst/contracts';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb';
import { buildSemanticModel } from '../../src/model/build';
import type { SemanticModel } from '../../src/model/types';
import { executePlan } from '../../src/answer/execute';
import { presentResult } from '../../src/answer/present';
import { readingOf } from '../../src/answer/reading';
import { narrate, type Sentence } from '../../src/cards/narrative';
import type { ResultView } from '../../src/cards/result';

// A small shop of our own, built for these tests (not the demo): one row per day, region and
// channel from Jan 10 to Apr 15, 2026 — so January and April are partial months — with a spike
// on Mar 4 (a 30× day) for the outlier sentence.

export const REGIONS = ['North', 'South', 'East'];
const CHANNELS = ['Web', 'Shop'];
const DAY = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export interface Shop {
  warehouse: DuckDbWarehouse;
  model: SemanticModel;
}

export async function openShop(): Promise<Shop> {
  const warehouse = await DuckDbWarehouse.create();
  const rows: unknown[][] = [];
  const start = Date.UTC(2026, 0, 10);
  const end = Date.UTC(2026, 3, 15);
  for (let t = start, i = 0; t <= end; t += DAY, i++) {
    const day = new Date(t).toISOString().slice(0, 10);
    REGIONS.forEach((region, ri) =>
      CHANNELS.forEach((channel, ci) => {
        const spike = day === '2026-03-04' ? 30 : 1;
        const amount = (100 * (3 - ri) * (2 - ci) + (i % 7) * 5) * spike;
        rows.push([
          day,
          region,
          channel,
          amount,
          Math.round(amount * (0.5 + ri * 0.1) * 100) / 100,
          3 - ri + (2 - ci),
          (i + ri) % 10 === 0,
          ci === 0 ? 0.05 * (ri + 1) : 0.02,
          15 + ri * 3,
          3.5 + ri,
          WEEKDAYS[new Date(t).getUTCDay()],
          Math.round(amount * (ci === 0 ? 0.05 * (ri + 1) : 0.02) * 100) / 100,
        ]);
      }),
    );
  }
  await warehouse.loadRows(
    'sales',
    [
      { name: 'day', type: 'DATE' },
      { name: 'region', type: 'VARCHAR' },
      { name: 'channel', type: 'VARCHAR' },
      { name: 'amount', type: 'DOUBLE' },
      { name: 'cost', type: 'DOUBLE' },
      { name: 'units', type: 'INTEGER' },
      { name: 'returned', type: 'BOOLEAN' },
      { name: 'discount', type: 'DOUBLE' },
      { name: 'temperature', type: 'DOUBLE' },
      { name: 'interest_rate', type: 'DOUBLE' },
      { name: 'weekday', type: 'VARCHAR' },
      { name: 'discount_amount', type: 'DOUBLE' },
    ],
    rows,
  );
  const model = await buildSemanticModel(warehouse);
  model.metrics.push(
    {
      name: 'margin',
      label: 'Margin',
      table: 'sales',
      expression: '(SUM("amount") - SUM("cost")) / NULLIF(SUM("amount"), 0)',
      synonyms: [],
      definition: 'Gross profit as a share of the amount sold.',
    },
    {
      name: 'gross_profit',
      label: 'Gross Profit',
      table: 'sales',
      expression: 'SUM("amount") - SUM("cost")',
      synonyms: [],
      definition: 'Amount sold minus its cost.',
    },
    {
      name: 'gross_margin',
      label: 'Gross Margin',
      table: 'sales',
      expression: 'SUM("amount") - SUM("cost")',
      synonyms: [],
      definition: 'What is left of the amount sold after its cost.',
    },
    {
      name: 'return_rate',
      label: 'Return Rate',
      table: 'sales',
      expression: 'AVG(CASE WHEN "returned" THEN 1 ELSE 0 END)',
      synonyms: [],
      definition: 'Share of sales that came back.',
    },
  );
  return { warehouse, model };
}

const col = (column: string) => ({ table: 'sales', column });
export const M = {
  amount: { agg: 'sum' as const, column: col('amount'), label: 'Total Amount' },
  units: { agg: 'sum' as const, column: col('units'), label: 'Total Units' },
  count: { agg: 'count' as const, label: 'Number of Sales' },
  regions: { agg: 'count_distinct' as const, column: col('region'), label: 'Distinct Regions' },
  avgDiscount: { agg: 'avg' as const, column: col('discount'), label: 'Average Discount' },
  avgUnits: { agg: 'avg' as const, column: col('units'), label: 'Average Units' },
  temperature: { agg: 'sum' as const, column: col('temperature'), label: 'Total Temperature' },
  discountAmount: { agg: 'sum' as const, column: col('discount_amount'), label: 'Total Discount Amount' },
  interest: { agg: 'avg' as const, column: col('interest_rate'), label: 'Average Interest Rate' },
  margin: { agg: 'sum' as const, metric: 'margin', label: 'Margin' },
  profit: { agg: 'sum' as const, metric: 'gross_profit', label: 'Gross Profit' },
  grossMargin: { agg: 'sum' as const, metric: 'gross_margin', label: 'Gross Margin' },
  returnRate: { agg: 'avg' as const, metric: 'return_rate', label: 'Return Rate' },
};
export const D = {
  region: { column: col('region'), label: 'Region' },
  channel: { column: col('channel'), label: 'Channel' },
  month: { column: col('day'), grain: 'month' as const, label: 'Month' },
  week: { column: col('day'), grain: 'week' as const, label: 'Week' },
  units: { column: col('units'), label: 'Units' },
  weekday: { column: col('weekday'), label: 'Weekday' },
};
export const range = (from: string, to: string, label: string) => ({ column: col('day'), from, to, label });

/** A plan with defaults: what the understanding layer would hand over. */
export function plan(p: Partial<TQueryPlan> & Pick<TQueryPlan, 'measures'>): TQueryPlan {
  return ZQueryPlan.parse({
    intent: p.dimensions?.length ? 'breakdown' : 'value',
    table: 'sales',
    dimensions: [],
    filters: [],
    order: [],
    ...p,
  });
}

export interface Shown {
  sentences: Sentence[];
  texts: string[];
  cards: TCard[];
  view: ResultView;
  periods: string[];
  /** Texts of one sentence kind. */
  of: (kind: Sentence['kind']) => string[];
}

/** Runs a plan on the real DuckDB and presents it as the engine does. */
export async function show(shop: Shop, p: TQueryPlan, options: { currency?: string } = {}): Promise<Shown> {
  const run = await executePlan(p, shop.model, shop.warehouse);
  const presented = await presentResult({
    question: 'test',
    plan: p,
    model: shop.model,
    warehouse: shop.warehouse,
    reading: readingOf(p, shop.model),
    columns: run.compiled.columns,
    rows: run.result.rows,
    truncated: run.result.truncated,
    followUps: [],
    currency: options.currency,
  });
  const sentences = narrate(presented.view);
  return {
    sentences,
    texts: sentences.map((s) => s.text),
    cards: presented.cards,
    view: presented.view,
    periods: presented.periods,
    of: (kind) => sentences.filter((s) => s.kind === kind).map((s) => s.text),
  };
}

/** One number from a hand-written query. */
export async function scalar(shop: Shop, sql: string): Promise<number> {
  const r = await shop.warehouse.query(sql);
  return Number(r.rows[0]![0]);
}

export const usd = (v: number): string =>
  v.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Math.abs(v) >= 1000 ? 0 : 2,
    minimumFractionDigits: Math.abs(v) >= 1000 ? 0 : undefined,
  });
export const pct = (v: number): string =>
  v.toLocaleString('en-US', { style: 'percent', maximumFractionDigits: 1 });

export function card<T extends TCard['type']>(shown: Shown, type: T): Extract<TCard, { type: T }> {
  const c = shown.cards.find((x) => x.type === type);
  if (!c) throw new Error(`no ${type} card`);
  return c as Extract<TCard, { type: T }>;
}
