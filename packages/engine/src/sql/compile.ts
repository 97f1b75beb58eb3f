import type { TColumnRef, TFilter, TMeasure, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { SqlDialect } from '../warehouse';
import { DIALECTS, type Dialect } from './dialect';
import { joinPath } from './joins';

export interface CompiledQuery {
  sql: string;
  params: (string | number | boolean)[];
  /** Output column labels in select order. */
  columns: string[];
  /** Tables the query reads. */
  tables: string[];
}

export class PlanError extends Error {}

const OPS: Record<
  Exclude<TFilter['op'], 'between' | 'in' | 'not_in' | 'contains' | 'is_null' | 'not_null'>,
  string
> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** Compiles a validated plan to one SELECT in the given dialect; values are always bound. */
export function compilePlan(
  plan: TQueryPlan,
  model: SemanticModel,
  dialectName: SqlDialect,
  options: { maxRows?: number } = {},
): CompiledQuery {
  const d: Dialect = DIALECTS[dialectName];
  const params: (string | number | boolean)[] = [];
  const bind = (v: string | number | boolean): string => {
    params.push(v);
    return d.param(params.length, v);
  };
  const base = model.tables.find((t) => t.name === plan.table);
  if (!base) throw new PlanError(`Unknown table ${plan.table}`);
  const aliases = new Map<string, string>([[base.name, 't0']]);
  const joins: string[] = [];
  const tableSql = (name: string): string => {
    const t = model.tables.find((x) => x.name === name)!;
    return t.schema && t.schema !== 'main' ? `${d.quote(t.schema)}.${d.quote(t.name)}` : d.quote(t.name);
  };
  const col = (r: TColumnRef): string => {
    const table = model.tables.find((t) => t.name === r.table);
    if (!table?.columns.some((c) => c.name === r.column))
      throw new PlanError(`Unknown column ${r.table}.${r.column}`);
    if (!aliases.has(r.table)) {
      const path = joinPath(model, base.name, r.table);
      if (!path) throw new PlanError(`No join path from ${base.name} to ${r.table}`);
      for (const step of path) {
        const target = step.to[0]!.table;
        if (aliases.has(target)) continue;
        const alias = `t${aliases.size}`;
        aliases.set(target, alias);
        const on = step.from
          .map(
            (f, i) =>
              `${aliases.get(f.table)}.${d.quote(f.column)} = ${alias}.${d.quote(step.to[i]!.column)}`,
          )
          .join(' AND ');
        joins.push(`JOIN ${tableSql(target)} AS ${alias} ON ${on}`);
      }
    }
    return `${aliases.get(r.table)}.${d.quote(r.column)}`;
  };
  const measureSql = (m: TMeasure): string => {
    if (m.metric) {
      const metric = model.metrics.find((x) => x.name === m.metric);
      if (!metric) throw new PlanError(`Unknown metric ${m.metric}`);
      // Quoted names become columns; where integers divide as integers, `/` divides decimals
      // ("* 1.0" binds before the division it precedes, so the expression keeps its meaning).
      return metric.expression.replace(
        /"((?:[^"]|"")+)"|'(?:[^']|'')*'|\//g,
        (all, name: string | undefined) => {
          if (name !== undefined) return col({ table: metric.table, column: name.replace(/""/g, '"') });
          return all === '/' && d.integerDivision ? '* 1.0 /' : all;
        },
      );
    }
    if (m.agg === 'count') return m.column ? `COUNT(${col(m.column)})` : 'COUNT(*)';
    if (!m.column) throw new PlanError(`${m.agg} needs a column`);
    if (m.agg === 'count_distinct') return `COUNT(DISTINCT ${col(m.column)})`;
    return `${m.agg.toUpperCase()}(${col(m.column)})`;
  };

  const select: string[] = [];
  const labels: string[] = [];
  const groupBy: string[] = [];
  const aggregated = plan.measures.length > 0 || plan.dimensions.length > 0;
  if (aggregated) {
    for (const dim of plan.dimensions) {
      const e = dim.grain ? d.truncate(col(dim.column), dim.grain) : col(dim.column);
      select.push(e);
      groupBy.push(e);
      labels.push(dim.label);
    }
    for (const m of plan.measures) {
      const e = measureSql(m);
      select.push(plan.share && plan.dimensions.length ? `${e} * 1.0 / SUM(${e}) OVER ()` : e);
      labels.push(plan.share && plan.dimensions.length ? `Share of ${m.label}` : m.label);
    }
  } else {
    for (const c of plan.columns) {
      select.push(col(c));
      labels.push(c.column);
    }
  }
  if (!select.length) throw new PlanError('The plan selects nothing');

  const where: string[] = [];
  for (const f of plan.filters) {
    const e = col(f.column);
    const v = f.values;
    if (f.op === 'is_null') where.push(`${e} IS NULL`);
    else if (f.op === 'not_null') where.push(`${e} IS NOT NULL`);
    else if (f.op === 'between') where.push(`${e} BETWEEN ${bind(v[0]!)} AND ${bind(v[1] ?? v[0]!)}`);
    else if (f.op === 'in' || f.op === 'not_in')
      where.push(`${e} ${f.op === 'in' ? 'IN' : 'NOT IN'} (${v.map((x) => bind(x)).join(', ')})`);
    // A substring search is of text, also for a value that reads as a number.
    else if (f.op === 'contains') where.push(d.contains(e, bind(String(v[0]!))));
    else where.push(`${e} ${OPS[f.op]} ${bind(v[0]!)}`);
  }
  const logic = plan.filterLogic === 'or' ? ' OR ' : ' AND ';
  const conditions = where.length
    ? [where.length > 1 && plan.filterLogic === 'or' ? `(${where.join(logic)})` : where.join(logic)]
    : [];
  if (plan.timeRange) {
    const e = col(plan.timeRange.column);
    if (plan.timeRange.from) conditions.push(`${e} >= CAST(${bind(plan.timeRange.from)} AS DATE)`);
    if (plan.timeRange.to) conditions.push(`${e} < CAST(${bind(plan.timeRange.to)} AS DATE)`);
  }
  const having = plan.having.map((h) => {
    const m = plan.measures[h.measure];
    if (!m) throw new PlanError('HAVING refers to a missing measure');
    return `${measureSql(m)} ${OPS[h.op]} ${bind(h.value)}`;
  });
  // A distinct listing ordered by a column it does not show is grouped instead (below).
  let groupedListing = false;
  const order = plan.order.map((o) => {
    const dir = d.direction(o.dir);
    if (o.kind === 'measure') {
      const m = plan.measures[o.index ?? 0];
      if (!m) throw new PlanError('ORDER BY refers to a missing measure');
      return `${plan.dimensions.length + (o.index ?? 0) + 1} ${dir}`;
    }
    if (o.kind === 'dimension') return `${(o.index ?? 0) + 1} ${dir}`;
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
  if (!order.length && plan.dimensions.some((x) => x.grain)) order.push(`1 ${d.direction('asc')}`);
  // Ties under a measure order break by the dimensions in the same direction (as SQLite does).
  const first = plan.order[0];
  if (first?.kind === 'measure' && aggregated)
    plan.dimensions.forEach((_, i) => order.push(`${i + 1} ${d.direction(first.dir)}`));
  const limit = plan.limit ?? (aggregated && !plan.dimensions.length ? undefined : options.maxRows);
  const sql = [
    `SELECT ${!aggregated && plan.distinct && !groupedListing ? 'DISTINCT ' : ''}${select.join(', ')}`,
    `FROM ${tableSql(base.name)} AS t0`,
    ...joins,
    conditions.length ? `WHERE ${conditions.join(' AND ')}` : '',
    groupBy.length && plan.measures.length ? `GROUP BY ${groupBy.join(', ')}` : '',
    groupedListing ? `GROUP BY ${select.join(', ')}` : '',
    having.length ? `HAVING ${having.join(' AND ')}` : '',
    order.length ? `ORDER BY ${order.join(', ')}` : '',
    limit ? d.limit(limit) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return { sql, params, columns: labels, tables: [...aliases.keys()] };
}
