/**
 * Date formats of dates stored as text ("Jan 1 2000", "01/02/2000", "2000-01-02 10:00"). A
 * column's format is one of these ids (strftime patterns, the spelling DuckDB and BigQuery
 * parse with); each carries its PostgreSQL and MySQL spellings, and a pattern that recognises
 * its values in profiling and guards PostgreSQL's parser (which fails a query on a value it
 * cannot read instead of returning NULL). Patterns never contain "?" (the MySQL driver would
 * fill it as a placeholder): optional parts are written {0,1}.
 */
export interface DateFormat {
  id: string;
  example: string;
  /** PostgreSQL to_date / to_timestamp template. */
  postgres: string;
  /** MySQL / MariaDB STR_TO_DATE format. */
  mysql: string;
  /** Matches the values of this format (also a valid PostgreSQL regular expression). */
  pattern: string;
  /** Positions of year, month and day in the pattern's groups; month names count as a group. */
  order: ('y' | 'm' | 'd' | 'b')[];
}

const Y = '([0-9]{4})';
const M = '(0{0,1}[1-9]|1[0-2])';
const D = '(0{0,1}[1-9]|[12][0-9]|3[01])';
const B = '([A-Za-z]{3,9})';
const HM = ' ([01]{0,1}[0-9]|2[0-3]):[0-5][0-9]';
const S = ':[0-5][0-9]';

export const DATE_FORMATS: DateFormat[] = [
  {
    id: '%Y-%m-%d',
    example: '2000-01-31',
    postgres: 'YYYY-MM-DD',
    mysql: '%Y-%m-%d',
    pattern: `^${Y}-${M}-${D}$`,
    order: ['y', 'm', 'd'],
  },
  {
    id: '%Y-%m-%d %H:%M',
    example: '2000-01-31 10:00',
    postgres: 'YYYY-MM-DD HH24:MI',
    mysql: '%Y-%m-%d %H:%i',
    pattern: `^${Y}-${M}-${D} ([01]{0,1}[0-9]|2[0-3]):[0-5][0-9]$`,
    order: ['y', 'm', 'd'],
  },
  {
    id: '%Y-%m-%d %H:%M:%S',
    example: '2000-01-31 10:00:00',
    postgres: 'YYYY-MM-DD HH24:MI:SS',
    mysql: '%Y-%m-%d %H:%i:%s',
    pattern: `^${Y}-${M}-${D} ([01]{0,1}[0-9]|2[0-3]):[0-5][0-9]${S}$`,
    order: ['y', 'm', 'd'],
  },
  {
    id: '%Y-%m-%dT%H:%M:%S',
    example: '2000-01-31T10:00:00',
    postgres: 'YYYY-MM-DD"T"HH24:MI:SS',
    mysql: '%Y-%m-%dT%H:%i:%s',
    pattern: `^${Y}-${M}-${D}T([01]{0,1}[0-9]|2[0-3]):[0-5][0-9]${S}$`,
    order: ['y', 'm', 'd'],
  },
  {
    id: '%Y/%m/%d',
    example: '2000/01/31',
    postgres: 'YYYY/MM/DD',
    mysql: '%Y/%m/%d',
    pattern: `^${Y}/${M}/${D}$`,
    order: ['y', 'm', 'd'],
  },
  {
    id: '%Y%m%d',
    example: '20000131',
    postgres: 'YYYYMMDD',
    mysql: '%Y%m%d',
    pattern: '^([0-9]{4})(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$',
    order: ['y', 'm', 'd'],
  },
  {
    id: '%m/%d/%Y',
    example: '01/31/2000',
    postgres: 'MM/DD/YYYY',
    mysql: '%m/%d/%Y',
    pattern: `^${M}/${D}/${Y}$`,
    order: ['m', 'd', 'y'],
  },
  {
    id: '%m/%d/%Y %H:%M',
    example: '01/31/2000 10:00',
    postgres: 'MM/DD/YYYY HH24:MI',
    mysql: '%m/%d/%Y %H:%i',
    pattern: `^${M}/${D}/${Y}${HM}$`,
    order: ['m', 'd', 'y'],
  },
  {
    id: '%d/%m/%Y',
    example: '31/01/2000',
    postgres: 'DD/MM/YYYY',
    mysql: '%d/%m/%Y',
    pattern: `^${D}/${M}/${Y}$`,
    order: ['d', 'm', 'y'],
  },
  {
    id: '%d/%m/%Y %H:%M',
    example: '31/01/2000 10:00',
    postgres: 'DD/MM/YYYY HH24:MI',
    mysql: '%d/%m/%Y %H:%i',
    pattern: `^${D}/${M}/${Y}${HM}$`,
    order: ['d', 'm', 'y'],
  },
  {
    id: '%m-%d-%Y',
    example: '01-31-2000',
    postgres: 'MM-DD-YYYY',
    mysql: '%m-%d-%Y',
    pattern: `^${M}-${D}-${Y}$`,
    order: ['m', 'd', 'y'],
  },
  {
    id: '%d-%m-%Y',
    example: '31-01-2000',
    postgres: 'DD-MM-YYYY',
    mysql: '%d-%m-%Y',
    pattern: `^${D}-${M}-${Y}$`,
    order: ['d', 'm', 'y'],
  },
  {
    id: '%d.%m.%Y',
    example: '31.01.2000',
    postgres: 'DD.MM.YYYY',
    mysql: '%d.%m.%Y',
    pattern: `^${D}\\.${M}\\.${Y}$`,
    order: ['d', 'm', 'y'],
  },
  {
    id: '%b %d %Y',
    example: 'Jan 31 2000',
    postgres: 'Mon DD YYYY',
    mysql: '%b %e %Y',
    pattern: `^${B} ${D} ${Y}$`,
    order: ['b', 'd', 'y'],
  },
  {
    id: '%b %d, %Y',
    example: 'Jan 31, 2000',
    postgres: 'Mon DD, YYYY',
    mysql: '%b %e, %Y',
    pattern: `^${B} ${D}, ${Y}$`,
    order: ['b', 'd', 'y'],
  },
  {
    id: '%B %d, %Y',
    example: 'January 31, 2000',
    postgres: 'FMMonth DD, YYYY',
    mysql: '%M %e, %Y',
    pattern: `^${B} ${D}, ${Y}$`,
    order: ['b', 'd', 'y'],
  },
  {
    id: '%d %b %Y',
    example: '31 Jan 2000',
    postgres: 'DD Mon YYYY',
    mysql: '%e %b %Y',
    pattern: `^${D} ${B} ${Y}$`,
    order: ['d', 'b', 'y'],
  },
  {
    id: '%d-%b-%Y',
    example: '31-Jan-2000',
    postgres: 'DD-Mon-YYYY',
    mysql: '%e-%b-%Y',
    pattern: `^${D}-${B}-${Y}$`,
    order: ['d', 'b', 'y'],
  },
];

