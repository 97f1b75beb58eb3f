import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createDsTestApp, multipartBody, type DsTestApp } from './app';

let t: DsTestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createDsTestApp();
  admin = bearer(await t.token());
});
afterAll(() => t?.close());

const post = (payload: Buffer | string, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/copilot/upload-files/upload-csv',
    payload,
    headers: { ...admin, 'content-type': contentType },
  });

describe('the CSV upload never answers 5xx to a broken body', () => {
  it('handles random bytes, cut-off bodies and bad boundaries with a 4xx, keeping nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom(
          'multipart/form-data; boundary=XyZ',
          'multipart/form-data',
          'text/csv',
          'application/octet-stream',
        ),
        async (bytes, type) => {
          const res = await post(Buffer.from(bytes), type);
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          if (res.statusCode >= 500)
            console.log(
              t.logs
                .filter((l) => l.includes('"level":50'))
                .slice(-1)[0]
                ?.slice(0, 1500),
            );
          expect(res.statusCode, res.body).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
    const whole = multipartBody({ conn_name: 'Cut' }, [
      { name: 'a.csv', content: 'a,b\n1,2\n'.repeat(1000) },
    ]);
    for (const cut of [10, 60, 200, 3000, whole.payload.length - 5]) {
      const res = await post(whole.payload.subarray(0, cut), whole.headers['content-type']);
      expect(res.statusCode, `cut at ${cut}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    await t.deps.dataSources.jobs.idle();
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
    expect(await t.deps.db.selectFrom('csv_files').select('id').execute()).toEqual([]);
  });

  it('refuses a bad conn_id and a conn_id of another type', async () => {
    const pgLike = await t.deps.db
      .insertInto('data_connections')
      .values({
        org_id: 1,
        name: 'Not files',
        db_type: 'api',
        host: null,
        port: null,
        db_name: null,
        user_name: null,
        metadata: '{}',
        secret: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [connId, status, message] of [
      ['abc', 400, 'conn_id must be a connection id.'],
      ['99999', 404, 'The data source was not found.'],
      [
        String(pgLike.id),
        400,
        '"Not files" is not a CSV data source; CSV files can only be added to a File Source.',
      ],
    ] as const) {
      const body = multipartBody({ conn_id: connId }, [{ name: 'a.csv', content: 'a\n1\n' }]);
      const res = await post(body.payload, body.headers['content-type']);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const clash = multipartBody({ conn_name: 'not FILES' }, [{ name: 'a.csv', content: 'a\n1\n' }]);
    const res = await post(clash.payload, clash.headers['content-type']);
    expect(res.statusCode).toBe(409);
    expect(fs.readdirSync(t.deps.dataSources.uploadDir)).toEqual([]);
  });
});

describe('shutting down while a client watches a progress stream', () => {
  it('ends the stream so the server closes promptly', async () => {
    const own = await createDsTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const address = own.app.server.address() as { port: number };
    const auth = bearer(await own.token());
    // A file that stays queued: its stream stays open until something ends it.
    const conn = await own.deps.db
      .insertInto('data_connections')
      .values({
        org_id: 1,
        name: 'Waiting',
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
    const file = await own.deps.db
      .insertInto('csv_files')
      .values({
        org_id: 1,
        conn_id: conn.id,
        file_name: 'w.csv',
        table_name: 'w',
        size_bytes: 1,
        status: 'Queued',
        upload_path: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sse = await fetch(
      `http://127.0.0.1:${address.port}/api/copilot/upload-files/csv_progress/stream/${file.id}`,
      { headers: auth },
    );
    expect(sse.status).toBe(200);
    const reader = sse.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('"status":"Processing"');
    const closed = await Promise.race([
      own.close().then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('hung'), 8000)),
    ]);
    expect(closed).toBe('closed');
    expect((await reader.read()).done).toBe(true);
  });
});
