import type { SqlDialect } from '../warehouse';

/**
 * A value as a SQL literal of the dialect, for reading only. Strings: standard SQL doubles the
 * quote (DuckDB, PostgreSQL with standard_conforming_strings, the default since 9.1); MySQL's
 * default mode also treats the backslash as an escape, BigQuery escapes with backslashes only.
 */
export function sqlLiteral(value: unknown, dialect: SqlDialect): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'bigint') return value.toString();
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (dialect === 'mysql')
    return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''").replace(/\0/g, '\\0')}'`;
  if (dialect === 'bigquery')
    return `'${text
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')}'`;
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The statement with its bound values written in place of the placeholders (`?` in order, or
 * PostgreSQL's `$n`), so a person can read what ran. Display only: queries always run with bound
 * parameters. Placeholders inside quoted identifiers, string literals and comments are left alone,
 * and inserted values are never scanned again.
 */
export function inlineParams(sql: string, params: readonly unknown[], dialect: SqlDialect): string {
  let out = '';
  let next = 0;
  let i = 0;
  const backslashEscapes = dialect === 'mysql' || dialect === 'bigquery';
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      // Copy a quoted run whole: doubled quotes (and backslash escapes where they apply) stay inside.
      const escapes = backslashEscapes && c !== '`';
      let j = i + 1;
      while (j < sql.length) {
        if (escapes && sql[j] === '\\') j += 2;
        else if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const j = end < 0 ? sql.length : end;
      out += sql.slice(i, j);
      i = j;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      const j = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, j);
      i = j;
    } else if (dialect === 'postgres' && c === '$' && /\d/.test(sql[i + 1] ?? '')) {
      const m = /^\$(\d+)/.exec(sql.slice(i))!;
      const n = Number(m[1]);
      out += n >= 1 && n <= params.length ? sqlLiteral(params[n - 1], dialect) : m[0];
      i += m[0].length;
    } else if (dialect !== 'postgres' && c === '?') {
      out += next < params.length ? sqlLiteral(params[next], dialect) : '?';
      next++;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
