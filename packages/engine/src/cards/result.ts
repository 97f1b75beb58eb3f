import type { TQueryPlan, TTimeGrain, TValueFormat } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { addDays, bucketEnd, bucketLabel, rangeText, shortDay, toDay } from './format';
import { derivedColumns, type DerivedColumn } from '../sql/compile';
import { formatFor, measureSemantics, type MeasureSemantics } from './semantics';

export interface ResultInput {
  plan: TQueryPlan;
  model: SemanticModel;
  columns: string[];
  rows: unknown[][];
  /** More rows matched than were returned. */
  truncated?: boolean;
  /** First and last day of the data in the plan's time column (partial periods are read from it). */
  extent?: { first: Date; last: Date } | null;
  /** The deployment's currency (ISO 4217) for money columns that name none. */
  currency?: string;
  /** The measures over the comparison period (single figures only). */
  previous?: { row: unknown[]; from: string; to: string } | null;
}

export interface MeasureView {
  /** Column index in the rows. */
  index: number;
  label: string;
  semantics: MeasureSemantics;
  format: TValueFormat;
}

interface DimensionView {
  index: number;
  label: string;
  grain?: TTimeGrain;
  /** Has an order of its own (time, numbers, months, age bands): never re-sorted by value. */
  ordinal: boolean;
  /** Its values are text (not time, numbers or dates). */
  text: boolean;
}

/** A query result with what its numbers mean: what narrative sentences and cards are built from. */
export interface ResultView {
  plan: TQueryPlan;
  columns: string[];
  /** The rows in display order. */
  rows: unknown[][];
  dims: DimensionView[];
  measures: MeasureView[];
  /** Per row, per dimension: the value as shown ("Nov 2026 (partial, to Nov 22)"). */
  labels: string[][];
  /** Per row: its time bucket is only partly covered by the data (at the start or the end). */
  partial: ('start' | 'end' | null)[];
  /** Every group the question asks about is here (no top-N, HAVING or row limit cut any off). */
  complete: boolean;
  /** The days the answer covers: the plan's period within the data's first and last day. */
  coverage: { from: Date | null; to: Date | null } | null;
  /** The plan's period resolved to days, e.g. "Oct 1–31, 2026", with a note when unfinished. */
  period: { text: string; unfinished: string | null } | null;
  /** The comparison period's values (aligned with `measures`) and its days. */
  previous: { values: (number | null)[]; text: string } | null;
  /**
   * Columns after the measures (a breakdown's compared period and changes, running totals): each
   * shown as its measure is, a % change as a percentage.
   */
  derived: { index: number; measure: number; kind: DerivedColumn['kind']; format: TValueFormat }[];
}

const clean = (n: number): number =>
  Number.isInteger(n) || !Number.isFinite(n) ? n : Number(n.toPrecision(12));
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v)
    ? clean(v)
    : typeof v === 'bigint'
      ? Number(v)
      : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
        ? clean(Number(v))
        : null;

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A sort key when a text dimension's values have an order of their own, else null. */
function ordinalKey(values: unknown[]): ((v: unknown) => number) | null {
  const texts = values
    .filter((v) => v !== null && v !== undefined)
    .map((v) => String(v).trim().toLowerCase());
  if (!texts.length) return null;
  const byList = (list: string[]) =>
    texts.every((t) => list.includes(t.slice(0, 3)) && /^[a-z]+\.?$/.test(t))
      ? (v: unknown) => list.indexOf(String(v).trim().toLowerCase().slice(0, 3))
      : null;
  const leading = (v: unknown) => Number(/-?\d+(\.\d+)?/.exec(String(v))?.[0] ?? NaN);
  return (
    byList(MONTH_NAMES) ??
    byList(WEEKDAYS) ??
    // Numbers, quarters and bands: "3", "Q2", "18-24", "65+".
    (texts.every((t) => /^(q|h|fy|week |wk )?-?\d+(\.\d+)?\s*([-–+]|to|$)/.test(t)) ? leading : null)
  );
}

function dimensionViews(plan: TQueryPlan, model: SemanticModel, rows: unknown[][]): DimensionView[] {
  return plan.dimensions.map((d, index) => {
    const column = model.tables
      .find((t) => t.name === d.column.table)
      ?.columns.find((c) => c.name === d.column.column);
    // Weekdays are names (Monday…Sunday), ordered as the week runs, not periods of time.
    const grain = d.grain === 'weekday' ? undefined : d.grain;
    const text =
      grain === undefined && (column === undefined || column.kind === 'text' || d.grain === 'weekday');
    const ordinal = !text || ordinalKey(rows.map((r) => r[index])) !== null;
    return { index, label: d.label, grain, ordinal, text };
  });
}

