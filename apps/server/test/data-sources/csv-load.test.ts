import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CsvLoadError,
  findRaggedLine,
  loadCsv,
  safeTableName,
} from '../../src/features/data-sources/csv-load';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-csv-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function csv(content: string | Buffer): string {
  const file = path.join(dir, `f${++n}.csv`);
  fs.writeFileSync(file, content);
  return file;
}

async function tables(dbFile: string): Promise<Record<string, unknown[][]>> {
  const inst = await DuckDBInstance.create(dbFile);
  const c = await inst.connect();
  const out: Record<string, unknown[][]> = {};
  for (const [t] of (await c.runAndReadAll('SELECT table_name FROM duckdb_tables() ORDER BY 1')).getRows()) {
    out[String(t)] = (
      await c.runAndReadAll(`SELECT * FROM "${String(t)}" LIMIT 3`)
    ).getRowsJS() as unknown[][];
  }
  c.closeSync();
  inst.closeSync();
  return out;
}

const load = (file: string, table = 'data', db = path.join(dir, `db${++n}.duckdb`)) =>
  loadCsv({ dbFile: db, csvPath: file, table, staging: `_staging_${n}` }).then((r) => ({ ...r, db }));

describe('loading a CSV file into DuckDB', () => {
  it('loads a plain file with sniffed types and reports progress', async () => {
    const progress: number[] = [];
    const db = path.join(dir, 'plain.duckdb');
    const r = await loadCsv({
      dbFile: db,
      csvPath: csv('id,day,amount,name\n1,2026-01-02,1.5,a\n2,2026-01-03,2.5,b\n'),
      table: 'sales',
      staging: '_staging_1',
      onProgress: (p) => progress.push(p),
    });
    expect(r).toEqual({ rowCount: 2, columnCount: 4 });
    const t = await tables(db);
    expect(Object.keys(t)).toEqual(['sales']);
    expect(t.sales![0]).toEqual([1n, expect.any(Object), 1.5, 'a']);
  });

  it('reads a UTF-8 BOM and a ; delimiter', async () => {
    const r = await load(csv('\uFEFFname;amount;day\nx;1;2024-01-02\ny;2;2024-02-03\n'));
    const t = await tables(r.db);
    expect(r.rowCount).toBe(2);
    const inst = await DuckDBInstance.create(r.db);
    const c = await inst.connect();
    const cols = (await c.runAndReadAll(`SELECT column_name FROM duckdb_columns() WHERE table_name = 'data'`))
      .getRows()
      .map((x) => x[0]);
    c.closeSync();
    inst.closeSync();
    expect(cols).toEqual(['name', 'amount', 'day']);
    expect(t.data![0]![0]).toBe('x');
  });

  it('fails an empty file, a blank file and a binary file with a clear reason and no table', async () => {
    for (const [content, reason] of [
      ['', 'the file is empty'],
      ['\uFEFF\n\n  \n', 'the file is empty'],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        'the file is not a text CSV file (it contains binary data)',
      ],
    ] as const) {
      const db = path.join(dir, `empty${++n}.duckdb`);
      await expect(
        loadCsv({ dbFile: db, csvPath: csv(content), table: 't', staging: '_staging_x' }),
      ).rejects.toThrow(new CsvLoadError(reason));
      expect(fs.existsSync(db) ? Object.keys(await tables(db)) : []).toEqual([]);
    }
  });

  it('accepts a header-only file as an empty table', async () => {
    const r = await load(csv('a,b,c\n'));
    expect(r).toMatchObject({ rowCount: 0, columnCount: 3 });
  });

  it('names the bad line of a ragged file, near the top and far down', async () => {
    await expect(load(csv('a,b,c\n1,2,3\n4,5,6\n7,8\n9,10,11\n'))).rejects.toThrow(
      'line 4: expected 3 columns, found 2',
    );
    let big = 'id,a,b,c,d,e,f,g\n';
    for (let i = 1; i < 60_000; i++)
      big += i === 50_000 ? '1,2,3,4,5\n' : `${i},x${i},${i * 1.5},w,b,c,d,e\n`;
    const db = path.join(dir, 'ragged.duckdb');
    await expect(
      loadCsv({ dbFile: db, csvPath: csv(big), table: 't', staging: '_staging_r' }),
    ).rejects.toThrow('line 50001: expected 8 columns, found 5');
    expect(Object.keys(await tables(db))).toEqual([]);
  });

  it('keeps a column as text when a value far down does not fit its sniffed type', async () => {
    let s = 'id,amount\n';
    for (let i = 1; i <= 40_000; i++) s += `${i},${i === 39_000 ? 'n/a' : i}\n`;
    const r = await load(csv(s));
    expect(r.rowCount).toBe(40_000);
  });

  it('loads a file with 1,000 columns', async () => {
    const header = Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: 1000 }, (_, i) => i).join(',');
    const r = await load(csv(`${header}\n${row}\n${row}\n`));
    expect(r).toEqual({ rowCount: 2, columnCount: 1000, db: r.db });
  });

  it('replaces a table atomically and leaves no staging table', async () => {
    const db = path.join(dir, 'replace.duckdb');
    await loadCsv({ dbFile: db, csvPath: csv('a\n1\n'), table: 'x', staging: '_staging_1' });
    await expect(
      loadCsv({ dbFile: db, csvPath: csv('a,b\n1,2\n3\n4,5,6,7\n'), table: 'x', staging: '_staging_2' }),
    ).rejects.toThrow(CsvLoadError);
    expect(await tables(db)).toEqual({ x: [[1n]] });
    await loadCsv({ dbFile: db, csvPath: csv('a,b\n1,2\n'), table: 'x', staging: '_staging_3' });
    expect(await tables(db)).toEqual({ x: [[1n, 2n]] });
  });
});

describe('helpers', () => {
  it('makes safe, unique table names', () => {
    const taken = new Set(['sales_2024']);
    expect(safeTableName('Sales 2024.csv', taken)).toBe('sales_2024_2');
    expect(safeTableName('2024 Ventes été.CSV', new Set())).toBe('t_2024_ventes_ete');
    expect(safeTableName('"; DROP TABLE x; --.csv', new Set())).toBe('drop_table_x');
    expect(safeTableName('_staging_1.csv', new Set())).toBe('staging_1');
    expect(safeTableName('....csv', new Set())).toBe('file');
  });

  it('finds ragged lines honouring quoted newlines and delimiters', async () => {
    expect(await findRaggedLine(csv('a,b\n"x\ny",1\n"p,q",2\n3\n'))).toEqual({
      line: 5,
      expected: 2,
      found: 1,
    });
    expect(await findRaggedLine(csv('a;b;c\r\n1;2;3\r\n'))).toBeNull();
  });
});
