import type { TTimeGrain } from '@catalyst/contracts';
import type { SqlDialect } from '../warehouse';

export interface Dialect {
  name: SqlDialect;
  quote(id: string): string;
  /** Placeholder for the n-th (1-based) parameter, whose value is `value`. */
  param(n: number, value?: string | number | boolean): string;
  truncate(expr: string, grain: TTimeGrain): string;
  limit(n: number): string;
  /** Case-insensitive substring match: the text as it is, never a LIKE pattern. */
  contains(expr: string, param: string): string;
  /** An ORDER BY direction where NULL is the smallest value: first ascending, last descending. */
  direction(dir: 'asc' | 'desc'): string;
  /** `/` of two integers is an integer (7 / 2 = 3): derived metrics need a decimal division. */
  integerDivision: boolean;
}

const ansiQuote = (id: string): string => `"${id.replace(/"/g, '""')}"`;
const backtick = (id: string): string => `\`${id.replace(/`/g, '``')}\``;
// DuckDB is opened with NULLs first ascending (DuckDbWarehouse.create), as MySQL and BigQuery sort.
const plainDirection = (dir: 'asc' | 'desc'): string => (dir === 'desc' ? 'DESC' : 'ASC');

export const DIALECTS: Record<SqlDialect, Dialect> = {
  duckdb: {
    name: 'duckdb',
    quote: ansiQuote,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    // LIKE would read "%" and "_" in the value as wildcards.
    contains: (e, p) => `strpos(lower(${e}), lower(${p})) > 0`,
    direction: plainDirection,
    integerDivision: false,
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
    contains: (e, p) => `strpos(lower(${e}), lower(${p})) > 0`,
    // PostgreSQL's NULL is the largest value; the other databases sort it as the smallest.
    direction: (dir) => (dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'),
    integerDivision: true,
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
    contains: (e, p) => `LOCATE(LOWER(${p}), LOWER(${e})) > 0`,
    direction: plainDirection,
    integerDivision: false,
  },
  bigquery: {
    name: 'bigquery',
    quote: backtick,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `DATE_TRUNC(${e}, ${g === 'week' ? 'ISOWEEK' : g.toUpperCase()})`,
    contains: (e, p) => `STRPOS(LOWER(${e}), LOWER(${p})) > 0`,
    direction: plainDirection,
    integerDivision: false,
  },
};
