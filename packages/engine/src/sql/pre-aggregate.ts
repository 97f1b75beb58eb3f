import type { TColumnRef, TDimension, TFilter, TMeasure, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { grouping, weekdayOrder, type Dialect } from './dialect';
import type { CompiledQuery } from './compile';
import { joinPath, type JoinStep } from './joins';
import {
  finishOrder,
  limitOf,
  measureTable,
  type Measured,
  OPS,
  Params,
  PlanError,
  ratio,
  Scope,
} from './scope';

/**
 * Plans whose joins would fan out are aggregated per measure table before anything is combined,
 * so that no row of a measure's table is counted twice:
 *
 * - Each table the measures come from gets its own grouped SELECT, rooted at that table. Tables
 *   it reaches many-to-one (its order's customer, the customer's region) join plainly.
 * - A table the plan groups or filters by that lies beyond a one-to-many step (the orders of a
 *   customer, when customers are counted) is reduced first to the DISTINCT pairs of the join key
 *   and the values grouped by ("bridge"), with its filters applied: a customer who ordered online
 *   twice is one customer who ordered online.
 * - Several measure tables are combined on their grouping values (every combination any of them
 *   has), each measure read from its own table's result.
 *
 * The final SELECT orders, limits, filters on measures (HAVING) and computes shares over that
 * combined result. With filterLogic "or", all filters must lie on one side of the fan-out.
 */
export function compilePreAggregated(
  plan: TQueryPlan,
  model: SemanticModel,
  d: Dialect,
  options: { maxRows?: number },
  /** A comparison: the plan's first `compared` measures are its own, the others theirs before. */
  compared = 0,
): CompiledQuery {
  const params = new Params(d);
  // Each measure is read as m<j>; a ratio's denominator as o<j>, from its own table.
  const groups = new Map<string, Part[]>();
  const add = (table: string, part: Part) => groups.set(table, [...(groups.get(table) ?? []), part]);
  plan.measures.forEach((m, j) => {
    add(measureTable(m, model, plan.table), { key: `m${j}`, measure: m });
    if (m.over) add(measureTable(m.over, model, plan.table), { key: `o${j}`, measure: m.over });
  });
  const read = new Set<string>();
  const dims = plan.dimensions.map((_, i) => `d${i}`);
  const groupSql = (table: string, parts: Part[]) => {
    const g = groupSelect({ plan, model, d, params, table, parts });
    g.tables.forEach((t) => read.add(t));
    return g.sql;
  };

  let inner: string;
  const entries = [...groups];
  if (entries.length === 1) {
    inner = groupSql(entries[0]![0], entries[0]![1]);
  } else if (!dims.length) {
    inner = `SELECT * FROM ${entries.map(([t, ps], i) => `(${groupSql(t, ps)}) AS g${i}`).join(' CROSS JOIN ')}`;
  } else {
    // Every combination of grouping values any measure table has, each table's measures beside it.
    const keys = entries
      .map(([t, ps], i) => `SELECT ${dims.join(', ')} FROM (${groupSql(t, ps)}) AS k${i}`)
      .join('\nUNION\n');
    const joined = entries.map(
      ([t, ps], i) =>
        `LEFT JOIN (${groupSql(t, ps)}) AS g${i} ON ${dims.map((x) => d.same(`g${i}.${x}`, `k.${x}`)).join(' AND ')}`,
    );
    const measures = entries.flatMap(([, ps], i) => ps.map((p) => `g${i}.${p.key} AS ${p.key}`));
    inner = [
      `SELECT ${[...dims.map((x) => `k.${x}`), ...measures].join(', ')}`,
      `FROM (${keys}) AS k`,
      ...joined,
    ].join('\n');
  }
  return combine({ plan, d, params, inner, options, tables: [...read], compared });
}

/** A part of a measure read from one table: the measure (m<j>) or a ratio's denominator (o<j>). */
interface Part {
  key: string;
  measure: Measured;
}

/** Additive measures, whose running total means something: sums and counts of rows or values. */
const additive = (m: TMeasure) => !m.over && !m.metric && (m.agg === 'sum' || m.agg === 'count');

/**
 * The final SELECT over the grouped rows `inner` (columns d<i>, m<j>, o<j>): ratios, HAVING (as
 * a WHERE), shares, running totals and period changes along the time dimension, the top N per
 * group, order and limit.
 */
function combine(input: {
  plan: TQueryPlan;
  d: Dialect;
  params: Params;
  inner: string;
  options: { maxRows?: number };
  tables: string[];
  compared?: number;
}): CompiledQuery {
  const { plan, d, params, inner, options } = input;
  const compared = input.compared ?? 0;
  const dims = plan.dimensions.map((_, i) => `r.d${i}`);
  const value = (j: number) => {
    const m = plan.measures[j];
    if (!m) throw new PlanError('The plan refers to a missing measure');
    return m.over ? ratio(`r.m${j}`, `r.o${j}`) : `r.m${j}`;
  };
  const dimKey = (i: number) => (plan.dimensions[i]?.grain === 'weekday' ? weekdayOrder(dims[i]!) : dims[i]!);
  const share = plan.share && plan.dimensions.length > 0;
  const select = [
    ...dims,
    ...plan.measures.map((_, j) => (share ? `${value(j)} * 1.0 / SUM(${value(j)}) OVER ()` : value(j))),
  ];
  const labels = [
    ...plan.dimensions.map((x) => x.label),
    ...plan.measures.map((m) => (share ? `Share of ${m.label}` : m.label)),
  ];

  // Compared: each measure's change from its value over the other period, and that as a fraction.
  const change = (j: number) => {
    if (j >= compared) throw new PlanError('Ordering by a change needs a comparison with another period');
    return `(${value(j)} - ${value(j + compared)})`;
  };
  for (let j = 0; j < compared; j++) {
    select.push(change(j), ratio(change(j), `ABS(${value(j + compared)})`));
    labels.push(`Change in ${plan.measures[j]!.label}`, `% change in ${plan.measures[j]!.label}`);
  }

  // Along time: the time dimension orders, the other dimensions each have their own series.
  if (plan.cumulative || plan.periodChange) {
    const time = plan.dimensions.findIndex((x) => x.grain && x.grain !== 'weekday');
    if (time < 0)
      throw new PlanError('Running totals and changes from period to period need a time grouping');
    const others = dims.filter((_, i) => i !== time);
    const over = `OVER (${others.length ? `PARTITION BY ${others.join(', ')} ` : ''}ORDER BY ${dims[time]} ${d.direction('asc')}`;
    if (plan.cumulative)
      plan.measures.forEach((m, j) => {
        if (!additive(m))
          throw new PlanError(
            `A running total adds up sums and counts; "${m.label}" is neither (its total over periods means nothing)`,
          );
        select.push(`SUM(${value(j)}) ${over} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`);
        labels.push(`Running total of ${m.label}`);
      });
    if (plan.periodChange)
      plan.measures.forEach((m, j) => {
        const previous = `LAG(${value(j)}) ${over})`;
        select.push(`${value(j)} - ${previous}`, ratio(`(${value(j)} - ${previous})`, `ABS(${previous})`));
        labels.push(`Change in ${m.label}`, `% change in ${m.label}`);
      });
  }

  const having = plan.having.map((h) => `${value(h.measure)} ${OPS[h.op]} ${params.bind(h.value)}`);
  const order = plan.order.map((o) => {
    const dir = d.direction(o.dir);
    if (o.kind === 'measure') return `${o.change ? change(o.index ?? 0) : value(o.index ?? 0)} ${dir}`;
    if (o.kind === 'dimension') {
      if (!plan.dimensions[o.index ?? 0]) throw new PlanError('ORDER BY refers to a missing dimension');
      return `${dimKey(o.index ?? 0)} ${dir}`;
    }
    const same = (c: TColumnRef | undefined) =>
      c !== undefined && c.table === o.column?.table && c.column === o.column.column;
    const dim = plan.dimensions.findIndex((x) => same(x.column) && !x.grain);
    if (dim >= 0) return `${dims[dim]} ${dir}`;
    const m = plan.measures.findIndex((x) => same(x.column));
    if (m >= 0) return `${value(m)} ${dir}`;
    if (!dims.length) return '';
    throw new PlanError('Ordering groups by a column they do not show is not possible across this join');
  });
  for (let i = order.length - 1; i >= 0; i--) if (!order[i]) order.splice(i, 1);

  let from = `FROM (${inner}) AS r`;
  let where = having;
  if (plan.perGroupLimit !== undefined) {
    // Ranked within each combination of all dimensions but the last, by the plan's order (the
    // first measure, largest first, when it has none), ties by the last dimension.
    if (dims.length < 2)
      throw new PlanError('Top N per group needs two groupings: the groups, and what is ranked');
    // Those would be computed over the kept rows only, not over all of them.
    if (share || plan.cumulative || plan.periodChange)
      throw new PlanError('Shares, running totals and changes of the top N per group are not supported yet');
    const rank = order.length ? [...order] : [`${value(0)} ${d.direction('desc')}`];
    const last = dims.length - 1;
    rank.push(`${dimKey(last)} ${d.direction(plan.order[0]?.dir ?? 'desc')}`);
    const groups = dims.slice(0, last);
    from = [
      `FROM (SELECT r.*, ROW_NUMBER() OVER (PARTITION BY ${groups.join(', ')} ORDER BY ${rank.join(', ')}) AS rn`,
      `FROM (${inner}) AS r`,
      having.length ? `WHERE ${having.join(' AND ')}` : '',
      `) AS r`,
    ]
      .filter(Boolean)
      .join('\n');
    where = [`r.rn <= ${plan.perGroupLimit}`];
    order.splice(0, order.length, ...groups.map((_, i) => `${dimKey(i)} ${d.direction('asc')}`), 'r.rn');
  } else {
    finishOrder(plan, order, d, dimKey);
  }
  const limit = limitOf(plan, options);
  const sql = [
    `SELECT ${select.join(', ')}`,
    from,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    limit ? d.limit(limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, params: params.values, columns: labels, tables: input.tables };
}

interface Bridge {
  /** The step out of the measure table's many-to-one reach, from parent key to child. */
  step: JoinStep;
  dims: number[];
  filters: TFilter[];
  time: boolean;
}

/**
 * One measure table's measures grouped by the plan's dimensions (as d0…, m<index>), filtered by
 * all the plan's filters, without counting any of its rows twice.
 */
function groupSelect(input: {
  plan: TQueryPlan;
  model: SemanticModel;
  d: Dialect;
  params: Params;
  table: string;
  parts: Part[];
}): { sql: string; tables: string[] } {
  const { plan, model, d, params, table } = input;
  const scope = new Scope(model, d, table, 't', true);
  // Where each table the plan groups or filters by lies: reached many-to-one, or past which step.
  const bridges = new Map<string, Bridge>();
  const placeOf = (t: string): Bridge | null => {
    const path = joinPath(model, table, t);
    if (!path) throw new PlanError(`No join path from ${table} to ${t}`);
    const i = path.findIndex((s) => s.fanOut);
    if (i < 0) return null;
    const step = path[i]!;
    const key = JSON.stringify([step.from, step.to]);
    let bridge = bridges.get(key);
    if (!bridge) bridges.set(key, (bridge = { step, dims: [], filters: [], time: false }));
    return bridge;
  };
  const dimPlaces = plan.dimensions.map((x) => placeOf(x.column.table));
  dimPlaces.forEach((b, i) => b?.dims.push(i));
  const safeFilters: TFilter[] = [];
  for (const f of plan.filters) {
    const b = placeOf(f.column.table);
    if (b) b.filters.push(f);
    else safeFilters.push(f);
  }
  // Rows kept by the rows referring to them are kept where no row of this table repeats them.
  if ((plan.related ?? []).some((r) => placeOf(r.of)))
    throw new PlanError('Conditions on related rows across a one-to-many join are not supported yet');
  const timeBridge = plan.timeRange ? placeOf(plan.timeRange.column.table) : null;
  if (timeBridge) timeBridge.time = true;
  if (plan.filterLogic === 'or' && plan.filters.length > 1) {
    const places = new Set(plan.filters.map((f) => placeOf(f.column.table)));
    if (places.size > 1)
      throw new PlanError(
        'Conditions joined by "or" on both sides of a one-to-many join are not supported yet',
      );
  }

  // Text order is bind order: the measure table's own joins, then each bridge, then WHERE.
  const dimExpr = (x: TDimension, col: (r: TColumnRef) => string) =>
    x.grain ? grouping(d, col(x.column), x.grain) : col(x.column);
  const selectDims: string[] = plan.dimensions.map((x, i) =>
    dimPlaces[i] ? '' : dimExpr(x, (r) => scope.col(r)),
  );
  const measures = input.parts.map((p) => `${scope.measure(p.measure, params)} AS ${p.key}`);
  const tables = new Set<string>();
  const bridgeJoins: string[] = [];
  [...bridges.values()].forEach((b, n) => {
    const parent = b.step.from[0]!.table;
    const parentAlias = scope.join(parent);
    const child = b.step.to[0]!.table;
    const inner = new Scope(model, d, child, `b${n}_`);
    const keys = b.step.to.map((c, i) => `${inner.raw(c)} AS k${i}`);
    const values = b.dims.map((i) => `${dimExpr(plan.dimensions[i]!, (r) => inner.col(r))} AS d${i}`);
    const where = inner.conditions(
      {
        filters: b.filters,
        filterLogic: plan.filterLogic,
        timeRange: b.time ? plan.timeRange : undefined,
        comparisonRange: b.time ? plan.comparisonRange : undefined,
      },
      params,
    );
    inner.aliases.forEach((_, t) => tables.add(t));
    const sql = [
      `SELECT DISTINCT ${[...keys, ...values].join(', ')}`,
      inner.from,
      where.length ? `WHERE ${where.join(' AND ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const on = b.step.from.map((c, i) => `${parentAlias}.${d.quote(c.column)} = b${n}.k${i}`).join(' AND ');
    bridgeJoins.push(`JOIN (${sql}) AS b${n} ON ${on}`);
    b.dims.forEach((i) => (selectDims[i] = `b${n}.d${i}`));
  });
  const where = scope.conditions(
    {
      filters: safeFilters,
      filterLogic: plan.filterLogic,
      timeRange: plan.timeRange && !timeBridge ? plan.timeRange : undefined,
      comparisonRange: plan.timeRange && !timeBridge ? plan.comparisonRange : undefined,
      related: plan.related,
    },
    params,
  );
  scope.aliases.forEach((_, t) => tables.add(t));
  const sql = [
    `SELECT ${[...selectDims.map((e, i) => `${e} AS d${i}`), ...measures].join(', ')}`,
    scope.from,
    ...bridgeJoins,
    where.length ? `WHERE ${where.join(' AND ')}` : '',
    selectDims.length ? `GROUP BY ${selectDims.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, tables: [...tables] };
}