/** Display order: categories by their value (largest first), ordinal dimensions in their order. */
function displayRows(plan: TQueryPlan, dims: DimensionView[], rows: unknown[][]): unknown[][] {
  // Listings, and any order the question asked for, stay as the query returned them.
  if (plan.order.length || !dims.length || !plan.measures.length) return rows;
  const m = dims.length;
  const byValue = (a: unknown[], b: unknown[]) => (num(b[m]) ?? -Infinity) - (num(a[m]) ?? -Infinity);
  const ordinal = dims.find((d) => d.ordinal);
  if (!ordinal) return [...rows].sort(byValue);
  const key = ordinal.text ? ordinalKey(rows.map((r) => r[ordinal.index])) : null;
  const pos = (r: unknown[]): number | string => {
    const v = r[ordinal.index];
    if (key) return key(v);
    return (ordinal.grain ? toDay(v)?.getTime() : null) ?? num(v) ?? String(v ?? '');
  };
  return [...rows].sort((a, b) => {
    const x = pos(a);
    const y = pos(b);
    if (x !== y) return x < y ? -1 : 1;
    return byValue(a, b);
  });
}

export function describeResult(input: ResultInput): ResultView {
  const { plan, model, columns } = input;
  const dims = dimensionViews(plan, model, input.rows);
  const rows = displayRows(plan, dims, input.rows);
  const range = plan.timeRange;
  const rangeFrom = range?.from ? toDay(range.from) : null;
  const rangeTo = range?.to ? toDay(range.to) : null;
  const ext = input.extent ?? null;
  const dataTo = ext ? addDays(ext.last, 1) : null;
  const pick = (a: Date | null, b: Date | null, later: boolean) =>
    !a ? b : !b ? a : (later ? a > b : a < b) ? a : b;
  const coverage =
    ext || range
      ? { from: pick(rangeFrom, ext?.first ?? null, true), to: pick(rangeTo, dataTo, false) }
      : null;

  const time = dims.find((d) => d.grain);
  const partial = rows.map((r): 'start' | 'end' | null => {
    if (!time?.grain || !coverage) return null;
    const start = toDay(r[time.index]);
    if (!start) return null;
    if (coverage.to && bucketEnd(start, time.grain) > coverage.to && start < coverage.to) return 'end';
    if (coverage.from && start < coverage.from) return 'start';
    return null;
  });
  const labels = rows.map((r, ri) =>
    dims.map((d) => {
      const v = r[d.index];
      const day = d.grain ? toDay(v) : null;
      if (!day || !d.grain) return v === null || v === undefined ? '(empty)' : String(v);
      const text = bucketLabel(day, d.grain);
      if (partial[ri] === 'end' && coverage?.to)
        return `${text} (partial, to ${shortDay(addDays(coverage.to, -1))})`;
      if (partial[ri] === 'start' && coverage?.from)
        return `${text} (partial, from ${shortDay(coverage.from)})`;
      return text;
    }),
  );

  const previousRow = input.previous?.row ?? null;
  const measures = plan.measures.map((m, i): MeasureView => {
    const index = dims.length + i;
    const semantics = measureSemantics(m, model, {
      share: plan.share && dims.length > 0,
      currency: input.currency,
    });
    const values = [...rows.map((r) => num(r[index])), previousRow ? num(previousRow[i]) : null];
    return { index, label: columns[index] ?? m.label, semantics, format: formatFor(semantics, values) };
  });

  const first = dims.length + plan.measures.length;
  const derived = derivedColumns(plan).map((c, k) => ({
    index: first + k,
    ...c,
    format: c.kind === 'percent' ? { style: 'percent' as const } : measures[c.measure]!.format,
  }));

  // The top N of each group leaves the others out.
  const limited = (plan.limit !== undefined && rows.length >= plan.limit) || plan.perGroupLimit !== undefined;
  const complete = !input.truncated && !limited && plan.having.length === 0;
  return {
    plan,
    columns,
    rows,
    dims,
    measures,
    labels,
    partial,
    complete,
    coverage,
    period: range && coverage ? periodOf(rangeFrom, rangeTo, coverage, dataTo) : null,
    previous:
      input.previous && previousRow
        ? {
            values: plan.measures.map((_, i) => num(previousRow[i])),
            text: rangeText(toDay(input.previous.from), toDay(input.previous.to)),
          }
        : null,
    derived,
  };
}

/**
 * The plan's period as days, and why it is unfinished when it is: the data stops before its end,
 * or it is a month/quarter/year "to date" (it starts on the first day of one and stops inside it).
 */
function periodOf(
  from: Date | null,
  to: Date | null,
  coverage: { from: Date | null; to: Date | null },
  dataTo: Date | null,
): { text: string; unfinished: string | null } {
  const text = rangeText(coverage.from, coverage.to);
  const last = coverage.to ? shortDay(addDays(coverage.to, -1)) : '';
  if (to && dataTo && dataTo < to) return { text, unfinished: `data to ${last}` };
  if (from && to && from.getUTCDate() === 1) {
    const unit =
      to < bucketEnd(from, 'month')
        ? 'month'
        : from.getUTCMonth() % 3 === 0 && to < bucketEnd(from, 'quarter')
          ? 'quarter'
          : from.getUTCMonth() === 0 && to < bucketEnd(from, 'year')
            ? 'year'
            : null;
    if (unit && to.getUTCDate() !== 1) return { text, unfinished: `${unit} not over` };
  }
  return { text, unfinished: null };
}
