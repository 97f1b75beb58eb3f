import type { TDimension, TFilter, TMeasure, TOrder } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../../model/types';
import { joinPath } from '../../sql/joins';
import { lemma, splitIdentifier, type Token } from '../../nlp/text';
import { isNameColumn } from '../context';
import type { Mention } from '../mentions';
import type { TimeWords } from '../periods';
import { BUSINESS_WEIGHTS } from '../weights';

/** A part of the plan and the words of the question that said it. */
export interface Said<T> {
  item: T;
  start: number;
  end: number;
}

/** The reading of a business question while it is being made. */
export interface Draft {
  text: string;
  tokens: Token[];
  model: SemanticModel;
  now: Date;
  time: TimeWords;
  /** Mentions of model names and values, those inside period words left out. */
  mentions: Mention[];
  /** Tokens whose meaning the reading accounts for. */
  explained: Set<number>;
  doubts: { factor: number; reason: string }[];
  base?: ModelTable;
  measures: Said<TMeasure>[];
  dimensions: Said<TDimension>[];
  filters: Said<TFilter>[];
  order: TOrder[];
  limit?: number;
  perGroupLimit?: number;
  share: boolean;
  /** The date column periods apply to. */
  timeColumn?: ModelColumn;
  /** Split by day of the week. */
  weekday?: boolean;
  /** Whether the data has a date column at all (a grain said in a list of splits needs one). */
  timeColumnHint?: boolean;
  /** A time grain said among the splits ("by channel and month"). */
  grainSaid?: 'day' | 'week' | 'month' | 'quarter' | 'year';
}

export function explain(d: Draft, start: number, end = start + 1): void {
  for (let k = start; k < end; k++) d.explained.add(k);
}

export function doubt(d: Draft, factor: number, reason: string): void {
  if (!d.doubts.some((x) => x.reason === reason)) d.doubts.push({ factor, reason });
}

/**
 * The doubt of reading words as a column: none for its own name, some for part of its name or a
 * synonym, more for a loose match or a match by meaning ("rainfall" for precipitation).
 */
export function nameDoubt(
  d: Draft,
  start: number,
  end: number,
  quality: number,
  byMeaning: boolean,
  label: string,
): void {
  const factor = byMeaning
    ? BUSINESS_WEIGHTS.byMeaning
    : quality < BUSINESS_WEIGHTS.looseName
      ? BUSINESS_WEIGHTS.weakName
      : quality < BUSINESS_WEIGHTS.exactName
        ? BUSINESS_WEIGHTS.partialName
        : 1;
  if (factor === 1) return;
  const words = d.tokens
    .slice(start, end)
    .map((t) => t.raw)
    .join(' ');
  doubt(d, factor, `"${words}" read as ${label}`);
}

export const refOf = (c: ModelColumn): { table: string; column: string } => ({
  table: c.table,
  column: c.name,
});

export function tableOf(model: SemanticModel, name: string): ModelTable | undefined {
  return model.tables.find((t) => t.name === name);
}

export function columnOf(
  model: SemanticModel,
  ref: { table: string; column: string },
): ModelColumn | undefined {
  return tableOf(model, ref.table)?.columns.find((c) => c.name === ref.column);
}

/** Whether a column can be read with the rows of `base` (its own, or one join path away). */
export function reachable(model: SemanticModel, base: string, table: string): boolean {
  return base === table || joinPath(model, base, table) !== null;
}

/** Whether each row of `base` has one value of `table`'s columns (a many-to-one path). */
export function describesRows(model: SemanticModel, base: string, table: string): boolean {
  if (base === table) return true;
  const path = joinPath(model, base, table);
  return !!path && path.every((s) => !s.fanOut);
}

/**
 * The dates a table's rows happen on: its own date columns, else those of the one table each row
 * belongs to directly (order lines happen on their order's date).
 */
export function datesOf(model: SemanticModel, table: ModelTable): ModelColumn[] {
  const own = table.columns.filter((c) => c.isTime);
  if (own.length) return own;
  // Only lines of something ("order_items", "invoice_lines", "OrderDetails"): a professor is no
  // line of the employee record that holds a birth date.
  const words = splitIdentifier(table.name).map(lemma);
  const parents = model.joins
    .filter((j) => j.from.length === 1 && j.from[0]!.table === table.name)
    .map((j) => tableOf(model, j.to[0]!.table))
    .filter((t): t is ModelTable => !!t && t.columns.some((c) => c.isTime));
  if (parents.length !== 1) return [];
  const parent = parents[0]!;
  const parentWords = splitIdentifier(parent.name).map(lemma);
  const lines =
    words.some((w) => LINE_WORDS.has(w)) && words.some((w) => parentWords.includes(w) || w === 'line');
  return lines ? parent.columns.filter((c) => c.isTime) : [];
}

const LINE_WORDS = new Set(['item', 'line', 'detail', 'entry', 'position']);

/** Whether a table's rows happen on dates (their own, or their parent's). */
export const isDated = (model: SemanticModel, table: ModelTable): boolean => datesOf(model, table).length > 0;

/** The column that names a table's rows to people: its one name or title column, else null. */
export function nameColumn(table: ModelTable, options: { strict?: boolean } = {}): ModelColumn | null {
  const named = table.columns.filter(isNameColumn);
  if (named.length === 1) return named[0]!;
  if (options.strict) return null;
  // A table of one text column besides its key: that column names its rows.
  const texts = table.columns.filter((c) => c.kind === 'text' && !c.isKey);
  return texts.length === 1 && (texts[0]!.distinctCount ?? 0) >= 0.9 * (table.rowCount ?? 1)
    ? texts[0]!
    : null;
}

/** Tables whose rows refer to `table` (the facts about it), largest first. */
export function factsAbout(model: SemanticModel, table: string): ModelTable[] {
  return model.joins
    .filter((j) => j.to[0]!.table === table && j.from.length === 1)
    .map((j) => tableOf(model, j.from[0]!.table)!)
    .filter((t, i, all) => t && all.indexOf(t) === i)
    .sort((a, b) => (b.rowCount ?? 0) - (a.rowCount ?? 0));
}
