import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/features/data-sources/service';
import { bearer, createDsTestApp, multipartBody, type DsTestApp } from './app';

let t: DsTestApp;
let admin: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  t = await createDsTestApp({ maxCsvFiles: 12, maxUploadBytes: 4 * 1024 * 1024 });
  admin = bearer(await t.token());
  other = bearer((await t.createUser('eve', 'Elsewhere')).token);
});
afterAll(() => t?.close());

const upload = (
  fields: Record<string, string>,
  files: { name: string; content: string | Buffer; type?: string }[],
  headers = admin,
) => {
  const body = multipartBody(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/copilot/upload-files/upload-csv',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  });
};
const idle = () => t.deps.dataSources.jobs.idle();
const list = async (connId: number, headers = admin) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/copilot/upload-files/csv?conn_id=${connId}`, headers })
  ).json();
const stream = (fileId: number, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/copilot/upload-files/csv_progress/stream/${fileId}`, headers });
const events = (body: string) =>
  body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)));

function salesCsv(rows: number): string {
  let s = 'order_id,order_date,region,revenue\n';
  for (let i = 1; i <= rows; i++)
    s += `${i},2026-0${(i % 9) + 1}-1${i % 9},${['Europe', 'Asia', 'Americas'][i % 3]},${(i * 1.25).toFixed(2)}\n`;
  return s;
}

let connId: number;

