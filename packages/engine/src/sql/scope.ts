import type { TColumnRef, TFilter, TMeasure, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Dialect } from './dialect';
import { joinPath, type JoinStep } from './joins';
import { valueSql } from './values';

export class PlanError extends Error {}

/** Bound values of one statement, in the order their placeholders appear in its text. */
export class Params {
  readonly values: (string | number | boolean)[] = [];
  constructor(private readonly d: Dialect) {}
  bind(v: string | number | boolean): string {
    this.values.push(v);
    return this.d.param(this.values.length, v);
  }
}

export const OPS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/**
 * The FROM clause of one SELECT: a root table and the tables joined to it along the model's join
 * paths, each under its own alias. `col` returns a column's value (converted to the kind the
 * model reads it as); tables are joined the first time one of their columns is asked for.
 */
export class Scope {
  readonly aliases = new Map<string, string>();
  readonly joins: string[] = [];
  constructor(
    readonly model: SemanticModel,
    readonly d: Dialect,
    readonly root: string,
    private readonly prefix = 't',
    /** Refuses paths that fan out (used where a measure's rows must not multiply). */
    private readonly manyToOneOnly = false,
  ) {
    if (!model.tables.some((t) => t.name === root)) throw new PlanError(`Unknown table ${root}`);
    this.aliases.set(root, `${prefix}0`);
  }

  tableSql(name: string): string {
    const t = this.model.tables.find((x) => x.name === name)!;
    return t.schema && t.schema !== 'main'
      ? `${this.d.quote(t.schema)}.${this.d.quote(t.name)}`
      : this.d.quote(t.name);
  }

  get from(): string {
    return [`FROM ${this.tableSql(this.root)} AS ${this.prefix}0`, ...this.joins].join('\n');
  }

  /** Joins the table (and the tables on its path) when it is not joined yet; returns its alias. */
  join(table: string): string {
    const known = this.aliases.get(table);
    if (known) return known;
    const path = joinPath(this.model, this.root, table);
    if (!path) throw new PlanError(`No join path from ${this.root} to ${table}`);
    if (this.manyToOneOnly && path.some((s) => s.fanOut))
      throw new PlanError(`Joining ${table} to ${this.root} would count rows of ${this.root} more than once`);
    for (const step of path) this.addStep(step);
    return this.aliases.get(table)!;
  }

  private addStep(step: JoinStep) {
    const target = step.to[0]!.table;
    if (this.aliases.has(target)) return;
    const alias = `${this.prefix}${this.aliases.size}`;
    this.aliases.set(target, alias);
    const on = step.from
      .map(
        (f, i) =>
          `${this.aliases.get(f.table)}.${this.d.quote(f.column)} = ${alias}.${this.d.quote(step.to[i]!.column)}`,
      )
      .join(' AND ');
    this.joins.push(`JOIN ${this.tableSql(target)} AS ${alias} ON ${on}`);
  }

  /** The column as stored (for keys). */
  raw(r: TColumnRef): string {
    this.column(r);
    return `${this.join(r.table)}.${this.d.quote(r.column)}`;
  }

  /** The column's value as the model reads it. */
  col(r: TColumnRef): string {
    return valueSql(this.d, this.raw(r), this.column(r));
  }

  private column(r: TColumnRef) {
    const c = this.model.tables.find((t) => t.name === r.table)?.columns.find((x) => x.name === r.column);
    if (!c) throw new PlanError(`Unknown column ${r.table}.${r.column}`);
    return c;
  }

