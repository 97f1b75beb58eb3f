import type { TDimensionGrain, TTimeGrain } from '@catalyst/contracts';
import { dateFormatOf } from '../model/date-formats';
import type { SqlDialect } from '../warehouse';

export interface Dialect {
  name: SqlDialect;
  quote(id: string): string;
  /** Placeholder for the n-th (1-based) parameter, whose value is `value`. */
  param(n: number, value?: string | number | boolean): string;
  truncate(expr: string, grain: TTimeGrain): string;
  /** The ISO day of the week of a date or timestamp: 1 (Monday) to 7 (Sunday). */
  weekday(expr: string): string;
  /**
   * A continuous percentile (0–1, a number the contract checked) of a column, interpolated
   * between neighbours; null where the database has no percentile aggregate.
   */
  percentile(expr: string, p: number): string | null;
  limit(n: number): string;
  /** Case-insensitive substring match: the text as it is, never a LIKE pattern. */
  contains(expr: string, param: string): string;
  /** The number of characters of a text (not of bytes). */
  textLength(expr: string): string;
  /** An ORDER BY direction where NULL is the smallest value: first ascending, last descending. */
  direction(dir: 'asc' | 'desc'): string;
  /** `/` of two integers is an integer (7 / 2 = 3): derived metrics need a decimal division. */
  integerDivision: boolean;
  /** `a` equals `b`, NULL equal to NULL. */
  same(a: string, b: string): string;
  /** Any value as text. */
  toText(expr: string): string;
  /**
   * Text as a DATE, read with a format of DATE_FORMATS (or the database's own reading of ISO
   * dates without one); NULL where a value does not parse. The time of day is dropped: periods
   * are days at the finest.
   */
  parseDate(expr: string, format: string | null): string;
  /** Text as a number (thousands separators allowed); NULL where it is not one. */
  parseNumber(expr: string): string;
  /** The days from one date or time to another, with a fraction for times of day. */
  daysBetween(from: string, to: string): string;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A dimension's value for its grain: the period's first day, or the weekday's English name. */
export function grouping(d: Dialect, expr: string, grain: TDimensionGrain): string {
  if (grain !== 'weekday') return d.truncate(expr, grain);
  return `CASE ${d.weekday(expr)} ${WEEKDAYS.map((w, i) => `WHEN ${i + 1} THEN '${w}'`).join(' ')} END`;
}

/** A weekday name's place in the week (1 for Monday), to order weekdays as the week runs. */
export function weekdayOrder(nameExpr: string): string {
  return `CASE ${nameExpr} ${WEEKDAYS.map((w, i) => `WHEN '${w}' THEN ${i + 1}`).join(' ')} END`;
}

const ansiQuote = (id: string): string => `"${id.replace(/"/g, '""')}"`;
const backtick = (id: string): string => `\`${id.replace(/`/g, '``')}\``;
/** A constant of Catalyst's own (a format or pattern from a fixed list) as an SQL string literal. */
const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const NUMBER = '^[-+]{0,1}([0-9]+[.]{0,1}[0-9]*|[.][0-9]+)([eE][-+]{0,1}[0-9]+){0,1}$';
const digits = (e: string) => `REPLACE(TRIM(${e}), ',', '')`;
// DuckDB is opened with NULLs first ascending (DuckDbWarehouse.create), as MySQL and BigQuery sort.
const plainDirection = (dir: 'asc' | 'desc'): string => (dir === 'desc' ? 'DESC' : 'ASC');

