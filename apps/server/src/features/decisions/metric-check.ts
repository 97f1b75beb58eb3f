import { MetricExpressionError, parseMetricExpression } from '@catalyst/engine';
import { ZDecisionMetric, type TDecisionMetric } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { knownColumns } from '../use-cases';

/**
 * A decision's metric becomes SQL when the decision is approved (its baseline) and when its outcome
 * is measured, and it comes from the browser: it must be a metric of the decision's use case — an
 * aggregate over the selected columns of one selected table, its time column a selected column of
 * that table, its filters and join steps selected columns of the use case (a segment of a related
 * table is reached through its join steps). This is checked when the decision is created or edited and again
 * before every query (a stored metric may predate the check, or a column may have been unselected
 * since). What is stored and run is the parser's canonical expression, never the text as sent.
 */
export async function checkDecisionMetric(
  deps: Deps,
  useCaseId: number,
  stored: unknown,
): Promise<TDecisionMetric> {
  // A stored metric may have been written by an older version: it is read through the contract.
  const parsed = ZDecisionMetric.safeParse(stored);
  if (!parsed.success)
    throw new AppError(
      'VALIDATION_FAILED',
      "The decision's metric is not complete (a label, table, time column, expression and grain): edit the decision and choose it again.",
    );
  const metric = parsed.data;
  const columns = await knownColumns(deps, useCaseId);
  const refuse = (why: string): never => {
    throw new AppError(
      'VALIDATION_FAILED',
      `The decision's metric "${metric.label}" cannot be measured: ${why}`,
    );
  };
  const ofTable = columns.filter((c) => c.table_name === metric.table);
  if (ofTable.length === 0) {
    const tables = [...new Set(columns.map((c) => c.table_name))];
    refuse(
      `"${metric.table}" is not a selected table of the use case${tables.length ? ` (selected: ${tables.slice(0, 10).join(', ')})` : '; select its tables in the Knowledge tab first'}.`,
    );
  }
  const selected = (table: string, column: string) =>
    columns.some((c) => c.table_name === table && c.db_column_name === column);
  if (!selected(metric.table, metric.timeColumn))
    refuse(`its time column "${metric.timeColumn}" is not a selected column of ${metric.table}.`);
  // Join steps (to a segment of a related table) name selected columns only, and a filter on
  // another table needs a step that reaches it.
  const joined = new Set([metric.table]);
  for (const step of metric.joins ?? [])
    for (const ref of [...step.from, ...step.to]) {
      if (!selected(ref.table, ref.column))
        refuse(`its join column "${ref.table}.${ref.column}" is not a selected column of the use case.`);
      joined.add(ref.table);
    }
  for (const f of metric.filters) {
    const table = f.table ?? metric.table;
    if (!selected(table, f.column))
      refuse(`its filter column "${f.column}" is not a selected column of ${table}.`);
    if (!joined.has(table)) refuse(`its filter on ${table}.${f.column} has no join from ${metric.table}.`);
  }
  let expression: string;
  try {
    expression = parseMetricExpression(
      metric.expression,
      ofTable.map((c) => ({ table: c.table_name, column: c.db_column_name })),
    ).expression;
  } catch (error) {
    if (error instanceof MetricExpressionError) return refuse(error.message);
    throw error;
  }
  return { ...metric, expression };
}
