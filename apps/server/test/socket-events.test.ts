import { SERVER_EVENTS, type TServerEventName } from '@catalyst/contracts';
import type { DuckDbWarehouse } from '@catalyst/engine';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answerer } from '../src/features/conversations/answerer';
import { createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

/**
 * The socket speaks the contracts' event map (packages/contracts/src/socket-events.ts): every
 * event the server sends matches its schema, and every event it receives is parsed first — a
 * malformed one is answered with an error event, never a crash, and the socket keeps working.
 */
const answerer: Answerer = {
  async *answer({ question }) {
    yield { type: 'loader', text: 'Thinking...' };
    yield { type: 'cards', cards: [{ type: 'text', data: { id: 't1', content: [question] } }] };
    yield { type: 'done', content: `About ${question}`, confidence: 0.9, plan: null, status: 'answered' };
  },
};

let t: TestApp;
let warehouse: DuckDbWarehouse;
let url: string;
let token: string;
let useCaseId: number;
let socket: Socket;
/** Every event the server sent this socket, by name. */
const received: { name: string; payload: unknown }[] = [];

beforeAll(async () => {
  warehouse = await retailWarehouse();
  t = await createTestApp(
    'pglite',
    {},
    { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }), answerer },
  );
  url = await listen(t.app);
  token = await t.login();
  useCaseId = await createUseCaseOver(t, token, { name: 'Retail', connId: 7 });
  socket = await connectedSocket(url, token);
  socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  warehouse?.close();
});

describe('socket events', () => {
  it('sends only events of the map, each matching its schema', async () => {
    const reply = (await ask(socket, { message: 'revenue', usecase_id: useCaseId })) as Reply;
    expect(reply.content).toBe('About revenue');
    await ask(socket, { message: 'x', usecase_id: 999_999 });
    await new Promise((r) => setTimeout(r, 200));
    const names = new Set(received.map((e) => e.name));
    expect([...names].sort()).toEqual(['error', 'response', 'threads-changed']);
    for (const { name, payload } of received) {
      expect(Object.keys(SERVER_EVENTS)).toContain(name);
      const parsed = SERVER_EVENTS[name as TServerEventName].safeParse(payload);
      expect(parsed.success, `${name}: ${JSON.stringify(payload).slice(0, 200)}`).toBe(true);
    }
  });

  it('answers every malformed message with an error event, and keeps answering', async () => {
    const malformed: unknown[] = [
      'how much?',
      42,
      null,
      [1, 2, 3],
      true,
      { message: { toString: 'x' } },
      { message: 'x', usecase_id: 'abc' },
      { message: 'x', thread_id: -5 },
      { message: 'x', is_regenerate: 'yes' },
      { message: 'x', alert_id: { $gt: '' } },
      { message: 'x'.repeat(10_001) },
      { message: 'x', mode_id: 'y'.repeat(50) },
      Buffer.from('not json'),
    ];
    for (const payload of malformed) {
      const reply = await ask(socket, payload as Record<string, unknown>, 10_000);
      expect('error' in reply, JSON.stringify(payload)?.slice(0, 60)).toBe(true);
      const { error } = reply as { error: { code: string; message: string } };
      expect(error.code).toBe('VALIDATION_FAILED');
      // What is wrong, by field; no payload at all is an empty question.
      expect(error.message).toMatch(
        payload === null ? /^The question is empty/ : /^The message is not valid: \S/,
      );
    }
    // Events outside the map are ignored: no answer, no crash.
    for (const name of ['unknown', 'response', 'error', 'threads-changed', '__proto__', 'constructor'])
      socket.emit(name, { x: 1 });
    const still = (await ask(socket, { message: 'still there?', usecase_id: useCaseId })) as Reply;
    expect(still.content).toBe('About still there?');
    expect(socket.connected).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