describe('uploading CSV files to a File Source', () => {
  it('creates the File Source, loads both files and reports row counts', async () => {
    const res = await upload({ conn_name: 'Retail files' }, [
      { name: 'Sales 2026.csv', content: salesCsv(500) },
      {
        name: 'regions.csv',
        content: 'region,manager\nEurope,Ana\nAsia,Bo\nAmericas,Cy\n',
        type: 'application/octet-stream',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.status).toBe('Success');
    expect(body.files.map((f: { filename: string }) => f.filename)).toEqual([
      'Sales 2026.csv',
      'regions.csv',
    ]);
    connId = body.conn_id;
    await idle();
    const files = await list(connId);
    expect(
      files.map((f: { table_name: string; status: string; file_row_count: number; uploaded_by: string }) => [
        f.table_name,
        f.status,
        f.file_row_count,
        f.uploaded_by,
      ]),
    ).toEqual([
      ['sales_2026', 'UPLOADED', 500, 'admin'],
      ['regions', 'UPLOADED', 3, 'admin'],
    ]);
    const conns = (
      await t.app.inject({ method: 'GET', url: '/api/copilot/db_conn/get_conns', headers: admin })
    ).json().connections;
    expect(conns.find((c: { conn_id: number }) => c.conn_id === connId)).toMatchObject({
      conn_name: 'Retail files',
      db_type: 'flat_files',
      has_credentials: false,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/copilot/onboarding/connections/${connId}/schemas/`,
          headers: admin,
        })
      ).json(),
    ).toEqual(['main']);
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    expect((await wh.listTables('main')).map((x) => x.name)).toEqual(['regions', 'sales_2026']);
    expect((await wh.describeColumns('main', 'sales_2026')).map((c) => c.type)).toEqual([
      'BIGINT',
      'DATE',
      'VARCHAR',
      'DOUBLE',
    ]);
    expect(
      (
        await wh.query(
          'SELECT r.manager, count(*) FROM sales_2026 s JOIN regions r USING (region) WHERE s.revenue > ? GROUP BY 1 ORDER BY 1',
          { params: [600] },
        )
      ).rows,
    ).toEqual([
      ['Ana', 6],
      ['Bo', 7],
      ['Cy', 7],
    ]);
    await expect(wh.query('DROP TABLE regions')).rejects.toThrow();
  });

  it('adds files to the same File Source by conn_id, with unique table names', async () => {
    const res = await upload({ conn_id: String(connId) }, [{ name: 'sales 2026.CSV', content: salesCsv(3) }]);
    expect(res.statusCode, res.body).toBe(200);
    await idle();
    expect((await list(connId)).map((f: { table_name: string }) => f.table_name)).toEqual([
      'sales_2026',
      'regions',
      'sales_2026_2',
    ]);
  });

  it('streams progress as server-sent events that end on Completed', async () => {
    const res = await upload({ conn_id: String(connId) }, [{ name: 'big.csv', content: salesCsv(60_000) }]);
    const fileId = res.json().files[0].file_id;
    const sse = await stream(fileId);
    expect(sse.statusCode).toBe(200);
    expect(sse.headers['content-type']).toMatch(/^text\/event-stream/);
    const ev = events(sse.body);
    expect(ev.at(-1)).toEqual({ file_id: fileId, status: 'Completed', progress: 100, row_count: 60_000 });
    for (const e of ev.slice(0, -1)) {
      expect(e.status).toBe('Processing');
      expect(e.progress).toBeGreaterThanOrEqual(0);
      expect(e.progress).toBeLessThan(100);
    }
    // A finished file answers its final state at once.
    expect(events((await stream(fileId)).body)).toEqual([
      { file_id: fileId, status: 'Completed', progress: 100, row_count: 60_000 },
    ]);
  });

  it('ends every awkward file Completed or Failed with a clear reason, never a half table', async () => {
    const header = Array.from({ length: 1000 }, (_, i) => `col_${i}`).join(',');
    const row = Array.from({ length: 1000 }, (_, i) => String(i * 2)).join(',');
    let ragged = 'id,a,b,c,d,e,f,g\n';
    for (let i = 1; i < 3000; i++) ragged += i === 1041 ? '1,2,3,4,5\n' : `${i},x,1.5,2026-01-01,b,c,d,e\n`;
    const res = await upload({ conn_id: String(connId) }, [
      { name: 'ragged.csv', content: ragged },
      { name: 'empty.csv', content: '' },
      {
        name: 'photo.csv',
        content: Buffer.from([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
        ]),
      },
      { name: 'wide.csv', content: `${header}\n${row}\n` },
      { name: 'excel-export.csv', content: '\uFEFFnom;montant;jour\nA;12;2026-03-01\nB;7;2026-03-02\n' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().files.map((f: { file_id: number }) => f.file_id);
    const finals = await Promise.all(ids.map(async (id: number) => events((await stream(id)).body).at(-1)));
    expect(finals).toEqual([
      { file_id: ids[0], status: 'Failed', progress: 100, error: 'line 1042: expected 8 columns, found 5' },
      { file_id: ids[1], status: 'Failed', progress: 100, error: 'the file is empty' },
      {
        file_id: ids[2],
        status: 'Failed',
        progress: 100,
        error: 'the file is not a text CSV file (it contains binary data)',
      },
      { file_id: ids[3], status: 'Completed', progress: 100, row_count: 1 },
      { file_id: ids[4], status: 'Completed', progress: 100, row_count: 2 },
    ]);
    const files = await list(connId);
    expect(files.find((f: { file_id: number }) => f.file_id === ids[0])).toMatchObject({
      status: 'FAILED',
      error: 'line 1042: expected 8 columns, found 5',
      file_row_count: null,
    });
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    const tables = (await wh.listTables('main')).map((x) => x.name);
    expect(tables).toEqual(expect.arrayContaining(['wide', 'excel_export']));
    expect(tables.some((n) => /ragged|empty|photo|staging/.test(n))).toBe(false);
    expect((await wh.describeColumns('main', 'wide')).length).toBe(1000);
    expect((await wh.query('SELECT nom, montant FROM excel_export ORDER BY 1')).rows).toEqual([
      ['A', 12],
      ['B', 7],
    ]);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
  });

  it('refuses a file that is not a CSV by name and type (415), an empty upload (400) and a non-multipart body (415)', async () => {
    const png = await upload({ conn_id: String(connId) }, [
      { name: 'photo.png', content: 'x', type: 'image/png' },
    ]);
    expect(png.statusCode).toBe(415);
    expect(png.json().message).toBe('"photo.png" is not a CSV file: choose files ending in .csv.');
    const none = await upload({ conn_name: 'Nothing' }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file was uploaded: add one or more CSV files.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/upload-files/upload-csv',
      payload: { a: 1 },
      headers: admin,
    });
    expect(json.statusCode).toBe(415);
    const noName = await upload({}, [{ name: 'a.csv', content: 'a\n1\n' }]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toMatch(/conn_name is required/);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
  });

  it('answers 413 for a file over the size limit and keeps nothing', async () => {
    const before = (await list(connId)).length;
    const res = await upload({ conn_id: String(connId) }, [{ name: 'huge.csv', content: salesCsv(150_000) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('A file is larger than the 4 MB limit for one CSV file.');
    expect((await list(connId)).length).toBe(before);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
  });

  it('answers 409 past max_csv_files with the spec message and keeps nothing', async () => {
    const count = (await list(connId)).length;
    const files = Array.from({ length: 12 - count + 1 }, (_, i) => ({
      name: `f${i}.csv`,
      content: 'a\n1\n',
    }));
    const res = await upload({ conn_id: String(connId) }, files);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Cannot upload files. You have reached the maximum limit of 12 CSV files. Current count: ${count}`,
    );
    expect((await list(connId)).length).toBe(count);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
  });

  it('deletes a file and drops its table', async () => {
    const files = await list(connId);
    const regions = files.find((f: { table_name: string }) => f.table_name === 'regions');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/copilot/upload-files/csv/${regions.file_id}`,
      headers: admin,
    });
    expect(res.json()).toEqual({ status: 'Success', message: 'File deleted.' });
    expect((await list(connId)).some((f: { file_id: number }) => f.file_id === regions.file_id)).toBe(false);
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    expect((await wh.listTables('main')).map((x) => x.name)).not.toContain('regions');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/copilot/upload-files/csv/${regions.file_id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('keeps another organisation out (404)', async () => {
    const fileId = (await list(connId))[0].file_id;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/copilot/upload-files/csv?conn_id=${connId}`,
          headers: other,
        })
      ).statusCode,
    ).toBe(404);
    expect((await stream(fileId, other)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/copilot/upload-files/csv/${fileId}`,
          headers: other,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await upload({ conn_id: String(connId) }, [{ name: 'x.csv', content: 'a\n1\n' }], other)).statusCode,
    ).toBe(404);
    // The same name in another organisation is another File Source.
    const mine = await upload({ conn_name: 'Retail files' }, [{ name: 'x.csv', content: 'a\n1\n' }], other);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().conn_id).not.toBe(connId);
    await idle();
  });

  it('refuses to rename a File Source and deletes it with its database file', async () => {
    const rename = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/db_conn/update_db_conn',
      payload: { conn_id: connId, conn_name: 'Renamed', db_type: 'flat_files' },
      headers: admin,
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe('The name of a CSV data source cannot be changed.');
    const file = t.deps.dataSources.files.fileOf(1, connId);
    expect(fs.existsSync(file)).toBe(true);
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/db_conn/delete_db_conn',
      payload: { conn_id: connId },
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(
      (await t.deps.db.selectFrom('csv_files').select('id').where('conn_id', '=', connId).execute()).length,
    ).toBe(0);
  });
});
