import { MetricExpressionError, parseMetricExpression } from './metric-expression';
import type { DerivedMetric, SemanticModel } from './types';

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Checks a derived metric with the one metric-expression parser (metric-expression.ts): an
 * aggregate expression over columns of its own table, built only from arithmetic, CASE and a few
 * functions (no sub-queries, no statements, nothing that reads or writes anything else).
 * Returns the problems, empty when valid.
 */
export function validateMetric(metric: DerivedMetric, model: SemanticModel): string[] {
  const table = model.tables.find((t) => t.name === metric.table);
  if (!table) return [`Unknown table ${metric.table}`];
  try {
    const parsed = parseMetricExpression(
      metric.expression,
      table.columns.map((c) => ({ table: table.name, column: c.name })),
    );
    // The SQL compiler writes the expression as it is: only the form the parser writes back is
    // known safe (no "--" comment from two signs, text values re-quoted, quoted column names).
    if (spaced(parsed.expression) !== spaced(metric.expression))
      return [`Write the expression in its checked form: ${parsed.expression}`];
    return [];
  } catch (error) {
    if (error instanceof MetricExpressionError) return [error.message];
    throw error;
  }
}