export const dateFormatOf = (id: string | null | undefined): DateFormat | null =>
  DATE_FORMATS.find((f) => f.id === id) ?? null;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Month names as people write them, January first (also read by the period words of questions). */
export const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The calendar date a value of `format` stands for, or null when it is not one. */
export function parseWithFormat(
  value: string,
  format: DateFormat,
): { y: number; m: number; d: number } | null {
  const match = new RegExp(format.pattern).exec(value.trim());
  if (!match) return null;
  const parts: Record<string, number> = {};
  for (const [i, key] of format.order.entries()) {
    const raw = match[i + 1]!;
    if (key === 'b') {
      const name = raw.toLowerCase();
      const full = format.id.includes('%B');
      const month = full ? FULL_MONTHS.indexOf(name) : MONTHS.indexOf(name);
      if (month < 0) return null;
      parts.m = month + 1;
    } else parts[key] = Number(raw);
  }
  const { y, m, d } = parts as { y: number; m: number; d: number };
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days ? { y, m, d } : null;
}

/**
 * The format every one of the sample values is written in, or null. When day and month could be
 * either way round ("01/02/2000"), a value with a day above 12 decides; with none, month first
 * (the order of the earlier format in the list) is assumed.
 */
export function detectDateFormat(samples: string[]): DateFormat | null {
  const values = samples.map((s) => s.trim()).filter(Boolean);
  if (values.length === 0) return null;
  return DATE_FORMATS.find((f) => values.every((v) => parseWithFormat(v, f) !== null)) ?? null;
}
