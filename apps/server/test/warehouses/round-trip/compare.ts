/**
 * Rows of different databases made comparable, and a readable diff when they are not alike.
 * Drivers differ in how they hand values back (MariaDB's booleans are 1/0, PostgreSQL's
 * timestamps are JS Dates, DuckDB's are text), so each value is put in one form first.
 */

export type Cell = string | number | null;
export type Row = Cell[];

/** Numbers agree when within this relative (or, near zero, absolute) distance. */
const TOLERANCE = 1e-6;

/**
 * MariaDB and MySQL divide (and average) in DECIMAL, keeping `div_precision_increment` (4) more
 * decimals than the dividend: a share of 1/3 is 0.33333, a rate of whole numbers 0.0714. Their
 * numbers may differ from the exact ones by up to half a unit of the fourth decimal.
 */
export const DECIMAL_DIVISION_TOLERANCE = 5e-5;

export function normalise(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number') return v;
  if (v instanceof Date) return normalise(v.toISOString());
  const s = String(v);
  // Dates and timestamps: "2026-01-05", "2026-01-05 10:00:00", "2026-01-05T10:00:00.000Z".
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2})(?:\.0+)?Z?)?$/.exec(s);
  if (m) return m[2] && m[2] !== '00:00:00' ? `${m[1]} ${m[2]}` : m[1]!;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return s;
}

function sameCell(a: Cell, b: Cell, absolute = 0): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= absolute + TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));
  return a === b;
}

const key = (row: Row): string =>
  JSON.stringify(row.map((c) => (typeof c === 'number' ? Number(c.toPrecision(6)) : c)));

/** Rows in a canonical order, for results whose order the plan leaves open. */
export function sorted(rows: Row[]): Row[] {
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const show = (c: Cell | undefined): string =>
  c === undefined ? '—' : c === null ? 'NULL' : typeof c === 'number' ? String(Number(c.toPrecision(10))) : c;

/**
 * Null when `actual` has the rows of `expected` (in order), else a table of both, the rows that
 * differ marked with "≠" and the differing cells in brackets.
 */
export function diffRows(
  expected: Row[],
  actual: Row[],
  names: [string, string],
  columns: string[],
  absolute = 0,
): string | null {
  const height = Math.max(expected.length, actual.length);
  const lines: string[] = [];
  let differs = expected.length !== actual.length;
  for (let i = 0; i < height; i++) {
    const e = expected[i];
    const a = actual[i];
    const width = Math.max(e?.length ?? 0, a?.length ?? 0);
    const bad = Array.from(
      { length: width },
      (_, k) => !e || !a || !sameCell(e[k] ?? null, a[k] ?? null, absolute),
    );
    const rowDiffers = bad.some(Boolean);
    differs ||= rowDiffers;
    const cells = (r: Row | undefined) =>
      r ? r.map((c, k) => (bad[k] && e && a ? `[${show(c)}]` : show(c))).join(' | ') : '(no row)';
    lines.push(`${rowDiffers ? '≠' : ' '} ${String(i + 1).padStart(3)}  ${cells(e)}`);
    if (rowDiffers) lines.push(`       ${cells(a)}`);
  }
  if (!differs) return null;
  return [
    `${names[0]} (first line) vs ${names[1]} (second line, where they differ); ${expected.length} vs ${actual.length} rows`,
    `       ${columns.join(' | ')}`,
    ...lines,
  ].join('\n');
}
