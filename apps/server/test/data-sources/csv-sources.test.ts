import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/features/data-sources/service';
import { bearer, createDsTestApp, multipartBody, type DsTestApp } from './app';

// The File Source rules of issue 14: a new source's name must be free (409), a source whose first
// upload loads nothing is not left behind, one CSV file can be deleted alone, and the limits the
// picker enforces come from the server.

let t: DsTestApp;
let admin: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  t = await createDsTestApp({ maxCsvFiles: 8, maxUploadBytes: 1024 * 1024 });
  admin = bearer(await t.token());
  other = bearer((await t.createUser('mallory', 'Other Org')).token);
});
afterAll(() => t?.close());

const upload = (
  fields: Record<string, string>,
  files: { name: string; content: string | Buffer }[],
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
const connections = async (headers = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/copilot/db_conn/get_conns', headers })).json()
    .connections as { conn_id: number; conn_name: string }[];
const files = async (connId: number, headers = admin) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/copilot/upload-files/csv?conn_id=${connId}`, headers })
  ).json() as { file_id: number; file_name: string; table_name: string; status: string }[];
const limits = async (headers = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/copilot/get-rate-limits', headers })).json();
const rowsOf = (table: 'data_connections' | 'csv_files') =>
  t.deps.db
    .selectFrom(table)
    .select('id')
    .execute()
    .then((r) => r.length);

describe('a new File Source needs a free name', () => {
  it('answers 409 with the reason for a name already used (any case), and writes nothing', async () => {
    const first = await upload({ conn_name: 'Store Sales' }, [{ name: 'a.csv', content: 'x,y\n1,2\n' }]);
    expect(first.statusCode, first.body).toBe(200);
    await idle();
    const before = { conns: await rowsOf('data_connections'), files: await rowsOf('csv_files') };

    for (const name of ['Store Sales', 'store sales', '  STORE SALES ']) {
      const again = await upload({ conn_name: name }, [{ name: 'b.csv', content: 'x,y\n3,4\n' }]);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `A data source named "${name.trim()}" already exists. Choose another name.`,
      );
    }
    expect(await rowsOf('data_connections')).toBe(before.conns);
    expect(await rowsOf('csv_files')).toBe(before.files);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
    // The existing source still takes more files through its id (the edit dialog's way).
    const more = await upload({ conn_id: String(first.json().conn_id) }, [
      { name: 'b.csv', content: 'x\n1\n' },
    ]);
    expect(more.statusCode, more.body).toBe(200);
    await idle();
    expect((await files(first.json().conn_id)).map((f) => f.file_name)).toEqual(['a.csv', 'b.csv']);
  });

  it('lets another organisation use the same name', async () => {
    const res = await upload({ conn_name: 'Store Sales' }, [{ name: 'a.csv', content: 'x\n1\n' }], other);
    expect(res.statusCode, res.body).toBe(200);
    await idle();
  });
});

describe('a File Source whose files all fail is not created', () => {
  it('removes the source, its file rows and its database file once every file has failed', async () => {
    const before = (await connections()).length;
    const res = await upload({ conn_name: 'Broken export' }, [
      { name: 'empty.csv', content: '' },
      { name: 'photo.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const connId = res.json().conn_id as number;
    await idle();
    expect((await connections()).some((c) => c.conn_name === 'Broken export')).toBe(false);
    expect((await connections()).length).toBe(before);
    expect(
      await t.deps.db.selectFrom('csv_files').select('id').where('conn_id', '=', connId).execute(),
    ).toEqual([]);
    expect(fs.existsSync(t.deps.dataSources.files.fileOf(1, connId))).toBe(false);
    // A progress stream opened after the discard still says why each file failed (not a 404) —
    // to its own organisation only.
    const [empty, photo] = res.json().files.map((f: { file_id: number }) => f.file_id);
    const stream = (id: number, headers = admin) =>
      t.app.inject({ method: 'GET', url: `/api/copilot/upload-files/csv_progress/stream/${id}`, headers });
    const sse = await stream(empty);
    expect(sse.statusCode).toBe(200);
    expect(sse.body).toContain('"status":"Failed"');
    expect(sse.body).toContain('the file is empty');
    expect((await stream(photo)).body).toContain('binary data');
    expect((await stream(empty, other)).statusCode).toBe(404);
    // The name is free again for a corrected upload.
    const retry = await upload({ conn_name: 'Broken export' }, [{ name: 'fixed.csv', content: 'a\n1\n' }]);
    expect(retry.statusCode, retry.body).toBe(200);
    await idle();
    expect((await connections()).some((c) => c.conn_name === 'Broken export')).toBe(true);
  });

  it('keeps a new source when one of its files loads, with the failed file listed as FAILED', async () => {
    const res = await upload({ conn_name: 'Half good' }, [
      { name: 'empty.csv', content: '' },
      { name: 'good.csv', content: 'a,b\n1,2\n' },
    ]);
    await idle();
    const connId = res.json().conn_id as number;
    expect((await connections()).some((c) => c.conn_id === connId)).toBe(true);
    expect((await files(connId)).map((f) => [f.file_name, f.status])).toEqual([
      ['empty.csv', 'FAILED'],
      ['good.csv', 'UPLOADED'],
    ]);
  });

  it('keeps an existing source when a later upload to it fails', async () => {
    const conn = (await connections()).find((c) => c.conn_name === 'Half good')!;
    const res = await upload({ conn_id: String(conn.conn_id) }, [{ name: 'empty2.csv', content: '' }]);
    expect(res.statusCode).toBe(200);
    await idle();
    expect((await connections()).some((c) => c.conn_id === conn.conn_id)).toBe(true);
  });
});

describe('deleting one CSV file of a File Source', () => {
  it('deletes only that file and its table, and frees its place under the limit', async () => {
    const res = await upload({ conn_name: 'Two files' }, [
      { name: 'keep.csv', content: 'k\n1\n' },
      { name: 'drop.csv', content: 'd\n1\n' },
    ]);
    await idle();
    const connId = res.json().conn_id as number;
    const [keep, drop] = await files(connId);
    const count = (await limits()).usage.csv_files as number;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/copilot/upload-files/csv/${drop!.file_id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect((await files(connId)).map((f) => f.file_name)).toEqual([keep!.file_name]);
    expect((await limits()).usage.csv_files).toBe(count - 1);
    const wh = await openWarehouse(t.deps, { orgId: 1, connId });
    expect((await wh.listTables('main')).map((x) => x.name)).toEqual([keep!.table_name]);
  });

  it("answers 404 for another organisation's file and leaves it alone", async () => {
    const conn = (await connections()).find((c) => c.conn_name === 'Two files')!;
    const [keep] = await files(conn.conn_id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/copilot/upload-files/csv/${keep!.file_id}`,
      headers: other,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The file was not found.');
    expect((await files(conn.conn_id)).map((f) => f.file_id)).toEqual([keep!.file_id]);
  });
});

describe('the limits the picker reads', () => {
  it('answers the file cap, the size cap and the organisation’s own file count', async () => {
    const mine = await limits();
    expect(mine.limits).toEqual({ max_csv_files: 8, max_upload_bytes: 1024 * 1024 });
    expect(mine.usage.csv_files).toBe(
      (
        await t.deps.db
          .selectFrom('csv_files')
          .select('id')
          .where('org_id', '=', 1)
          .where('is_deleted', '=', false)
          .execute()
      ).length,
    );
    expect((await limits(other)).usage.csv_files).toBe(1);
  });
});
