import type { TColumnRef, TDecisionMetric, TMeasure, TQueryPlan, TSemanticModel } from '@catalyst/contracts';
import { compilePlan, DIALECTS, valueSql, type Warehouse } from '@catalyst/engine';

export interface SeriesPoint {
  period: string;
  value: number | null;
}

/**
 * A canonical expression (the metric parser's: double-quoted column names, single-quoted text)
 * with each column name replaced by `column(name)`. Text values are kept as written: a double
 * quote inside one is text, not the start of a column name.
 */
function rewriteColumns(expression: string, column: (name: string) => string): string {
  return expression.replace(
    /('(?:[^']|'')*')|"((?:[^"]|"")+)"/g,
    (m, text: string | undefined, id: string) => (text !== undefined ? m : column(id.replace(/""/g, '"'))),
  );
}

const isoDay = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/**
 * A decision's metric aggregated per period between `from` (inclusive) and `to` (exclusive),
 * read-only and parameterised. The metric carries what it needs to be read without the use
 * case's model: its table, expression (columns of that table), the many-to-one joins to the
 * tables its filters read (a region of the order's store) and how its time column is read.
 */
export async function metricSeries(
  warehouse: Warehouse,
  schema: string,
  metric: Pick<
    TDecisionMetric,
    'table' | 'timeColumn' | 'expression' | 'filters' | 'grain' | 'joins' | 'timeRead'
  >,
  range: { from: Date; to: Date },
): Promise<SeriesPoint[]> {
  const d = DIALECTS[warehouse.dialect];
  const table = (name: string) => `${d.quote(schema)}.${d.quote(name)}`;
  const aliases = new Map([[metric.table, 't0']]);
  const joins: string[] = [];
  for (const step of metric.joins ?? []) {
    const target = step.to[0]?.table;
    if (!target || aliases.has(target)) continue;
    const alias = `t${aliases.size}`;
    aliases.set(target, alias);
    const on = step.from
      .map(
        (f, i) =>
          `${aliases.get(f.table) ?? 't0'}.${d.quote(f.column)} = ${alias}.${d.quote(step.to[i]!.column)}`,
      )
      .join(' AND ');
    joins.push(`JOIN ${table(target)} AS ${alias} ON ${on}`);
  }
  const column = (name: string, of = metric.table) => `${aliases.get(of) ?? 't0'}.${d.quote(name)}`;
  const time = metric.timeRead
    ? valueSql(d, column(metric.timeColumn), {
        kind: 'date',
        type: metric.timeRead.storedType,
        format: metric.timeRead.format,
      })
    : column(metric.timeColumn);
  // DuckDB and BigQuery compare a DATE column with text parameters only after a cast.
  const cast = (p: string) =>
    warehouse.dialect === 'duckdb' || warehouse.dialect === 'bigquery' ? `CAST(${p} AS DATE)` : p;
  const params: unknown[] = [range.from.toISOString().slice(0, 10), range.to.toISOString().slice(0, 10)];
  const where = [`${time} >= ${cast(d.param(1))}`, `${time} < ${cast(d.param(2))}`];
  for (const f of metric.filters) {
    params.push(f.value);
    where.push(`${column(f.column, f.table)} = ${d.param(params.length)}`);
  }
  const expression = rewriteColumns(metric.expression, (id) => column(id));
  const sql = [
    `SELECT ${d.truncate(time, metric.grain)} AS period, ${expression} AS value`,
    `FROM ${table(metric.table)} AS t0`,
    ...joins,
    `WHERE ${where.join(' AND ')}`,
    'GROUP BY 1 ORDER BY 1',
  ].join('\n');
  const result = await warehouse.query(sql, { params, maxRows: 5000, timeoutMs: 30_000 });
  return result.rows.map((r) => ({
    period: isoDay(r[0]),
    value: r[1] === null || r[1] === undefined ? null : Number(r[1]),
  }));
}

export interface MeasureRow {
  period: string;
  /** The value of `attribute` the row is for, or null without an attribute. */
  segment: string | null;
  /** One value per measure, in order. */
  values: (number | null)[];
  /** Rows of the measures' table behind the values: the weight of a ratio or an average. */
  rows: number;
}

/**
 * Several measures of one table per period, and per value of `attribute` (a low-cardinality
 * column of the table or of a table it refers to) when given, with their row counts: one query
 * for all the series a scan reads, compiled by the engine (joins, dates kept as text).
 */
export async function measureSeries(
  warehouse: Warehouse,
  model: TSemanticModel,
  input: {
    table: string;
    timeColumn: string;
    grain: TDecisionMetric['grain'];
    measures: TMeasure[];
    filters?: { column: TColumnRef; value: string | number | boolean }[];
    attribute?: TColumnRef;
  },
  range: { from: Date; to: Date },
): Promise<MeasureRow[]> {
  const time = { table: input.table, column: input.timeColumn };
  const plan: TQueryPlan = {
    intent: 'trend',
    table: input.table,
    measures: [...input.measures, { agg: 'count', label: 'Rows' }],
    dimensions: [
      { column: time, grain: input.grain, label: 'Period' },
      ...(input.attribute ? [{ column: input.attribute, label: 'Segment' }] : []),
    ],
    columns: [],
    distinct: false,
    filters: (input.filters ?? []).map((f) => ({ column: f.column, op: 'eq' as const, values: [f.value] })),
    filterLogic: 'and',
    timeRange: {
      column: time,
      from: range.from.toISOString().slice(0, 10),
      to: range.to.toISOString().slice(0, 10),
      label: 'History',
    },
    having: [],
    order: [
      { kind: 'dimension', index: 0, dir: 'asc' },
      ...(input.attribute ? [{ kind: 'dimension' as const, index: 1, dir: 'asc' as const }] : []),
    ],
    share: false,
  };
  const compiled = compilePlan(plan, model, warehouse.dialect, { maxRows: 50_000 });
  const result = await warehouse.query(compiled.sql, {
    params: compiled.params,
    maxRows: 50_000,
    timeoutMs: 30_000,
  });
  const first = input.attribute ? 2 : 1;
  return result.rows.map((r) => ({
    period: isoDay(r[0]),
    segment: input.attribute ? String(r[1] ?? '(empty)') : null,
    values: input.measures.map((_, i) =>
      r[first + i] === null || r[first + i] === undefined ? null : Number(r[first + i]),
    ),
    rows: Number(r[first + input.measures.length] ?? 0),
  }));
}

/** The first and latest values of a table's time column, as ISO dates, or null for an empty table. */
export async function dataSpan(
  warehouse: Warehouse,
  model: TSemanticModel,
  table: string,
  timeColumn: string,
): Promise<{ start: string; end: string } | null> {
  const time = { table, column: timeColumn };
  const compiled = compilePlan(
    {
      intent: 'value',
      table,
      measures: [
        { agg: 'min', column: time, label: 'First' },
        { agg: 'max', column: time, label: 'Latest' },
      ],
      dimensions: [],
      columns: [],
      distinct: false,
      filters: [],
      filterLogic: 'and',
      having: [],
      order: [],
      share: false,
    },
    model,
    warehouse.dialect,
  );
  const result = await warehouse.query(compiled.sql, {
    params: compiled.params,
    maxRows: 1,
    timeoutMs: 30_000,
  });
  const [start, end] = result.rows[0] ?? [];
  return start === null || start === undefined || end === null || end === undefined
    ? null
    : { start: isoDay(start), end: isoDay(end) };
}
