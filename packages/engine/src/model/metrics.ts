import type { DerivedMetric, SemanticModel } from './types';

const ALLOWED =
  /^(?:\s|"(?:[^"]|"")+"|\d+(?:\.\d+)?|[-+*/(),]|SUM|AVG|MIN|MAX|COUNT|DISTINCT|NULLIF|COALESCE|CASE|WHEN|THEN|ELSE|END|AND|OR|NOT|IS|NULL|[<>=]=?|<>)+$/i;

/**
 * Checks a derived metric: an aggregate expression over quoted columns of its own table,
 * built only from arithmetic and a few SQL words (no sub-queries, no functions that read or
 * write anything else). Returns the problems, empty when valid.
 */
export function validateMetric(metric: DerivedMetric, model: SemanticModel): string[] {
  const problems: string[] = [];
  const table = model.tables.find((t) => t.name === metric.table);
  if (!table) return [`Unknown table ${metric.table}`];
  if (!ALLOWED.test(metric.expression))
    problems.push('Only arithmetic over columns, numbers and SUM/AVG/MIN/MAX/COUNT are allowed');
  if (!/\b(SUM|AVG|MIN|MAX|COUNT)\s*\(/i.test(metric.expression))
    problems.push('The expression must aggregate (SUM, AVG, MIN, MAX or COUNT)');
  for (const m of metric.expression.matchAll(/"((?:[^"]|"")+)"/g)) {
    const name = m[1]!.replace(/""/g, '"');
    if (!table.columns.some((c) => c.name === name)) problems.push(`Unknown column ${name}`);
  }
  return problems;
}
