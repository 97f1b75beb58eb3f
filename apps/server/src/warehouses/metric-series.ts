import type { TDecisionMetric } from '@catalyst/contracts';
import { DIALECTS, type Warehouse } from '@catalyst/engine';

export interface SeriesPoint {
  period: string;
  value: number | null;
}

/** Rewrites a canonical expression's double-quoted identifiers into the warehouse's quoting. */
export function toDialectExpression(expression: string, warehouse: Pick<Warehouse, 'dialect'>): string {
  const dialect = DIALECTS[warehouse.dialect];
  // Text values are skipped: a double quote inside one is text, not the start of an identifier.
  return expression.replace(
    /('(?:[^']|'')*')|"((?:[^"]|"")+)"/g,
    (m, text: string | undefined, id: string) =>
      text !== undefined ? m : dialect.quote(id.replace(/""/g, '"')),
  );
}

const isoDay = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/**
 * A metric aggregated per period between `from` (inclusive) and `to` (exclusive), read-only and
 * parameterised: the expression comes from the validated semantic model, values are bound.
 */
export async function metricSeries(
  warehouse: Warehouse,
  schema: string,
  metric: Pick<TDecisionMetric, 'table' | 'timeColumn' | 'expression' | 'filters' | 'grain'>,
  range: { from: Date; to: Date },
): Promise<SeriesPoint[]> {
  const d = DIALECTS[warehouse.dialect];
  const time = d.quote(metric.timeColumn);
  const bucket = d.truncate(time, metric.grain);
  const params: unknown[] = [range.from.toISOString().slice(0, 10), range.to.toISOString().slice(0, 10)];
  const where = [`${time} >= ${d.param(1)}`, `${time} < ${d.param(2)}`];
  for (const f of metric.filters) {
    params.push(f.value);
    where.push(`${d.quote(f.column)} = ${d.param(params.length)}`);
  }
  // DuckDB and BigQuery compare a DATE column with text parameters only after a cast.
  const cast = warehouse.dialect === 'duckdb' || warehouse.dialect === 'bigquery';
  const whereSql = cast
    ? where.map((w, i) => (i < 2 ? w.replace(/(\?|\$\d+)$/, (p) => `CAST(${p} AS DATE)`) : w)).join(' AND ')
    : where.join(' AND ');
  const sql = `SELECT ${bucket} AS period, ${toDialectExpression(metric.expression, warehouse)} AS value FROM ${d.quote(schema)}.${d.quote(metric.table)} WHERE ${whereSql} GROUP BY 1 ORDER BY 1`;
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
  /** One value per expression, in order. */
  values: (number | null)[];
  /** Rows behind the values: the weight of a ratio or an average when segments are compared. */
  rows: number;
}

/**
 * Several measures of one table per period, and per value of `attribute` (a low-cardinality
 * column) when given, with their row counts: one query for all the series a scan reads.
 */
export async function measureSeries(
  warehouse: Warehouse,
  schema: string,
  input: {
    table: string;
    timeColumn: string;
    grain: TDecisionMetric['grain'];
    expressions: string[];
    filters?: TDecisionMetric['filters'];
    attribute?: string;
  },
  range: { from: Date; to: Date },
): Promise<MeasureRow[]> {
  const d = DIALECTS[warehouse.dialect];
  const time = d.quote(input.timeColumn);
  const cast = (p: string) =>
    warehouse.dialect === 'duckdb' || warehouse.dialect === 'bigquery' ? `CAST(${p} AS DATE)` : p;
  const params: unknown[] = [range.from.toISOString().slice(0, 10), range.to.toISOString().slice(0, 10)];
  const where = [`${time} >= ${cast(d.param(1))}`, `${time} < ${cast(d.param(2))}`];
  for (const f of input.filters ?? []) {
    params.push(f.value);
    where.push(`${d.quote(f.column)} = ${d.param(params.length)}`);
  }
  const segment = input.attribute ? `, ${d.quote(input.attribute)} AS segment` : '';
  const values = input.expressions.map((e, i) => `${toDialectExpression(e, warehouse)} AS v${i}`).join(', ');
  const sql = `SELECT ${d.truncate(time, input.grain)} AS period${segment}, ${values}, COUNT(*) AS n FROM ${d.quote(schema)}.${d.quote(input.table)} WHERE ${where.join(' AND ')} GROUP BY 1${input.attribute ? ', 2' : ''} ORDER BY 1${input.attribute ? ', 2' : ''}`;
  const result = await warehouse.query(sql, { params, maxRows: 50_000, timeoutMs: 30_000 });
  const first = input.attribute ? 2 : 1;
  return result.rows.map((r) => ({
    period: isoDay(r[0]),
    segment: input.attribute ? String(r[1] ?? '(empty)') : null,
    values: input.expressions.map((_, i) =>
      r[first + i] === null || r[first + i] === undefined ? null : Number(r[first + i]),
    ),
    rows: Number(r[first + input.expressions.length] ?? 0),
  }));
}

/** The first and latest values of a table's time column, as ISO dates, or null for an empty table. */
export async function dataSpan(
  warehouse: Warehouse,
  schema: string,
  table: string,
  timeColumn: string,
): Promise<{ start: string; end: string } | null> {
  const d = DIALECTS[warehouse.dialect];
  const time = d.quote(timeColumn);
  const result = await warehouse.query(
    `SELECT MIN(${time}), MAX(${time}) FROM ${d.quote(schema)}.${d.quote(table)}`,
    { maxRows: 1, timeoutMs: 30_000 },
  );
  const [start, end] = result.rows[0] ?? [];
  return start === null || start === undefined || end === null || end === undefined
    ? null
    : { start: isoDay(start), end: isoDay(end) };
}
