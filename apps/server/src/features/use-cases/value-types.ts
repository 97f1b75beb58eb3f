import type { TValueType } from '@catalyst/contracts';
import { DATE_FORMATS, detectDateFormat, DIALECTS, kindOf, type Warehouse } from '@catalyst/engine';
import { AppError } from '../../lib/errors';

/**
 * The kind a column is read as. Profiling recognises dates kept as text ("Jan 1 2000",
 * "01/02/2000", "2000-01-02 10:00") and a user can set any column's kind and date format; the
 * engine then converts in SQL (see the engine's `valueSql`).
 */

/** Dates read from a column with a format: how many values read, of how many, and their span. */
export interface DateCheck {
  nonNull: number;
  parsed: number;
  min: string | null;
  max: string | null;
}

const iso = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/** Reads the whole column with the format, in one read-only, time-limited query. */
async function checkDateFormat(
  warehouse: Warehouse,
  schema: string,
  table: string,
  column: string,
  storedType: string,
  format: string | null,
): Promise<DateCheck> {
  const d = DIALECTS[warehouse.dialect];
  const raw = d.quote(column);
  const text = kindOf(storedType) === 'text' ? raw : d.toText(raw);
  const parsed = kindOf(storedType) === 'date' ? raw : d.parseDate(text, format);
  const r = await warehouse.query(
    `SELECT COUNT(${raw}), COUNT(${parsed}), MIN(${parsed}), MAX(${parsed}) FROM ${d.quote(schema)}.${d.quote(table)}`,
    { maxRows: 1, timeoutMs: 30_000 },
  );
  const [nonNull, ok, min, max] = r.rows[0] ?? [];
  return { nonNull: Number(nonNull ?? 0), parsed: Number(ok ?? 0), min: iso(min), max: iso(max) };
}

/**
 * A text column whose frequent values are all dates of one format, and whose values read as
 * dates almost everywhere (a stray "n/a" may stay): the format and the span of the dates.
 */
export async function detectTextDates(
  warehouse: Warehouse,
  schema: string,
  table: string,
  column: { name: string; type: string },
  samples: string[],
): Promise<{ format: string; check: DateCheck } | null> {
  if (kindOf(column.type) !== 'text') return null;
  const format = detectDateFormat(samples);
  if (!format) return null;
  const check = await checkDateFormat(warehouse, schema, table, column.name, column.type, format.id).catch(
    () => null,
  );
  if (!check || check.nonNull === 0 || check.parsed < 0.98 * check.nonNull) return null;
  return { format: format.id, check };
}

/**
 * Validates a user's choice of kind and format for a column: a date format must be one Catalyst
 * knows, a format only goes with dates, and a date column must read as dates somewhere.
 */
export async function checkValueTypeChange(input: {
  warehouse: () => Promise<Warehouse>;
  schema: string;
  table: string;
  column: string;
  storedType: string;
  valueType: TValueType | null;
  format: string | null;
}): Promise<{ format: string | null; check: DateCheck | null }> {
  const { valueType, storedType } = input;
  if (input.format && valueType !== 'date')
    throw new AppError('VALIDATION_FAILED', 'A date format applies only to a column read as a date.');
  if (valueType !== 'date') return { format: null, check: null };
  if (input.format && !DATE_FORMATS.some((f) => f.id === input.format))
    throw new AppError(
      'VALIDATION_FAILED',
      `Unknown date format "${input.format}". Choose one of the listed formats, e.g. ${DATE_FORMATS[0]!.example}.`,
    );
  if (kindOf(storedType) === 'date') return { format: null, check: null };
  const warehouse = await input.warehouse();
  try {
    // Read as a date without a format named: the format its values are written in, if one fits.
    const format =
      input.format ??
      (kindOf(storedType) === 'text'
        ? (detectDateFormat(
            (await warehouse.sampleValues(input.schema, input.table, input.column, 20).catch(() => [])).map(
              String,
            ),
          )?.id ?? null)
        : null);
    const check = await checkDateFormat(
      warehouse,
      input.schema,
      input.table,
      input.column,
      storedType,
      format,
    );
    if (check.nonNull > 0 && check.parsed === 0) {
      const example = DATE_FORMATS.find((f) => f.id === format)?.example;
      throw new AppError(
        'VALIDATION_FAILED',
        example
          ? `None of the values of ${input.column} read as dates written like ${example}. Choose the format its values are written in.`
          : `None of the values of ${input.column} read as dates. Choose the format its values are written in.`,
      );
    }
    return { format, check };
  } finally {
    await warehouse.close();
  }
}

/** The kind the model reads a column as: a chosen one, else the stored type's. */
export function effectiveValueType(
  row: { value_type: TValueType | null; value_format: string | null; value_type_origin: string | null },
  storedType: string,
): {
  value_type: TValueType;
  value_format: string | null;
  value_type_origin: 'source' | 'detected' | 'user';
} {
  if (!row.value_type)
    return { value_type: kindOf(storedType), value_format: null, value_type_origin: 'source' };
  return {
    value_type: row.value_type,
    value_format: row.value_format,
    value_type_origin: row.value_type_origin === 'user' ? 'user' : 'detected',
  };
}
