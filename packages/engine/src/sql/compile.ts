import type { TColumnRef, TMeasure, TQueryPlan, TTimeRange } from '@catalyst/contracts';
import { previousRange } from '../answer/periods';
import type { SemanticModel } from '../model/types';
import type { SqlDialect } from '../warehouse';
import { DIALECTS, grouping, type Dialect } from './dialect';
import { joinPath } from './joins';
import { compilePreAggregated } from './pre-aggregate';
import { finishOrder, limitOf, type Measured, measureTable, OPS, Params, PlanError, Scope } from './scope';

export { PlanError } from './scope';

export interface CompiledQuery {
  sql: string;
  params: (string | number | boolean)[];
  /** Output column labels in select order. */
  columns: string[];
  /** Tables the query reads. */
  tables: string[];
}

/** Tables whose columns the plan groups or filters by. */
function contextTables(plan: TQueryPlan): string[] {
  return [
    ...plan.dimensions.map((x) => x.column.table),
    ...plan.filters.map((f) => f.column.table),
    ...(plan.timeRange ? [plan.timeRange.column.table] : []),
    ...(plan.related ?? []).map((r) => r.of),
  ];
}

/**
 * Whether joining everything the plan reads in one FROM would count some measure's rows more
 * than once: measures of several tables, or a measure whose table is on the "one" side of a
 * one-to-many join to a table the plan groups or filters by.
 */
export function fansOut(plan: TQueryPlan, model: SemanticModel): boolean {
  const measures = plan.measures.flatMap((m) => (m.over ? [m, m.over] : [m]));
  const tables = new Set(measures.map((m) => measureTable(m, model, plan.table)));
  if (tables.size > 1) return true;
  const [only] = [...tables];
  if (!only) return false;
  const conditions = measures.flatMap((m) => m.where ?? []).map((f) => f.column.table);
  return [...contextTables(plan), ...conditions].some(
    (t) => joinPath(model, only, t)?.some((s) => s.fanOut) ?? false,
  );
}

/** Whether the plan computes over its grouped rows (running totals, changes, top N per group). */
const windowed = (plan: TQueryPlan): boolean =>
  Boolean(plan.cumulative || plan.periodChange || plan.perGroupLimit !== undefined);

/**
 * The period a breakdown's measures are compared over: the plan's named one, or the period before
 * (or a year before) its time range. Null without one: a single figure's comparison with the
 * period before is a query of its own (answer/present.ts), and an open time range has no period
 * before it.
 */
function comparedWith(plan: TQueryPlan): TTimeRange | null {
  if (plan.comparisonRange) {
    const r = plan.timeRange;
    if (!r)
      throw new PlanError(
        `Comparing with ${plan.comparisonRange.label} needs the period it is compared with`,
      );
    const same =
      r.column.table === plan.comparisonRange.column.table &&
      r.column.column === plan.comparisonRange.column.column;
    if (!same) throw new PlanError('Two periods are compared on the same date column');
    return plan.comparisonRange;
  }
  if (!plan.comparison || !plan.dimensions.length) return null;
  return previousRange(plan) ?? null;
}

/** A column a plan's result has after its measures, and the measure it derives from. */
export interface DerivedColumn {
  measure: number;
  /** Over the compared period; its change (difference) or % change; its running total. */
  kind: 'compared' | 'change' | 'percent' | 'running';
}

/**
 * The columns `compilePlan` adds after the plan's dimensions and measures, in their order: the
 * measures over the compared period, each one's change and % change; running totals; changes from
 * the previous period (the last two also of the compared measures). For formatting results.
 */
export function derivedColumns(plan: TQueryPlan): DerivedColumn[] {
  const n = plan.measures.length;
  const aggregated = n > 0 || plan.dimensions.length > 0;
  const compared = aggregated && comparedWith(plan) ? n : 0;
  const read = Array.from({ length: n + compared }, (_, j) => j % n);
  const out: DerivedColumn[] = [];
  for (let j = 0; j < compared; j++) out.push({ measure: j, kind: 'compared' });
  for (let j = 0; j < compared; j++)
    out.push({ measure: j, kind: 'change' }, { measure: j, kind: 'percent' });
  if (plan.cumulative) out.push(...read.map((j) => ({ measure: j, kind: 'running' as const })));
  if (plan.periodChange)
    for (const j of read) out.push({ measure: j, kind: 'change' }, { measure: j, kind: 'percent' });
  return out;
}

/**
 * Each measure over the plan's period and over the other, side by side (read in one pass over the
 * rows of both periods, each measure counting only its own period's), then each one's change.
 */
function compileComparison(
  plan: TQueryPlan,
  against: TTimeRange,
  model: SemanticModel,
  d: Dialect,
  options: { maxRows?: number },
): CompiledQuery {
  const current = plan.timeRange!;
  const during = (m: TMeasure, range: TTimeRange, label: string): TMeasure & Measured => ({
    ...m,
    label,
    during: range,
    ...(m.over && { over: { ...m.over, during: range } as TMeasure['over'] }),
  });
  const measures = [
    ...plan.measures.map((m) => during(m, current, m.label)),
    ...plan.measures.map((m) => during(m, against, `${m.label} (${against.label})`)),
  ];
  const compared: TQueryPlan = { ...plan, measures, comparisonRange: against, comparison: undefined };
  return compilePreAggregated(compared, model, d, options, plan.measures.length);
}

