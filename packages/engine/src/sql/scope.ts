import type {
  TBaseMeasure,
  TColumnRef,
  TFilter,
  TMeasure,
  TQueryPlan,
  TRelatedCondition,
  TTimeRange,
} from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Dialect } from './dialect';
import { joinPath, type JoinStep } from './joins';
import { valueSql } from './values';

export class PlanError extends Error {}

/** A measure as the compiler reads it: a comparison gives each measure the period it covers. */
export type Measured = TBaseMeasure & { during?: TTimeRange };

/** What a number of days is multiplied by to count the time between in another unit. */
const UNIT_SCALE: Record<NonNullable<TBaseMeasure['sinceUnit']>, string> = {
  days: '',
  hours: ' * 24',
  minutes: ' * 1440',
  weeks: ' / 7.0',
};

/** Bound values of one statement, in the order their placeholders appear in its text. */
export class Params {
  readonly values: (string | number | boolean)[] = [];
  constructor(private readonly d: Dialect) {}
  bind(v: string | number | boolean): string {
    this.values.push(v);
    return this.d.param(this.values.length, v);
  }
}

/** A division of two values that is NULL, not an error, where the denominator is 0. */
export const ratio = (num: string, den: string): string => `${num} * 1.0 / NULLIF(${den}, 0)`;

