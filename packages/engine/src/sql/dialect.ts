import type { TTimeGrain } from '@catalyst/contracts';
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
}

const ansiQuote = (id: string): string => `"${id.replace(/"/g, '""')}"`;
const backtick = (id: string): string => `\`${id.replace(/`/g, '``')}\``;

export const DIALECTS: Record<SqlDialect, Dialect> = {
  duckdb: {
    name: 'duckdb',
    quote: ansiQuote,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    contains: (e, p) => `${e} ILIKE '%' || ${p} || '%'`,
  },
  postgres: {
    name: 'postgres',
    quote: ansiQuote,
    param: (n) => `$${n}`,
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `CAST(date_trunc('${g}', ${e}) AS DATE)`,
    contains: (e, p) => `${e} ILIKE '%' || ${p} || '%'`,
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
  },
  bigquery: {
    name: 'bigquery',
    quote: backtick,
    param: () => '?',
    limit: (n) => `LIMIT ${n}`,
    truncate: (e, g) => `DATE_TRUNC(${e}, ${g === 'week' ? 'ISOWEEK' : g.toUpperCase()})`,
    contains: (e, p) => `LOWER(${e}) LIKE CONCAT('%', LOWER(${p}), '%')`,
  },
};