export const DIALECTS: Record<SqlDialect, Dialect> = {
  duckdb: {
    name: 'duckdb',
    quote: ansiQuote,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    weekday: (e) => `isodow(${e})`,
    daysBetween: (a, b) => `((epoch(CAST(${b} AS TIMESTAMP)) - epoch(CAST(${a} AS TIMESTAMP))) / 86400.0)`,
    // As DOUBLE: the percentile of a DECIMAL column would otherwise be rounded to its scale.
    percentile: (e, p) => `quantile_cont(CAST(${e} AS DOUBLE), ${p})`,
    // LIKE would read "%" and "_" in the value as wildcards.
    contains: (e, p) => `strpos(lower(${e}), lower(${p})) > 0`,
    textLength: (e) => `length(${e})`,
    direction: plainDirection,
    integerDivision: false,
    same: (a, b) => `${a} IS NOT DISTINCT FROM ${b}`,
    toText: (e) => `CAST(${e} AS VARCHAR)`,
    parseDate: (e, f) =>
      dateFormatOf(f)
        ? `CAST(TRY_STRPTIME(TRIM(${e}), ${literal(f!)}) AS DATE)`
        : `TRY_CAST(TRIM(${e}) AS DATE)`,
    parseNumber: (e) => `TRY_CAST(${digits(e)} AS DOUBLE)`,
  },
  postgres: {
    name: 'postgres',
    quote: ansiQuote,
    // A parameter takes the type of what it is compared with: 2.5 against an integer column or
    // COUNT(*) would be read as an integer and fail. Fractions and big numbers are numeric.
    param: (n, v) =>
      typeof v === 'number' && !(Number.isInteger(v) && Math.abs(v) < 2 ** 31)
        ? `CAST($${n} AS numeric)`
        : `$${n}`,
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    weekday: (e) => `CAST(EXTRACT(ISODOW FROM ${e}) AS INTEGER)`,
    daysBetween: (a, b) =>
      `(EXTRACT(EPOCH FROM (CAST(${b} AS TIMESTAMP) - CAST(${a} AS TIMESTAMP))) / 86400.0)`,
    percentile: (e, p) => `PERCENTILE_CONT(${p}) WITHIN GROUP (ORDER BY CAST(${e} AS DOUBLE PRECISION))`,
    contains: (e, p) => `strpos(lower(${e}), lower(${p})) > 0`,
    textLength: (e) => `length(${e})`,
    // PostgreSQL's NULL is the largest value; the other databases sort it as the smallest.
    direction: (dir) => (dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'),
    integerDivision: true,
    same: (a, b) => `${a} IS NOT DISTINCT FROM ${b}`,
    toText: (e) => `CAST(${e} AS TEXT)`,
    // to_date fails the whole query on a value it cannot read: only values of the format reach it.
    parseDate: (e, f) => {
      const format = dateFormatOf(f) ?? dateFormatOf('%Y-%m-%d')!;
      return `CASE WHEN TRIM(${e}) ~ ${literal(format.pattern)} THEN to_date(TRIM(${e}), ${literal(format.postgres)}) END`;
    },
    parseNumber: (e) =>
      `CASE WHEN ${digits(e)} ~ ${literal(NUMBER)} THEN CAST(${digits(e)} AS DOUBLE PRECISION) END`,
  },
  mysql: {
    name: 'mysql',
    quote: backtick,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) =>
      ({
        day: `DATE(${e})`,
        week: `DATE_SUB(DATE(${e}), INTERVAL WEEKDAY(${e}) DAY)`,
        month: `DATE_FORMAT(${e}, '%Y-%m-01')`,
        quarter: `MAKEDATE(YEAR(${e}), 1) + INTERVAL (QUARTER(${e}) - 1) QUARTER`,
        year: `DATE_FORMAT(${e}, '%Y-01-01')`,
      })[g],
    weekday: (e) => `(WEEKDAY(${e}) + 1)`,
    daysBetween: (a, b) => `(TIMESTAMPDIFF(SECOND, ${a}, ${b}) / 86400.0)`,
    // MariaDB's PERCENTILE_CONT is a window function only, and MySQL has none.
    percentile: () => null,
    contains: (e, p) => `LOCATE(LOWER(${p}), LOWER(${e})) > 0`,
    textLength: (e) => `CHAR_LENGTH(${e})`,
    direction: plainDirection,
    integerDivision: false,
    same: (a, b) => `${a} <=> ${b}`,
    toText: (e) => `CAST(${e} AS CHAR)`,
    // STR_TO_DATE is lenient about what follows a match: the pattern keeps it to whole values.
    // No pattern holds a "?": the driver fills placeholders even inside string literals.
    parseDate: (e, f) => {
      const format = dateFormatOf(f) ?? dateFormatOf('%Y-%m-%d')!;
      return `CASE WHEN TRIM(${e}) REGEXP ${literal(format.pattern)} THEN DATE(STR_TO_DATE(TRIM(${e}), ${literal(format.mysql)})) END`;
    },
    parseNumber: (e) => `CASE WHEN ${digits(e)} REGEXP ${literal(NUMBER)} THEN ${digits(e)} + 0 END`,
  },
  bigquery: {
    name: 'bigquery',
    quote: backtick,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `DATE_TRUNC(${e}, ${g === 'week' ? 'ISOWEEK' : g.toUpperCase()})`,
    // DAYOFWEEK counts from Sunday (1).
    weekday: (e) => `(MOD(EXTRACT(DAYOFWEEK FROM ${e}) + 5, 7) + 1)`,
    daysBetween: (a, b) =>
      `(TIMESTAMP_DIFF(CAST(${b} AS TIMESTAMP), CAST(${a} AS TIMESTAMP), SECOND) / 86400.0)`,
    // PERCENTILE_CONT is an analytic function only; APPROX_QUANTILES is not exact.
    percentile: () => null,
    contains: (e, p) => `STRPOS(LOWER(${e}), LOWER(${p})) > 0`,
    textLength: (e) => `LENGTH(${e})`,
    direction: plainDirection,
    integerDivision: false,
    same: (a, b) => `${a} IS NOT DISTINCT FROM ${b}`,
    toText: (e) => `CAST(${e} AS STRING)`,
    parseDate: (e, f) =>
      dateFormatOf(f)
        ? `DATE(SAFE.PARSE_DATETIME(${literal(f!)}, TRIM(${e})))`
        : `SAFE_CAST(TRIM(${e}) AS DATE)`,
    parseNumber: (e) => `SAFE_CAST(${digits(e)} AS FLOAT64)`,
  },
};