/** Where a condition goes in a metric's expression: a private-use character, in no SQL keyword. */
const CONDITION = '\uE000';
const AGGREGATE = /\b(SUM|AVG|COUNT|MIN|MAX)\s*\(/giy;

/**
 * A metric expression whose aggregates read their argument only where a condition holds:
 * `SUM(x)` → `SUM(CASE WHEN <c> THEN x END)`, `COUNT(*)` → `COUNT(CASE WHEN <c> THEN 1 END)`,
 * CONDITION marking where the condition goes. Quoted names and strings are skipped whole.
 */
export function conditionAggregates(expression: string): string {
  let out = '';
  let i = 0;
  const skipQuoted = (j: number): number => {
    const q = expression[j]!;
    let k = j + 1;
    while (k < expression.length) {
      if (expression[k] === q && expression[k + 1] === q) k += 2;
      else if (expression[k] === q) return k + 1;
      else k++;
    }
    return k;
  };
  while (i < expression.length) {
    const c = expression[i]!;
    if (c === '"' || c === "'") {
      const j = skipQuoted(i);
      out += expression.slice(i, j);
      i = j;
      continue;
    }
    AGGREGATE.lastIndex = i;
    const m = (i === 0 || !/\w/.test(expression[i - 1]!)) && AGGREGATE.exec(expression);
    if (!m) {
      out += c;
      i++;
      continue;
    }
    // The argument: up to the parenthesis that closes this one.
    const start = i + m[0].length;
    let depth = 1;
    let j = start;
    while (j < expression.length && depth > 0) {
      const x = expression[j]!;
      if (x === '"' || x === "'") {
        j = skipQuoted(j);
        continue;
      }
      if (x === '(') depth++;
      if (x === ')') depth--;
      j++;
    }
    if (depth > 0) throw new PlanError('A derived metric has an unclosed parenthesis');
    const arg = expression.slice(start, j - 1).trim();
    const distinct = /^DISTINCT\s+/i.exec(arg);
    const value = arg === '*' ? '1' : distinct ? arg.slice(distinct[0].length) : arg;
    out += `${m[1]}(${distinct ? 'DISTINCT ' : ''}CASE WHEN ${CONDITION} THEN ${value} END)`;
    i = j;
  }
  return out;
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

  /**
   * One measure's aggregate. With `where`, only the rows meeting its conditions reach the
   * aggregate (the others are NULL to it): a sum over no such rows is NULL, a count 0.
   */
  measure(m: Measured, params: Params): string {
    // The condition's text is made once per place it appears, in text order (binds follow text).
    const when =
      m.where?.length || m.during
        ? () =>
            [
              ...(m.where ?? []).map((f) => this.filter(f, params)),
              ...(m.during ? this.range(m.during, params) : []),
            ].join(' AND ')
        : null;
    const only = (e: string) => (when ? `CASE WHEN ${when()} THEN ${e} END` : e);
    if (m.metric) return this.metric(m.metric, when);
    if (m.agg === 'count' && !m.column) return when ? `COUNT(${only('1')})` : 'COUNT(*)';
    if (!m.column) throw new PlanError(`${m.agg} needs a column`);
    if (m.grain && this.column(m.column).kind !== 'date')
      throw new PlanError(`"${m.label}" counts periods of ${m.column.column}, which holds no dates`);
    if (m.since && (this.column(m.since).kind !== 'date' || this.column(m.column).kind !== 'date'))
      throw new PlanError(`"${m.label}" counts days between two columns of dates`);
    const column = m.since
      ? `${this.d.daysBetween(this.col(m.since), this.col(m.column))}${UNIT_SCALE[m.sinceUnit ?? 'days']}`
      : m.grain
        ? this.d.truncate(this.col(m.column), m.grain)
        : this.col(m.column);
    if (m.agg === 'count') return `COUNT(${only(column)})`;
    if (m.agg === 'count_distinct') return `COUNT(DISTINCT ${only(column)})`;
    if (m.agg === 'median' || m.agg === 'percentile') {
      const p = m.agg === 'median' ? 0.5 : m.p;
      if (p === undefined) throw new PlanError(`The percentile "${m.label}" needs p (0 to 1)`);
      // p is a number the contract checked (0–1): written as such, the aggregate needs a constant.
      const sql = this.d.percentile(only(column), p);
      if (sql === null)
        throw new PlanError(
          `Medians and percentiles cannot be computed on ${this.d.name === 'mysql' ? 'MySQL or MariaDB' : 'BigQuery'} (no percentile aggregate): the average is the nearest figure it can compute`,
        );
      return sql;
    }
    return `${m.agg.toUpperCase()}(${only(column)})`;
  }

  /** A measure's value: a ratio of two measures (NULL where the denominator is 0 or NULL), or one. */
  value(m: TMeasure & Measured, params: Params): string {
    if (!m.over) return this.measure(m, params);
    const num = this.measure(m, params);
    return ratio(num, this.measure(m.over, params));
  }

  /**
   * A derived metric's expression with the model's columns. Under a condition, each aggregate's
   * argument is read only on the rows meeting it (COUNT(*) counts only them).
   */
  private metric(name: string, when: (() => string) | null): string {
    const metric = this.model.metrics.find((x) => x.name === name);
    if (!metric) throw new PlanError(`Unknown metric ${name}`);
    const expression = when ? conditionAggregates(metric.expression) : metric.expression;
    // Quoted names become columns; where integers divide as integers, `/` divides decimals
    // ("* 1.0" binds before the division it precedes, so the expression keeps its meaning).
    return expression.replace(
      /"((?:[^"]|"")+)"|'(?:[^']|'')*'|\/|\uE000/g,
      (all, name: string | undefined) => {
        if (name !== undefined) return this.col({ table: metric.table, column: name.replace(/""/g, '"') });
        if (all === CONDITION && when) return when();
        return all === '/' && this.d.integerDivision ? '* 1.0 /' : all;
      },
    );
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
    if (f.op === 'starts_with' || f.op === 'ends_with') {
      // The value's length, then the value: bound in text order.
      const length = this.d.textLength(params.bind(String(v[0]!)));
      const edge = f.op === 'starts_with' ? 'LEFT' : 'RIGHT';
      return `LOWER(${edge}(${e}, ${length})) = LOWER(${params.bind(String(v[0]!))})`;
    }
    return `${e} ${OPS[f.op]} ${params.bind(v[0]!)}`;
  }

  /** The plan's filters and time range as WHERE conditions (empty when it has none). */
  conditions(
    plan: Pick<TQueryPlan, 'filters' | 'filterLogic' | 'timeRange' | 'comparisonRange' | 'related'>,
    params: Params,
  ): string[] {
    const where = plan.filters.map((f) => this.filter(f, params));
    const conditions = where.length
      ? [where.length > 1 && plan.filterLogic === 'or' ? `(${where.join(' OR ')})` : where.join(' AND ')]
      : [];
    const current = plan.timeRange ? this.range(plan.timeRange, params) : [];
    // Compared: the rows of either period (each measure then reads its own, see `during`).
    const other = plan.timeRange && plan.comparisonRange ? this.range(plan.comparisonRange, params) : [];
    const all = (c: string[]) => (c.length ? c.join(' AND ') : 'TRUE');
    if (other.length || (plan.comparisonRange && current.length))
      conditions.push(`((${all(current)}) OR (${all(other)}))`);
    else conditions.push(...current);
    (plan.related ?? []).forEach((r, n) => conditions.push(this.related(r, n, params)));
    return conditions;
  }

  /**
   * Rows of `of` kept by how many rows of the referring table point at them: NOT EXISTS for none,
   * EXISTS for at least one, a counted subquery otherwise (its conditions read only the referring rows).
   * With a `total`, the referring rows' amount added up (0 where none refer) is compared instead.
   */
  private related(r: TRelatedCondition, n: number, params: Params): string {
    const join = this.model.joins.find(
      (j) => j.from[0]!.table === r.table && j.to[0]!.table === r.of && j.from.length === j.to.length,
    );
    if (!join) throw new PlanError(`${r.table} does not refer to ${r.of}`);
    if (r.total && r.total.table !== r.table)
      throw new PlanError(`The total of ${r.total.table}.${r.total.column} is not an amount of ${r.table}`);
    const inner = new Scope(this.model, this.d, r.table, `${this.prefix}r${n}_`);
    const on = join.from.map(
      (f, i) => `${inner.raw(f)} = ${this.raw({ table: r.of, column: join.to[i]!.column })}`,
    );
    const where = inner.conditions(
      { filters: r.where ?? [], filterLogic: 'and', timeRange: r.during },
      params,
    );
    const sub = (what: string) =>
      [`SELECT ${what}`, inner.from, `WHERE ${[...on, ...where].join(' AND ')}`].join('\n');
    const none =
      (r.op === 'eq' && r.value === 0) ||
      (r.op === 'lt' && r.value === 1) ||
      (r.op === 'lte' && r.value === 0);
    const some = (r.op === 'gte' && r.value === 1) || (r.op === 'gt' && r.value === 0);
    if (r.total)
      return `(${sub(`COALESCE(SUM(${inner.col(r.total)}), 0)`)}) ${OPS[r.op]} ${params.bind(r.value)}`;
    if (none) return `NOT EXISTS (${sub('1')})`;
    if (some) return `EXISTS (${sub('1')})`;
    return `(${sub('COUNT(*)')}) ${OPS[r.op]} ${params.bind(r.value)}`;
  }

  /** A period's bounds on its column: `from` inclusive, `to` exclusive. */
  range(r: TTimeRange, params: Params): string[] {
    const e = this.col(r.column);
    return [
      ...(r.from ? [`${e} >= CAST(${params.bind(r.from)} AS DATE)`] : []),
      ...(r.to ? [`${e} < CAST(${params.bind(r.to)} AS DATE)`] : []),
    ];
  }
}

/** The table a measure's rows come from: its column's, its metric's, or the plan's for COUNT(*). */
export function measureTable(m: TBaseMeasure, model: SemanticModel, planTable: string): string {
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
export function finishOrder(
  plan: TQueryPlan,
  order: string[],
  d: Dialect,
  /** What orders by dimension i: its position, or an expression (weekdays run Monday to Sunday). */
  key: (i: number) => string = (i) => String(i + 1),
) {
  const time = plan.dimensions.findIndex((x) => x.grain);
  if (!order.length && time >= 0) {
    const others = plan.dimensions.map((_, i) => i).filter((i) => i !== time);
    for (const i of [time, ...others]) order.push(`${key(i)} ${d.direction('asc')}`);
  }
  const first = plan.order[0];
  if (first?.kind === 'measure')
    plan.dimensions.forEach((_, i) => order.push(`${key(i)} ${d.direction(first.dir)}`));
}

export function limitOf(plan: TQueryPlan, options: { maxRows?: number }): number | undefined {
  const aggregated = plan.measures.length > 0 || plan.dimensions.length > 0;
  return plan.limit ?? (aggregated && !plan.dimensions.length ? undefined : options.maxRows);
}
