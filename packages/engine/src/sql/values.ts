import { kindOf } from '../model/build';
import type { ModelColumn } from '../model/types';
import type { Dialect } from './dialect';

/**
 * A column's value as the model reads it. The model may read a column as another kind than the
 * warehouse stores (dates kept as text such as "Jan 1 2000", numbers kept as text): the
 * conversion happens in SQL, so filters, periods and sums see dates and numbers.
 */
export function valueSql(
  d: Dialect,
  expr: string,
  column: Pick<ModelColumn, 'kind' | 'type' | 'format'>,
): string {
  const stored = kindOf(column.type);
  if (stored === column.kind) return expr;
  const text = stored === 'text' ? expr : d.toText(expr);
  switch (column.kind) {
    case 'date':
      return d.parseDate(text, column.format ?? null);
    case 'number':
      return stored === 'boolean'
        ? `CASE WHEN ${expr} THEN 1 WHEN NOT ${expr} THEN 0 END`
        : d.parseNumber(text);
    case 'boolean':
      return `CASE WHEN LOWER(TRIM(${text})) IN ('true', 't', 'yes', 'y', '1') THEN TRUE WHEN LOWER(TRIM(${text})) IN ('false', 'f', 'no', 'n', '0') THEN FALSE END`;
    default:
      return text;
  }
}
