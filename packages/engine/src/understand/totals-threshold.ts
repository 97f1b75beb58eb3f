import type { TFilter, THaving, TQueryPlan } from '@catalyst/contracts';
import { measureSemantics } from '../cards/semantics';
import type { SemanticModel } from '../model/types';
import { measureLabel } from './measures';
import { columnOf } from './shape-input';
import { referenceKey, referencedTable } from './context';
import { KEY_WORDS, withNamesBesideKeys } from './group-attributes';
import { findMentions } from './mentions';
import { lemma, splitIdentifier, type Token } from '../nlp/text';

// "Which regions had profit below 2M in 2025", "channels with revenue over 1M": a bound on an
// amount that adds up (money, units) said of things that each hold many facts is a bound on
// their total — a condition after grouping — not on each fact's own amount. Listing the regions
// of the orders whose own profit is below 2M answers another question, with every region once
// per order. Bounds on the facts' own rows stay where each row is a thing of its own ("orders
// over 500", "the names of employees with a salary above 10000").

const BOUNDS: readonly TFilter['op'][] = ['gt', 'gte', 'lt', 'lte'];

/** Where a listed column's values each stand for many of the facts' rows: a grouping. */
function groupsFacts(
  plan: TQueryPlan,
  ref: { table: string; column: string },
  model: SemanticModel,
  keysAsThings: boolean,
): boolean {
  const column = columnOf(model, ref);
  // The facts' reference to other things (orders.store_id), where the things are named and not
  // their ids ("stores with revenue over 1M"): each key stands for one store.
  if (column?.isKey && ref.table === plan.table && keysAsThings) {
    const things = referencedTable(model, ref);
    return !!things && things.name !== ref.table;
  }
  if (!column || column.isKey || column.kind === 'number' || column.isTime) return false;
  if (ref.table !== plan.table) {
    // Another table's attribute, reached from each fact many-to-one.
    return !!referenceKey(model, plan.table, ref.table);
  }
  const rows = model.tables.find((t) => t.name === plan.table)?.rowCount ?? 0;
  return rows > 0 && (column.distinctCount ?? rows) <= 0.5 * rows;
}

/**
 * Whether the facts' keys listed stand for the things they refer to: the question names neither
 * ids nor the facts themselves ("stores with revenue over 1M", not "stores with orders over 500",
 * where the bound is on each order).
 */
function keysStandForThings(tokens: Token[], facts: string, model: SemanticModel): boolean {
  if (tokens.some((t) => KEY_WORDS.has(t.text))) return false;
  return !findMentions(tokens, model).some(
    (m) => m.kind === 'table' && m.tables.some((t) => t.table.name === facts),
  );
}

/** The one bound on an amount that adds up of dated facts' own rows ("revenue over 1M"), if any. */
function totalBound(filters: TFilter[], table: string, model: SemanticModel): TFilter | undefined {
  const facts = model.tables.find((t) => t.name === table);
  if (!facts?.columns.some((c) => c.isTime)) return undefined;
  const bounds = filters.filter((f) => {
    if (!BOUNDS.includes(f.op) || f.column.table !== table) return false;
    const column = columnOf(model, f.column);
    if (!column || column.kind !== 'number' || column.entityType !== 'KPI' || column.isKey) return false;
    const total = { agg: 'sum' as const, column: f.column, label: '' };
    return measureSemantics(total, model).additive === 'yes';
  });
  return bounds.length === 1 ? bounds[0] : undefined;
}

