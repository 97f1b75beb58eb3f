import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { connectedSocket, listen } from './helpers/listen';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import type { DuckDbWarehouse } from '@catalyst/engine';

/**
 * Hostile input over every route the OpenAPI document lists: generated bodies, path parameters and
 * query strings of the wrong shapes, hostile strings, oversized payloads and wrong content types.
 * Nothing may answer 5xx. FUZZ_RUNS raises the number of generated requests per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const HOSTILE = [
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '🙂'.repeat(50),
  'x'.repeat(5000),
  '-1',
  '0',
  '99999999999999999999',
  'NaN',
  '1e309',
  '{}',
  '[]',
  'null',
  'true',
];

interface Operation {
  method: string;
  path: string;
}

describe('every route under hostile input', () => {
  let t: TestApp;
  let token: string;
  let warehouse: DuckDbWarehouse;
  let operations: Operation[] = [];
  let requests = 0;

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await createTestApp(
      'pglite',
      {},
      { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }) },
    );
    token = await t.login();
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'parameters')
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(async () => {
    console.log(`fuzz: ${requests} requests over ${operations.length} operations`);
    await t?.close();
    warehouse?.close();
  });

  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
  const send = async (
    op: Operation,
    options: { path?: string; query?: string; body?: string; contentType?: string },
  ) => {
    requests++;
    const url = `${fill(op.path, options.path ?? '1')}${options.query ? `?${options.query}` : ''}`;
    const res = await t.app.inject({
      method: op.method as 'GET',
      url,
      headers: {
        ...bearer(token),
        ...(options.body !== undefined ? { 'content-type': options.contentType ?? 'application/json' } : {}),
      },
      ...(options.body !== undefined && { payload: options.body }),
    });
    expect(res.statusCode, `${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(
      500,
    );
    if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
      expect((res.json() as { message?: string }).message, `${op.method} ${url}`).toBeTruthy();
    }
  };

  it('lists the routes of every feature', () => {
    const paths = operations.map((o) => o.path).join('\n');
    for (const part of [
      '/api/v1/authentication/login',
      '/api/copilot/onboarding/use_case/v2',
      '/api/copilot/threads',
      '/api/copilot/decisions',
      '/api/copilot/landing/recommendations',
      '/api/copilot/db_conn/get_conns',
    ])
      expect(paths).toContain(part);
    expect(operations.length).toBeGreaterThan(60);
  });

  it('answers hostile path parameters and query strings with 4xx', async () => {
    for (const op of operations.filter((o) => !o.path.includes('logout'))) {
      for (const value of HOSTILE) {
        if (op.path.includes('{')) await send(op, { path: value });
        if (op.method === 'GET')
          await send(op, {
            query: `usecase_id=${encodeURIComponent(value)}&limit=${encodeURIComponent(value)}&status=${encodeURIComponent(value)}&use_case_id=${encodeURIComponent(value)}&conn_id=${encodeURIComponent(value)}`,
          });
      }
    }
  }, 300_000);

  it('answers malformed socket events with an error event, and keeps the server and the socket working', async () => {
    const url = await listen(t.app);
    const socket = await connectedSocket(url, token);
    const errors: { code: string; message: string }[] = [];
    let ends = 0;
    socket.on('error', (e: { code: string; message: string }) => errors.push(e));
    socket.on('response', (chunk: { response_type: string }) => {
      if (chunk.response_type === 'chunk-end') ends++;
    });
    const payload = fc.oneof(
      fc.anything(),
      fc.record(
        {
          message: fc.oneof(fc.anything(), fc.constantFrom(...HOSTILE)),
          usecase_id: fc.anything(),
          thread_id: fc.anything(),
          message_id: fc.anything(),
          is_regenerate: fc.anything(),
          alert_id: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(payload, async (p) => {
        socket.emit('message', p);
        sent++;
        requests++;
      }),
      { numRuns: RUNS * 10 },
    );
    // Events the server does not know, and payloads of the wrong kinds, are ignored.
    for (const event of ['unknown', 'response', 'error', '__proto__', 'constructor'])
      socket.emit(event, { x: 1 });
    socket.emit('message', Buffer.alloc(1024, 7));
    requests += 6;
    // Every message is answered, by an error event or by an answer that ends (the binary one too).
    const until = Date.now() + 60_000;
    while (errors.length + ends < sent + 1 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    expect(errors.length + ends).toBe(sent + 1);
    expect(errors.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
    // An oversized frame closes that socket only: the server answers the next client.
    socket.emit('message', { message: 'x'.repeat(2 * 1024 * 1024) });
    socket.disconnect();
    const again = await connectedSocket(url, token);
    expect(again.connected).toBe(true);
    again.disconnect();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);

  it('answers generated bodies, broken JSON, wrong content types and oversized bodies without 5xx', async () => {
    const writes = operations.filter((o) => o.method !== 'GET' && !o.path.includes('logout'));
    const body = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          'usecase_id',
          'use_case_id',
          'id',
          'conn_id',
          'table_ids',
          'thread_id',
          'message_id',
          'title',
          'status',
          'calculation',
          'decision_flow',
          'usecase_name',
          'schema',
          'recipients',
          'base64',
          'name',
          'db_type',
        ),
        fc.oneof(fc.jsonValue(), fc.constantFrom(...HOSTILE)),
      ),
    );
    for (const op of writes) {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => send(op, { body: JSON.stringify(payload) })),
        { numRuns: RUNS },
      );
      await send(op, { body: '{"broken": ' });
      await send(op, { body: 'a=1', contentType: 'application/x-www-form-urlencoded' });
      await send(op, { body: JSON.stringify({ x: 'y'.repeat(9 * 1024 * 1024) }) });
    }
  }, 600_000);
});