/** Compiles a validated plan to one SELECT in the given dialect; values are always bound. */
export function compilePlan(
  plan: TQueryPlan,
  model: SemanticModel,
  dialectName: SqlDialect,
  options: { maxRows?: number } = {},
): CompiledQuery {
  const d: Dialect = DIALECTS[dialectName];
  const aggregated = plan.measures.length > 0 || plan.dimensions.length > 0;
  const against = aggregated ? comparedWith(plan) : null;
  if (against) return compileComparison(plan, against, model, d, options);
  // Those are computed over the grouped rows, as a pre-aggregated plan's are.
  if (aggregated && (fansOut(plan, model) || windowed(plan)))
    return compilePreAggregated(plan, model, d, options);
  const params = new Params(d);
  const scope = new Scope(model, d, plan.table);
  const col = (r: TColumnRef) => scope.col(r);

  const select: string[] = [];
  const labels: string[] = [];
  const groupBy: string[] = [];
  if (aggregated) {
    for (const dim of plan.dimensions) {
      const e = dim.grain ? grouping(d, col(dim.column), dim.grain) : col(dim.column);
      select.push(e);
      groupBy.push(e);
      labels.push(dim.label);
    }
    const share = plan.share && plan.dimensions.length > 0;
    for (const m of plan.measures) {
      // Each appearance binds its own values (a conditional measure's), in text order.
      const e = scope.value(m, params);
      select.push(share ? `${e} * 1.0 / SUM(${scope.value(m, params)}) OVER ()` : e);
      labels.push(share ? `Share of ${m.label}` : m.label);
    }
  } else {
    for (const c of plan.columns) {
      select.push(col(c));
      labels.push(c.column);
    }
  }
  if (!select.length) throw new PlanError('The plan selects nothing');

  const conditions = scope.conditions(plan, params);
  const having = plan.having.map((h) => {
    const m = plan.measures[h.measure];
    if (!m) throw new PlanError('HAVING refers to a missing measure');
    return `${scope.value(m, params)} ${OPS[h.op]} ${params.bind(h.value)}`;
  });
  // Weekdays order as the week runs, not by name.
  const dimKey = (i: number) => {
    const x = plan.dimensions[i];
    return x?.grain === 'weekday' ? `MIN(${d.weekday(col(x.column))})` : String(i + 1);
  };
  // A distinct listing ordered by a column it does not show is grouped instead (below).
  let groupedListing = false;
  const order = plan.order.map((o) => {
    const dir = d.direction(o.dir);
    if (o.kind === 'measure') {
      const m = plan.measures[o.index ?? 0];
      if (!m) throw new PlanError('ORDER BY refers to a missing measure');
      if (o.change) throw new PlanError('Ordering by a change needs a comparison with another period');
      return `${plan.dimensions.length + (o.index ?? 0) + 1} ${dir}`;
    }
    if (o.kind === 'dimension') return `${dimKey(o.index ?? 0)} ${dir}`;
    if (!o.column) throw new PlanError('ORDER BY needs a column');
    const same = (c: TColumnRef): boolean => c.table === o.column!.table && c.column === o.column!.column;
    if (aggregated) {
      // Grouped results can only be ordered by what they group or measure.
      const d = plan.dimensions.findIndex((x) => same(x.column) && !x.grain);
      if (d >= 0) return `${d + 1} ${dir}`;
      const m = plan.measures.findIndex((x) => x.column && same(x.column));
      if (m >= 0) return `${plan.dimensions.length + m + 1} ${dir}`;
      if (!plan.dimensions.length) return '';
      return `${o.dir === 'desc' ? 'MAX' : 'MIN'}(${col(o.column)}) ${dir}`;
    }
    const pos = plan.columns.findIndex(same);
    if (pos >= 0) return `${pos + 1} ${dir}`;
    // One row per distinct value has no single value of another column to order by (PostgreSQL
    // refuses the query, the others take any row's): group the listing and take the MAX or MIN.
    if (plan.distinct) {
      groupedListing = true;
      return `${o.dir === 'desc' ? 'MAX' : 'MIN'}(${col(o.column)}) ${dir}`;
    }
    return `${col(o.column)} ${dir}`;
  });
  for (let i = order.length - 1; i >= 0; i--) if (!order[i]) order.splice(i, 1);
  finishOrder(plan, order, d, dimKey);
  const limit = limitOf(plan, options);
  const sql = [
    `SELECT ${!aggregated && plan.distinct && !groupedListing ? 'DISTINCT ' : ''}${select.join(', ')}`,
    scope.from,
    conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    groupBy.length && plan.measures.length ? `GROUP BY ${groupBy.join(', ')}` : '',
    groupedListing ? `GROUP BY ${select.join(', ')}` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    limit ? d.limit(limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, params: params.values, columns: labels, tables: [...scope.aliases.keys()] };
}
