import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDsTestApp, type DsTestApp } from './app';

let t: DsTestApp;
beforeAll(async () => {
  t = await createDsTestApp();
});
afterAll(() => t?.close());

describe('ingest recovery after a restart', () => {
  it('redoes files whose upload is still there, fails the others and removes orphan uploads', async () => {
    const { db } = t.deps;
    const ctx = t.deps.dataSources;
    fs.mkdirSync(ctx.uploadDir, { recursive: true });
    const kept = path.join(ctx.uploadDir, 'kept.csv');
    const orphan = path.join(ctx.uploadDir, 'orphan.csv');
    fs.writeFileSync(kept, 'a,b\n1,2\n3,4\n');
    fs.writeFileSync(orphan, 'x\n1\n');
    const conn = await db
      .insertInto('data_connections')
      .values({
        org_id: 1,
        name: 'Files',
        db_type: 'flat_files',
        host: null,
        port: null,
        db_name: null,
        user_name: null,
        metadata: '{}',
        secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = await db
      .insertInto('csv_files')
      .values([
        {
          org_id: 1,
          conn_id: conn.id,
          file_name: 'kept.csv',
          table_name: 'kept',
          size_bytes: 12,
          status: 'Processing',
          upload_path: kept,
        },
        {
          org_id: 1,
          conn_id: conn.id,
          file_name: 'lost.csv',
          table_name: 'lost',
          size_bytes: 12,
          status: 'Queued',
          upload_path: path.join(ctx.uploadDir, 'gone.csv'),
        },
      ])
      .returning(['id'])
      .execute();
    await ctx.jobs.recover();
    await ctx.jobs.idle();
    const after = await db
      .selectFrom('csv_files')
      .select(['id', 'status', 'error', 'row_count', 'upload_path'])
      .orderBy('id')
      .execute();
    expect(after).toEqual([
      { id: rows[0]!.id, status: 'Completed', error: null, row_count: 2, upload_path: null },
      {
        id: rows[1]!.id,
        status: 'Failed',
        error: 'the server stopped before this file was loaded; please upload it again',
        row_count: null,
        upload_path: null,
      },
    ]);
    expect(fs.readdirSync(ctx.uploadDir)).toEqual([]);
  });
});

describe('importing CSV files from the server disk (the demo data path)', () => {
  it('creates the File Source and loads the files like an upload', async () => {
    const { importCsvFiles } = await import('../../src/features/data-sources/import-files');
    const src = path.join(t.dataDir, 'orders.csv');
    fs.writeFileSync(src, 'order_id,region,revenue\n1,Europe,10.5\n2,Asia,7\n');
    const { connId, fileIds } = await importCsvFiles(t.deps, {
      orgId: 1,
      userId: null,
      name: 'Retail Sales (demo)',
      files: [{ path: src }],
    });
    await t.deps.dataSources.jobs.idle();
    const row = await t.deps.db
      .selectFrom('csv_files')
      .select(['status', 'row_count', 'table_name'])
      .where('id', '=', fileIds[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'Completed', row_count: 2, table_name: 'orders' });
    expect(fs.existsSync(src)).toBe(true);
    const again = await importCsvFiles(t.deps, {
      orgId: 1,
      userId: null,
      name: 'Retail Sales (demo)',
      files: [],
    });
    expect(again.connId).toBe(connId);
  });
});