  measure(m: TMeasure): string {
    if (m.metric) {
      const metric = this.model.metrics.find((x) => x.name === m.metric);
      if (!metric) throw new PlanError(`Unknown metric ${m.metric}`);
      // Quoted names become columns; where integers divide as integers, `/` divides decimals
      // ("* 1.0" binds before the division it precedes, so the expression keeps its meaning).
      return metric.expression.replace(
        /"((?:[^"]|"")+)"|'(?:[^']|'')*'|\//g,
        (all, name: string | undefined) => {
          if (name !== undefined) return this.col({ table: metric.table, column: name.replace(/""/g, '"') });
          return all === '/' && this.d.integerDivision ? '* 1.0 /' : all;
        },
      );
    }
    if (m.agg === 'count') return m.column ? `COUNT(${this.col(m.column)})` : 'COUNT(*)';
    if (!m.column) throw new PlanError(`${m.agg} needs a column`);
    if (m.agg === 'count_distinct') return `COUNT(DISTINCT ${this.col(m.column)})`;
    if (m.agg === 'median' || m.agg === 'percentile') {
      const p = m.agg === 'median' ? 0.5 : m.p;
      if (p === undefined || !(p >= 0 && p <= 1)) throw new PlanError('A percentile needs p between 0 and 1');
      const median = this.d.percentile(this.col(m.column), p);
      if (!median)
        throw new PlanError(
          `Medians and percentiles cannot be computed on ${this.d.name === 'mysql' ? 'MySQL or MariaDB' : this.d.name}`,
        );
      return median;
    }
    return `${m.agg.toUpperCase()}(${this.col(m.column)})`;
  }

  filter(f: TFilter, params: Params): string {
    const e = this.col(f.column);
    const v = f.values;
    if (f.op === 'is_null') return `${e} IS NULL`;
    if (f.op === 'not_null') return `${e} IS NOT NULL`;
    if (f.op === 'between') return `${e} BETWEEN ${params.bind(v[0]!)} AND ${params.bind(v[1] ?? v[0]!)}`;
    if (f.op === 'in' || f.op === 'not_in')
      return `${e} ${f.op === 'in' ? 'IN' : 'NOT IN'} (${v.map((x) => params.bind(x)).join(', ')})`;
    // A substring search is of text, also for a value that reads as a number.
    if (f.op === 'contains') return this.d.contains(e, params.bind(String(v[0]!)));
    return `${e} ${OPS[f.op]} ${params.bind(v[0]!)}`;
  }

  /** The plan's filters and time range as WHERE conditions (empty when it has none). */
  conditions(plan: Pick<TQueryPlan, 'filters' | 'filterLogic' | 'timeRange'>, params: Params): string[] {
    const where = plan.filters.map((f) => this.filter(f, params));
    const conditions = where.length
      ? [where.length > 1 && plan.filterLogic === 'or' ? `(${where.join(' OR ')})` : where.join(' AND ')]
      : [];
    if (plan.timeRange) {
      const e = this.col(plan.timeRange.column);
      if (plan.timeRange.from) conditions.push(`${e} >= CAST(${params.bind(plan.timeRange.from)} AS DATE)`);
      if (plan.timeRange.to) conditions.push(`${e} < CAST(${params.bind(plan.timeRange.to)} AS DATE)`);
    }
    return conditions;
  }
}

/** The table a measure's rows come from: its column's, its metric's, or the plan's for COUNT(*). */
export function measureTable(m: TMeasure, model: SemanticModel, planTable: string): string {
  if (m.metric) {
    const metric = model.metrics.find((x) => x.name === m.metric);
    if (!metric) throw new PlanError(`Unknown metric ${m.metric}`);
    return metric.table;
  }
  return m.column?.table ?? planTable;
}

/**
 * A time dimension orders by time, then by the other dimensions (one order on every database);
 * ties under a measure order break by the dimensions in the same direction (as SQLite does).
 */
export function finishOrder(plan: TQueryPlan, order: string[], d: Dialect) {
  const time = plan.dimensions.findIndex((x) => x.grain);
  if (!order.length && time >= 0) {
    const others = plan.dimensions.map((_, i) => i).filter((i) => i !== time);
    for (const i of [time, ...others]) order.push(`${i + 1} ${d.direction('asc')}`);
  }
  const first = plan.order[0];
  if (first?.kind === 'measure')
    plan.dimensions.forEach((_, i) => order.push(`${i + 1} ${d.direction(first.dir)}`));
}

export function limitOf(plan: TQueryPlan, options: { maxRows?: number }): number | undefined {
  const aggregated = plan.measures.length > 0 || plan.dimensions.length > 0;
  return plan.limit ?? (aggregated && !plan.dimensions.length ? undefined : options.maxRows);
}
