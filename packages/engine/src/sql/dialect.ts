import type { TTimeGrain } from '@catalyst/contracts';
import { dateFormatOf } from '../model/date-formats';
import type { SqlDialect } from '../warehouse';

export interface Dialect {
  name: SqlDialect;
  quote(id: string): string;
  /** Placeholder for the n-th (1-based) parameter. */
  param(n: number): string;
  truncate(expr: string, grain: TTimeGrain): string;
  limit(n: number): string;
  /** Case-insensitive substring match. */
  contains(expr: string, param: string): string;
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
}

const ansiQuote = (id: string): string => `"${id.replace(/"/g, '""')}"`;
const backtick = (id: string): string => `\`${id.replace(/`/g, '``')}\``;
/** A constant of Catalyst's own (a format or pattern from a fixed list) as an SQL string literal. */
const literal = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const NUMBER = '^[-+]{0,1}([0-9]+[.]{0,1}[0-9]*|[.][0-9]+)([eE][-+]{0,1}[0-9]+){0,1}$';
const digits = (e: string) => `REPLACE(TRIM(${e}), ',', '')`;

export const DIALECTS: Record<SqlDialect, Dialect> = {
  duckdb: {
    name: 'duckdb',
    quote: ansiQuote,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    contains: (e, p) => `${e} ILIKE '%' || ${p} || '%'`,
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
    param: (n) => `$${n}`,
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    contains: (e, p) => `${e} ILIKE '%' || ${p} || '%'`,
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
    contains: (e, p) => `LOWER(${e}) LIKE CONCAT('%', LOWER(${p}), '%')`,
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
    contains: (e, p) => `LOWER(${e}) LIKE CONCAT('%', LOWER(${p}), '%')`,
    same: (a, b) => `${a} IS NOT DISTINCT FROM ${b}`,
    toText: (e) => `CAST(${e} AS STRING)`,
    parseDate: (e, f) =>
      dateFormatOf(f)
        ? `DATE(SAFE.PARSE_DATETIME(${literal(f!)}, TRIM(${e})))`
        : `SAFE_CAST(TRIM(${e}) AS DATE)`,
    parseNumber: (e) => `SAFE_CAST(${digits(e)} AS FLOAT64)`,
  },
};
