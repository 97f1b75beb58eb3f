import type { DuckDbWarehouse } from '@catalyst/engine';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answerer } from '../src/features/conversations/answerer';
import { ASK_ERROR } from '../src/features/conversations/ask-catalyst';
import { CANCELLED_ANSWER } from '../src/features/conversations/ask';
import { AppError } from '../src/lib/errors';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

/**
 * One question path (features/conversations/ask-catalyst.ts), two transports: the chat's socket
 * and the public API. For the same question they give the same answer, for the same failure the
 * same error (code and message), and a client that goes away stops the work on both.
 */

/** Waits for the answerer to be inside a slow question, and learns whether it was stopped. */
const slow = { started: () => {}, stopped: false };

const answerer: Answerer = {
  async *answer({ question, model, warehouse, signal }) {
    if (question === 'boom') throw new Error('engine exploded at 0x1f: internal detail');
    if (question === 'refuse') throw new AppError('FORBIDDEN', 'This data is closed to you: ask its owner.');
    yield { type: 'loader', text: 'Counting orders...' };
    if (question === 'slow') {
      slow.started();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 20_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          slow.stopped = true;
          resolve();
        });
      });
      if (signal.aborted) return;
    }
    const result = await warehouse!.query(`select count(*) from main."${model.tables[0]!.name}"`);
    yield {
      type: 'cards',
      cards: [
        {
          type: 'metric',
          data: {
            id: 'm1',
            title: 'Orders',
            metrics: [{ label: 'Orders', value: Number(result.rows[0]![0]) }],
          },
        },
      ],
    };
    yield {
      type: 'done',
      content: `Counted for "${question}".`,
      confidence: 0.8,
      plan: { q: question },
      status: 'answered',
    };
  },
};

let t: TestApp;
let warehouse: DuckDbWarehouse;
let url: string;
let admin: string;
let key: string;
let useCaseId: number;
let socket: Socket;

/** The public API, over real HTTP (so that a client can go away mid-answer). */
const rest = (body: object, signal?: AbortSignal) =>
  fetch(`${url}/api/v1/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(key) },
    body: JSON.stringify(body),
    signal,
  });

const savedMessage = (id: number) =>
  t.deps.db
    .selectFrom('thread_messages')
    .select(['status', 'content', 'cards', 'confidence', 'pending_since'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const lastMessage = () =>
  t.deps.db
    .selectFrom('thread_messages')
    .select(['id', 'question', 'status', 'content', 'pending_since'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const until = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

beforeAll(async () => {
  warehouse = await retailWarehouse();
  t = await createTestApp(
    'pglite',
    {},
    { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }), answerer },
  );
  url = await listen(t.app);
  admin = await t.login();
  useCaseId = await createUseCaseOver(t, admin, { name: 'Retail', connId: 7 });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/api-keys',
    headers: bearer(admin),
    payload: { name: 'Both transports', permissions: ['read', 'write'], rateLimit: 1000 },
  });
  expect(created.statusCode, created.body).toBe(200);
  key = created.json().key;
  socket = await connectedSocket(url, admin);
});
afterAll(async () => {
  socket?.disconnect();
  await t?.close();
  warehouse?.close();
});

describe('the socket and the public API ask through one path', () => {
  it('give the same answer to the same question, saved the same way', async () => {
    const viaRest = await rest({ question: 'how many orders?', use_case_id: useCaseId });
    expect(viaRest.status).toBe(200);
    const restAnswer = (
      (await viaRest.json()) as {
        data: { message_id: number; content: string; cards: unknown[]; confidence: number };
      }
    ).data;
    const viaSocket = (await ask(socket, { message: 'how many orders?', usecase_id: useCaseId })) as Reply;
    expect(viaSocket.controls.find((c) => c.content_type === 'error')).toBeUndefined();

    expect(viaSocket.content).toBe(restAnswer.content);
    expect(viaSocket.cards).toEqual(restAnswer.cards);
    expect(restAnswer.cards).toEqual([
      { type: 'metric', data: { id: 'm1', title: 'Orders', metrics: [{ label: 'Orders', value: 120 }] } },
    ]);
    const [a, b] = await Promise.all([
      savedMessage(restAnswer.message_id),
      savedMessage(viaSocket.messageId!),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      status: 'answered',
      content: 'Counted for "how many orders?".',
      pending_since: null,
    });
  });

  it('give the same error when the question is refused before anything is saved', async () => {
    const before = (await lastMessage()).id;
    const viaRest = await rest({ question: 'how many orders?', use_case_id: 999_999 });
    const viaSocket = await ask(socket, { message: 'how many orders?', usecase_id: 999_999 });
    expect(viaRest.status).toBe(404);
    const body = (await viaRest.json()) as { error: string; message: string };
    expect('error' in viaSocket && viaSocket.error).toEqual({
      code: body.error,
      message: body.message,
      thread_id: null,
    });
    expect(body).toMatchObject({ error: 'NOT_FOUND', message: 'Use case 999999 was not found.' });
    expect((await lastMessage()).id).toBe(before);
  });

  it('give the same error, saved the same way, when Catalyst AI fails (its internals hidden)', async () => {
    for (const [question, status, code, message] of [
      ['boom', 500, 'INTERNAL', ASK_ERROR],
      ['refuse', 403, 'FORBIDDEN', 'This data is closed to you: ask its owner.'],
    ] as const) {
      const viaRest = await rest({ question, use_case_id: useCaseId });
      expect(viaRest.status, question).toBe(status);
      expect(await viaRest.json()).toMatchObject({ error: code, message });
      const restSaved = await lastMessage();

      const viaSocket = (await ask(socket, { message: question, usecase_id: useCaseId })) as Reply;
      expect(viaSocket.controls.find((c) => c.content_type === 'error')).toEqual({
        content_type: 'error',
        code,
        text: message,
      });
      expect(viaSocket.content).toBe(message);
      const socketSaved = await lastMessage();

      expect(socketSaved.id).toBe(viaSocket.messageId);
      expect(restSaved).toMatchObject({ question, status: 'error', content: message, pending_since: null });
      expect(socketSaved).toMatchObject({ question, status: 'error', content: message, pending_since: null });
      expect(JSON.stringify(viaSocket)).not.toContain('0x1f');
    }
  });

  it('stop answering when the client goes away, and close the exchange as cancelled', async () => {
    // The public API: the HTTP client aborts its request.
    slow.stopped = false;
    let started = new Promise<void>((resolve) => (slow.started = resolve));
    const controller = new AbortController();
    const request = rest({ question: 'slow', use_case_id: useCaseId }, controller.signal).catch(
      (e: unknown) => e,
    );
    await started;
    controller.abort();
    expect(await request).toBeInstanceOf(Error);
    await until(async () => slow.stopped, 'the answerer to stop (REST)');
    await until(async () => (await lastMessage()).status !== 'pending', 'the REST exchange to close');
    expect(await lastMessage()).toMatchObject({
      question: 'slow',
      status: 'error',
      content: CANCELLED_ANSWER,
    });

    // The socket: the browser tab goes away mid-answer.
    slow.stopped = false;
    started = new Promise<void>((resolve) => (slow.started = resolve));
    const leaving = await connectedSocket(url, admin);
    leaving.emit('message', { message: 'slow', usecase_id: useCaseId });
    await started;
    leaving.disconnect();
    await until(async () => slow.stopped, 'the answerer to stop (socket)');
    await until(async () => (await lastMessage()).status !== 'pending', 'the socket exchange to close');
    expect(await lastMessage()).toMatchObject({
      question: 'slow',
      status: 'error',
      content: CANCELLED_ANSWER,
    });
  });
});
