import {
  ZQueryPlan,
  type TCard,
  type TCardAction,
  type TColumnRef,
  type TQueryPlan,
} from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Warehouse } from '../warehouse';
import { buildCards } from '../cards/build';
import { addDays, isoDay, longDay, rangeText, toDay } from '../cards/format';
import { narrativeFacts } from '../cards/narrative';
import { describeResult, type ResultView } from '../cards/result';
import { narrateWithLlm, type LlmConfig } from '../llm/client';
import { executePlan } from './execute';
import { previousRange } from './periods';
import { readingOf } from './reading';

export interface PresentInput {
  question: string;
  plan: TQueryPlan;
  model: SemanticModel;
  warehouse: Warehouse;
  reading: string;
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  followUps: TCardAction[];
  llm?: LlmConfig | null;
  timeoutMs?: number;
  currency?: string;
}

export interface Presented {
  cards: TCard[];
  view: ResultView;
  /** The periods the answer is about, resolved to days ("last month = Oct 1–31, 2026"). */
  periods: string[];
}

export type Extent = { first: Date; last: Date };

/** The first and last day in a time column of the plan's table, for partial periods. */
export async function dataExtent(
  input: Pick<PresentInput, 'model' | 'warehouse' | 'timeoutMs'> & { plan: Pick<TQueryPlan, 'table'> },
  column: TColumnRef,
): Promise<Extent | null> {
  const probe = ZQueryPlan.parse({
    intent: 'value',
    table: input.plan.table,
    measures: [
      { agg: 'min', column, label: 'first' },
      { agg: 'max', column, label: 'last' },
    ],
    dimensions: [],
    filters: [],
    order: [],
  });
  try {
    const run = await executePlan(probe, input.model, input.warehouse, {
      maxRows: 1,
      timeoutMs: input.timeoutMs,
    });
    const [a, b] = run.result.rows[0] ?? [];
    const first = toDay(a);
    const last = toDay(b);
    return first && last ? { first, last } : null;
  } catch {
    return null;
  }
}

/**
 * The comparison period's figures: the period before (or a year before) the days the data covers
 * of the asked period, so a month to date is compared with the same days of the month before.
 */
async function comparisonRow(
  input: PresentInput,
  extent: Extent | null,
): Promise<{ row: unknown[]; from: string; to: string } | null> {
  const { plan } = input;
  const range = plan.timeRange;
  // A single figure compared with a named period: the query read both (compilePlan).
  const other = plan.comparisonRange;
  if (other?.from && other.to && !plan.dimensions.length) {
    const n = plan.measures.length;
    // A period the data only partly covers is no figure to compare with: no change is claimed.
    const covered = !extent || toDay(other.from)! >= extent.first;
    const row = (covered && input.rows[0]?.slice(n, 2 * n)) || plan.measures.map(() => null);
    return { row, from: other.from, to: other.to };
  }
  if (!plan.comparison || plan.dimensions.length || !range?.from || !range.to) return null;
  const from = extent && extent.first > toDay(range.from)! ? isoDay(extent.first) : range.from;
  const dataTo = extent ? isoDay(addDays(extent.last, 1)) : null;
  const to = dataTo && dataTo < range.to ? dataTo : range.to;
  const before = previousRange({ ...plan, timeRange: { ...range, from, to } });
  if (!before?.from || !before.to) return null;
  // The data does not reach back over the whole comparison period: comparing would mislead.
  if (extent && toDay(before.from)! < extent.first)
    return { row: plan.measures.map(() => null), from: before.from, to: before.to };
  const run = await executePlan({ ...plan, timeRange: before }, input.model, input.warehouse, {
    maxRows: 1,
    timeoutMs: input.timeoutMs,
  });
  return { row: run.result.rows[0] ?? plan.measures.map(() => null), from: before.from, to: before.to };
}

function periodsOf(plan: TQueryPlan, view: ResultView, extent: Extent | null): string[] {
  const periods: string[] = [];
  if (plan.timeRange && view.period)
    periods.push(
      `${plan.timeRange.label} = ${view.period.text}${view.period.unfinished ? ` (${view.period.unfinished})` : ''}`,
    );
  const other = plan.comparisonRange;
  if (other?.from) {
    // Named beside the asked period; a period the data only partly covers is said to be so.
    const start = new Date(`${other.from}T00:00:00Z`);
    const partial = extent && extent.first > start ? ` (the data starts ${longDay(extent.first)})` : '';
    periods.push(
      `${other.label} = ${view.previous?.text ?? rangeText(start, other.to ? new Date(`${other.to}T00:00:00Z`) : null)}${partial}`,
    );
  } else if (view.previous)
    periods.push(
      `${plan.comparison === 'previous_year' ? 'a year earlier' : 'previous period'} = ${view.previous.text}`,
    );
  if (extent) periods.push(`data covers ${rangeText(extent.first, addDays(extent.last, 1))}`);
  return periods;
}

/**
 * Turns a query result into the answer's cards: reads where the data ends (to flag partial
 * periods), runs the comparison period when one is asked, decides what the numbers mean and how
 * they are shown, words the facts (optionally through the LLM) and resolves the periods for the
 * evidence.
 */
export async function presentResult(input: PresentInput): Promise<Presented> {
  const { plan, model } = input;
  const timeColumn = plan.dimensions.find((d) => d.grain)?.column ?? plan.timeRange?.column;
  const extent = timeColumn ? await dataExtent(input, timeColumn) : null;
  const previous = await comparisonRow(input, extent);
  const view = describeResult({
    plan,
    model,
    columns: input.columns,
    rows: input.rows,
    truncated: input.truncated,
    extent,
    currency: input.currency,
    previous,
  });
  const narrative = input.llm
    ? ((await narrateWithLlm(input.llm, input.question, narrativeFacts(view))) ?? undefined)
    : undefined;
  const compared = view.previous?.values.some((v) => v !== null) ?? false;
  const title =
    plan.comparison && !compared ? readingOf({ ...plan, comparison: undefined }, model) : input.reading;
  const cards = buildCards({
    view,
    model,
    reading: input.reading,
    title,
    followUps: input.followUps,
    narrative,
    currency: input.currency,
  });
  return { cards, view, periods: periodsOf(plan, view, extent) };
}