/** The plan with a bound on the facts' amount made a bound on each listed group's total, or null. */
export function totalsOverThreshold(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): TQueryPlan | null {
  if (
    !plan ||
    plan.intent !== 'list' ||
    plan.measures.length ||
    plan.dimensions.length ||
    !plan.columns.length
  )
    return null;
  if (plan.related?.length || plan.filterLogic !== 'and' || plan.order.length || plan.limit !== undefined)
    return null;
  const bound = totalBound(plan.filters, plan.table, model);
  if (!bound) return null;
  const listed = plan.columns.filter(
    (c) => !(c.table === bound.column.table && c.column === bound.column.column),
  );
  const keysAsThings = keysStandForThings(tokens, plan.table, model);
  if (!listed.length || !listed.every((c) => groupsFacts(plan, c, model, keysAsThings))) return null;
  const value = Number(bound.values[0]);
  if (!Number.isFinite(value)) return null;
  const column = columnOf(model, bound.column)!;
  const having: THaving = { measure: 0, op: bound.op as THaving['op'], value };
  return {
    ...plan,
    intent: 'breakdown',
    columns: [],
    distinct: false,
    dimensions: listed.map((c) => ({ column: c, label: columnOf(model, c)!.label })),
    measures: [{ agg: 'sum', column: bound.column, label: measureLabel('sum', column) }],
    filters: plan.filters.filter((f) => f !== bound),
    having: [...plan.having, having],
  };
}

/**
 * "how much profit did the laptop make": an amount asked with "how much" of facts (many orders
 * of the laptop) is their total, never the list of each order's own profit.
 */
export function howMuchIsTotal(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): TQueryPlan | null {
  if (!plan || plan.intent !== 'list' || plan.measures.length || plan.dimensions.length) return null;
  if (plan.columns.length !== 1 || plan.limit !== undefined || plan.related?.length) return null;
  // "how much profit …": the amount named right after; "how much does the laptop cost" asks a price.
  const at = tokens.findIndex((t, i) => t.text === 'how' && tokens[i + 1]?.text === 'much');
  if (at < 0) return null;
  const facts = model.tables.find((t) => t.name === plan.table);
  const ref = plan.columns[0]!;
  const column = columnOf(model, ref);
  if (!facts?.columns.some((c) => c.isTime) || ref.table !== plan.table || !column) return null;
  if (column.kind !== 'number' || column.entityType !== 'KPI' || column.isKey) return null;
  const named = splitIdentifier(column.name).map(lemma);
  if (!named.includes(tokens[at + 2]?.lemma ?? '')) return null;
  const total = { agg: 'sum' as const, column: ref, label: measureLabel('sum', column) };
  if (measureSemantics(total, model).additive !== 'yes') return null;
  return { ...plan, intent: 'value', columns: [], distinct: false, order: [], measures: [total] };
}

/**
 * "stores with revenue over 1M this year", read as the stores kept by their orders' total
 * (related-rows.ts): listed, each store is shown beside the total it was kept by, grouped from
 * the facts (a store without orders has no total over a positive bound). Null where the things
 * are not simply listed, or the bound keeps things with no facts.
 */
export function totalsOfListedThings(plan: TQueryPlan, model: SemanticModel): TQueryPlan | null {
  const [condition, ...others] = plan.related ?? [];
  if (!condition?.total || others.length || !['gt', 'gte'].includes(condition.op)) return null;
  if (plan.intent !== 'list' || plan.measures.length || plan.dimensions.length || plan.order.length)
    return null;
  if (plan.limit !== undefined || plan.timeRange || plan.table !== condition.of || plan.filterLogic !== 'and')
    return null;
  const through = referenceKey(model, condition.table, condition.of);
  const key = through && columnOf(model, through);
  const amount = columnOf(model, condition.total);
  if (!through || !key || !amount || plan.columns.some((c) => c.table !== condition.of)) return null;
  const { related: _related, ...rest } = plan;
  const grouped: TQueryPlan = {
    ...rest,
    table: condition.table,
    intent: 'breakdown',
    columns: [],
    distinct: false,
    filters: [...plan.filters, ...(condition.where ?? [])],
    ...(condition.during && { timeRange: condition.during }),
    dimensions: [
      { column: through, label: key.label },
      ...plan.columns.map((c) => ({ column: c, label: columnOf(model, c)?.label ?? c.column })),
    ],
    measures: [{ agg: 'sum', column: condition.total, label: measureLabel('sum', amount) }],
    having: [...plan.having, { measure: 0, op: condition.op as THaving['op'], value: condition.value }],
  };
  return withNamesBesideKeys([], grouped, model) ?? grouped;
}
