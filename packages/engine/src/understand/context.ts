import type { TColumnRef, TDimension, TFilter, THaving, TMeasure, TOrder } from '@catalyst/contracts';
import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import type { Resolved } from './resolve';
import type { TimeWords } from './periods';
import { isDimensionOfFact } from '../sql/joins';

/** Working state while a question is turned into a plan. */
export interface ParseContext {
  question: string;
  tokens: Token[];
  lemmas: string[];
  model: SemanticModel;
  base: ModelTable;
  resolved: Resolved[];
  time: TimeWords;
  /** Tokens whose meaning has been accounted for. */
  used: Set<number>;
  /** Resolved column mentions already given a role (filter, measure…), by start index. */
  consumed: Set<number>;
  /** Column mentions introduced by a grouping word ("for each X"), by start index. */
  groupTargets: Set<number>;
  measures: TMeasure[];
  dimensions: TDimension[];
  filters: TFilter[];
  having: THaving[];
  order: TOrder[];
  limit?: number;
  distinct: boolean;
  filterLogic: 'and' | 'or';
  penalties: { factor: number; reason: string }[];
  /** Where each filter was said, to tell "A or B" from "A and B". */
  filterSpans: { start: number; end: number; column: string; kind?: 'value' | 'compare' }[];
}

export const ref = (c: ModelColumn): { table: string; column: string } => ({
  table: c.table,
  column: c.name,
});

export function markUsed(ctx: ParseContext, start: number, end: number): void {
  for (let k = start; k < end; k++) ctx.used.add(k);
}

export function penalise(ctx: ParseContext, factor: number, reason: string): void {
  // The same doubt said twice is still one doubt.
  if (ctx.penalties.some((p) => p.reason === reason)) return;
  ctx.penalties.push({ factor, reason });
}

export function mentionCovering(ctx: ParseContext, index: number): Resolved | undefined {
  return ctx.resolved.find((r) => r.start <= index && index < r.end);
}

/** A column that names the table's own entities ("Company" in table company, mostly unique). */
export function isEntityColumn(ctx: ParseContext, column: ModelColumn): boolean {
  const key = (s: string): string => splitIdentifier(s).map(lemma).join(' ');
  if (key(column.name) !== key(ctx.base.name) || column.table !== ctx.base.name) return false;
  return (column.distinctCount ?? 0) >= 0.6 * (ctx.base.rowCount ?? 0);
}

export function freeColumns(ctx: ParseContext): Extract<Resolved, { kind: 'column' }>[] {
  return ctx.resolved.filter(
    (r): r is Extract<Resolved, { kind: 'column' }> => r.kind === 'column' && !ctx.consumed.has(r.start),
  );
}

/**
 * Whether a column names its table's rows: a text column called name or title ("product_name",
 * "title", or run together as in "CustName", which its label splits: "Cust Name").
 */
export function isNameColumn(c: ModelColumn): boolean {
  return (
    c.kind === 'text' && !c.isKey && (/(^|_)(name|title)$/i.test(c.name) || /\b(name|title)$/i.test(c.label))
  );
}

/** The key by which rows of `from` refer to rows of `to` through a one-column join (orders.customer_id), if any. */
export function referenceKey(model: SemanticModel, from: string, to: string): TColumnRef | undefined {
  return model.joins.find((j) => j.from.length === 1 && j.from[0]!.table === from && j.to[0]!.table === to)
    ?.from[0];
}

/** The table a column refers to through a one-column join (orders.store_id → stores), if any. */
export function referencedTable(
  model: SemanticModel,
  column: { table: string; column: string },
): ModelTable | undefined {
  const join = model.joins.find(
    (j) => j.from.length === 1 && j.from[0]!.table === column.table && j.from[0]!.column === column.column,
  );
  return join && model.tables.find((t) => t.name === join.to[0]!.table);
}

/**
 * The name column of the table a key column refers to (orders.product_id → products.product_name),
 * when that table is a dimension of the fact and has exactly one name or title column.
 */
export function nameOfReferenced(model: SemanticModel, fact: string, key: ModelColumn): ModelColumn | null {
  const target = referencedTable(model, { table: key.table, column: key.name });
  if (!target || !isDimensionOfFact(model, fact, target.name)) return null;
  const names = target.columns.filter(isNameColumn);
  return names.length === 1 ? names[0]! : null;
}
