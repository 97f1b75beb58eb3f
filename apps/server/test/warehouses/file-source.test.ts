import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCsv } from '../../src/features/data-sources/csv-load';
import { FileSourceStore } from '../../src/warehouses/file-source';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-fs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('FileSourceStore', () => {
  it('lets queries and loads take turns on one database file, closes idle instances, and removes the file', async () => {
    const store = new FileSourceStore(dir, {}, 60_000);
    const csv = path.join(dir, 'a.csv');
    fs.writeFileSync(csv, 'id,name\n1,x\n2,y\n');
    const wh = store.warehouse(7, 3);
    expect(await wh.listSchemas()).toEqual(['main']);
    await store.exclusive(7, 3, (file) =>
      loadCsv({ dbFile: file, csvPath: csv, table: 'people', staging: '_staging_1' }),
    );
    // Queries issued while a load holds the file wait for it instead of opening a second instance.
    fs.writeFileSync(csv, 'id,name\n1,x\n2,y\n3,z\n');
    const load = store.exclusive(7, 3, (file) =>
      loadCsv({ dbFile: file, csvPath: csv, table: 'people', staging: '_staging_2' }),
    );
    const during = wh.query('SELECT count(*) FROM people');
    await load;
    expect((await during).rows).toEqual([[3]]);
    expect((await wh.listTables('main')).map((t) => t.name)).toEqual(['people']);
    // Queries reach their own tables only, never the server's files.
    for (const sql of [
      `SELECT * FROM read_text('${csv}')`,
      `SELECT * FROM read_csv('/etc/passwd')`,
      `SELECT * FROM glob('${dir}/*')`,
    ])
      await expect(wh.query(sql), sql).rejects.toThrow(/disabled by configuration/);
    expect(await store.closeIdle(0)).toBe(1);
    expect((await wh.query('SELECT max(id) FROM people')).rows).toEqual([[3]]);
    const file = store.fileOf(7, 3);
    expect(file).toBe(path.join(dir, 'duckdb', 'org-7', 'conn-3.duckdb'));
    await store.remove(7, 3);
    expect(fs.existsSync(file)).toBe(false);
    await store.closeAll();
  });
});
