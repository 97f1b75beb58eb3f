import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce } from '../../src/answer/answer';
import { executePlan } from '../../src/answer/execute';
import { compilePlan } from '../../src/sql/compile';
import { inlineParams, sqlLiteral } from '../../src/sql/inline';
import { M, openShop, plan, range, type Shop } from './fixture';

// Evidence shows the SQL with its values written in (display only) and the resolved periods.

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(async () => {
  await shop.warehouse.close();
});

const HOSTILE = ["O'Brien", 'back\\slash', "'; DROP TABLE sales; --", 'what?', '$1 and $2', 'two\nlines'];

describe('SQL literals per dialect', () => {
  it('quotes strings as each dialect reads them', () => {
    expect(sqlLiteral("O'Brien", 'duckdb')).toBe("'O''Brien'");
    expect(sqlLiteral("O'Brien", 'postgres')).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b', 'postgres')).toBe("'a\\b'");
    expect(sqlLiteral("O'Brien \\ x", 'mysql')).toBe("'O''Brien \\\\ x'");
    expect(sqlLiteral("O'Brien \\ x\ny", 'bigquery')).toBe("'O\\'Brien \\\\ x\\ny'");
    expect(sqlLiteral(12.5, 'duckdb')).toBe('12.5');
    expect(sqlLiteral(true, 'mysql')).toBe('TRUE');
    expect(sqlLiteral(null, 'postgres')).toBe('NULL');
    expect(sqlLiteral(Number.NaN, 'postgres')).toBe('NULL');
  });

  it('fills placeholders in order, never inside identifiers, literals or comments, never twice', () => {
    const sql = `SELECT "what?", 'x?' || ?, \`a?\` FROM t /* ? */ WHERE a = ? AND b = ? -- ?`;
    expect(inlineParams(sql, ['$1?', "it's", 3], 'duckdb')).toBe(
      `SELECT "what?", 'x?' || '$1?', \`a?\` FROM t /* ? */ WHERE a = 'it''s' AND b = 3 -- ?`,
    );
    expect(
      inlineParams(
        'SELECT $1, $2, $10, "$1", \'$2\'',
        Array.from({ length: 10 }, (_, i) => i + 1),
        'postgres',
      ),
    ).toBe('SELECT 1, 2, 10, "$1", \'$2\'');
    // A backslash in a MySQL string literal escapes the quote after it.
    expect(inlineParams("SELECT 'a\\'?' , ?", ['x'], 'mysql')).toBe("SELECT 'a\\'?' , 'x'");
    // More placeholders than values: the rest stay as they are.
    expect(inlineParams('SELECT ?, ?', [1], 'duckdb')).toBe('SELECT 1, ?');
  });

  it('the inlined DuckDB statement reads exactly what the bound one ran (checked here, never done by the product)', async () => {
    for (const value of HOSTILE) {
      const p = plan({
        measures: [M.count],
        filters: [{ column: { table: 'sales', column: 'region' }, op: 'in', values: [value, 'North'] }],
        timeRange: range('2026-02-01', '2026-03-01', 'February'),
      });
      const compiled = compilePlan(p, shop.model, 'duckdb');
      const bound = await executePlan(p, shop.model, shop.warehouse);
      const inlined = inlineParams(compiled.sql, compiled.params, 'duckdb');
      expect(inlined).toContain(`IN (${sqlLiteral(value, 'duckdb')}, 'North')`);
      const literal = await shop.warehouse.query(`SELECT ${sqlLiteral(value, 'duckdb')}`);
      expect(literal.rows[0]![0]).toBe(value);
      expect((await shop.warehouse.query(inlined)).rows).toEqual(bound.result.rows);
    }
  });
});

describe('answer evidence', () => {
  it('carries the SQL with its values inlined and the periods resolved to days', async () => {
    const a = await answerOnce({
      question: 'amount by channel last month',
      model: shop.model,
      warehouse: shop.warehouse,
      now: new Date('2026-04-15T12:00:00Z'),
    });
    expect(a.status).toBe('answered');
    expect(a.evidence.sql).toContain('CAST(? AS DATE)');
    expect(a.evidence.params).toEqual(['2026-03-01', '2026-04-01']);
    expect(a.evidence.displaySql).toContain(
      `t0."day" >= CAST('2026-03-01' AS DATE) AND t0."day" < CAST('2026-04-01' AS DATE)`,
    );
    expect(a.evidence.periods).toEqual(['last month = Mar 1–31, 2026', 'data covers Jan 10 – Apr 15, 2026']);
  });
});
