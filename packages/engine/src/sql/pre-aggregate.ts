import type { TColumnRef, TDimension, TFilter, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Dialect } from './dialect';
import type { CompiledQuery } from './compile';
import { joinPath, type JoinStep } from './joins';
import { finishOrder, limitOf, measureTable, OPS, Params, PlanError, Scope } from './scope';

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
): CompiledQuery {
  const params = new Params(d);
  const groups = new Map<string, number[]>();
  plan.measures.forEach((m, i) => {
    const table = measureTable(m, model, plan.table);
    groups.set(table, [...(groups.get(table) ?? []), i]);
  });
  const read = new Set<string>();
  const dims = plan.dimensions.map((_, i) => `d${i}`);
  const groupSql = (table: string, measures: number[]) => {
    const g = groupSelect({ plan, model, d, params, table, measures });
    g.tables.forEach((t) => read.add(t));
    return g.sql;
  };

  let inner: string;
  const entries = [...groups];
  if (entries.length === 1) {
    inner = groupSql(entries[0]![0], entries[0]![1]);
  } else if (!dims.length) {
    inner = `SELECT * FROM ${entries.map(([t, ms], i) => `(${groupSql(t, ms)}) AS g${i}`).join(' CROSS JOIN ')}`;
  } else {
    // Every combination of grouping values any measure table has, each table's measures beside it.
    const keys = entries
      .map(([t, ms], i) => `SELECT ${dims.join(', ')} FROM (${groupSql(t, ms)}) AS k${i}`)
      .join('\nUNION\n');
    const joined = entries.map(
      ([t, ms], i) =>
        `LEFT JOIN (${groupSql(t, ms)}) AS g${i} ON ${dims.map((x) => d.same(`g${i}.${x}`, `k.${x}`)).join(' AND ')}`,
    );
    const measures = entries.flatMap(([, ms], i) => ms.map((j) => `g${i}.m${j} AS m${j}`));
    inner = [
      `SELECT ${[...dims.map((x) => `k.${x}`), ...measures].join(', ')}`,
      `FROM (${keys}) AS k`,
      ...joined,
    ].join('\n');
  }

  const share = plan.share && plan.dimensions.length > 0;
  const select = [
    ...dims.map((x) => `r.${x}`),
    ...plan.measures.map((_, j) => (share ? `r.m${j} * 1.0 / SUM(r.m${j}) OVER ()` : `r.m${j}`)),
  ];
  const having = plan.having.map((h) => {
    if (!plan.measures[h.measure]) throw new PlanError('HAVING refers to a missing measure');
    return `r.m${h.measure} ${OPS[h.op]} ${params.bind(h.value)}`;
  });
  const order = plan.order.map((o) => {
    const dir = d.direction(o.dir);
    if (o.kind === 'measure') {
      if (!plan.measures[o.index ?? 0]) throw new PlanError('ORDER BY refers to a missing measure');
      return `${dims.length + (o.index ?? 0) + 1} ${dir}`;
    }
    if (o.kind === 'dimension') return `${(o.index ?? 0) + 1} ${dir}`;
    const same = (c: TColumnRef | undefined) =>
      c !== undefined && c.table === o.column?.table && c.column === o.column.column;
    const dim = plan.dimensions.findIndex((x) => same(x.column) && !x.grain);
    if (dim >= 0) return `${dim + 1} ${dir}`;
    const m = plan.measures.findIndex((x) => same(x.column));
    if (m >= 0) return `${dims.length + m + 1} ${dir}`;
    if (!dims.length) return '';
    throw new PlanError('Ordering groups by a column they do not show is not possible across this join');
  });
  for (let i = order.length - 1; i >= 0; i--) if (!order[i]) order.splice(i, 1);
  finishOrder(plan, order, d);
  const limit = limitOf(plan, options);
  const sql = [
    `SELECT ${select.join(', ')}`,
    `FROM (${inner}) AS r`,
    having.length ? `WHERE ${having.join(' AND ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    limit ? d.limit(limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const labels = [
    ...plan.dimensions.map((x) => x.label),
    ...plan.measures.map((m) => (share ? `Share of ${m.label}` : m.label)),
  ];
  return { sql, params: params.values, columns: labels, tables: [...read] };
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
  measures: number[];
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
    x.grain ? d.truncate(col(x.column), x.grain) : col(x.column);
  const selectDims: string[] = plan.dimensions.map((x, i) =>
    dimPlaces[i] ? '' : dimExpr(x, (r) => scope.col(r)),
  );
  const measures = input.measures.map((j) => `${scope.measure(plan.measures[j]!)} AS m${j}`);
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
