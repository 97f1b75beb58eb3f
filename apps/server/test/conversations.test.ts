import type { DuckDbWarehouse } from '@catalyst/engine';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answerer } from '../src/features/conversations/answerer';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { ask, connectedSocket, connectSocket, listen, type Reply } from './helpers/listen';

const kinds = await testDatabaseKinds();

/**
 * A test part standing in for Catalyst AI (the engine has its own tests): it counts the rows of
 * the use case's table through the real warehouse, echoes the history it was given, fails on
 * "boom" and waits on "slow", so the socket protocol can be checked exactly.
 */
const protocolAnswerer: Answerer = {
  async *answer({ question, model, warehouse, history, signal }) {
    if (question === 'boom') throw new Error('engine exploded');
    if (question === 'slow')
      await new Promise((r) => {
        const t = setTimeout(r, 1500);
        signal.addEventListener('abort', () => {
          clearTimeout(t);
          r(null);
        });
      });
    yield { type: 'loader', text: 'Counting orders...' };
    const table = model.tables[0]?.name ?? 'orders';
    const result = await warehouse!.query(`select count(*) from main."${table}"`);
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
      content: `${question} (after ${history.length} earlier)`,
      confidence: 0.9,
      plan: { q: question },
      status: 'answered',
    };
  },
};

describe.each(kinds)('conversations on %s', (kind) => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let url: string;
  let admin: string;
  let nina: string;
  let ninaId: number;
  let olga: string;
  let useCaseId: number;
  let socket: Socket;

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await createTestApp(
      kind,
      {},
      { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }), answerer: protocolAnswerer },
    );
    url = await listen(t.app);
    admin = await t.login();
    ninaId = (await t.createUser({ username: 'nina', password: 'Nina#pass1' })).id;
    nina = await t.login('nina', 'Nina#pass1');
    await t.createUser({ username: 'olga', password: 'Olga#pass1', orgName: 'Other', isAdmin: true });
    olga = await t.login('olga', 'Olga#pass1');
    useCaseId = await createUseCaseOver(t, admin, { name: 'Retail', connId: 7 });
    socket = await connectedSocket(url, admin);
  });
  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
    warehouse?.close();
  });

  let threadId: number;
  let firstMessageId: number;

  it('refuses a socket without a valid session', async () => {
    for (const token of [undefined, 'forged-token']) {
      const anon = connectSocket(url, token);
      const error = await new Promise<Error>((resolve) => anon.on('connect_error', resolve));
      expect(error.message).toMatch(/sign in/i);
      anon.disconnect();
    }
  });

  it('answers a first question in a new thread with the chunk protocol, saved before chunk-end', async () => {
    const reply = (await ask(socket, {
      message: 'how many orders?',
      usecase_id: useCaseId,
      thread_id: '',
      message_id: '',
      isNewThread: true,
      mode_id: 1,
      is_regenerate: false,
    })) as Reply;
    expect(reply.chunks[0]!.response_type).toBe('chunk-init');
    expect(reply.chunks.at(-1)!.response_type).toBe('chunk-end');
    expect(reply.controls.map((c) => c.content_type)).toEqual([
      'primary-response-start',
      'loaders',
      'loaders',
      'loaders-end',
      'primary-response-end',
    ]);
    expect(reply.controls[2]!.text).toBe('Counting orders...');
    expect(reply.cards).toEqual([
      { type: 'metric', data: { id: 'm1', title: 'Orders', metrics: [{ label: 'Orders', value: 120 }] } },
    ]);
    expect(reply.content).toBe('how many orders? (after 0 earlier)');
    threadId = reply.threadId!;
    firstMessageId = reply.messageId!;
    expect(threadId).toBeGreaterThan(0);
    const messages = (
      await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(admin) })
    ).json().result;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      message_id: firstMessageId,
      message: 'how many orders?',
      content: 'how many orders? (after 0 earlier)',
      status: 'answered',
      confidence: expect.closeTo(0.9, 5),
    });
    expect(messages[0].cards).toHaveLength(1);
  });

  it('passes earlier questions to follow-ups and replaces the answer on regenerate', async () => {
    const follow = (await ask(socket, {
      message: 'and by month?',
      usecase_id: useCaseId,
      thread_id: threadId,
      isNewThread: false,
    })) as Reply;
    expect(follow.threadId).toBe(threadId);
    expect(follow.content).toBe('and by month? (after 1 earlier)');
    const regen = (await ask(socket, {
      message: 'how many orders?',
      usecase_id: useCaseId,
      thread_id: threadId,
      message_id: firstMessageId,
      isNewThread: false,
      is_regenerate: true,
    })) as Reply;
    expect(regen.messageId).toBe(firstMessageId);
    const messages = (
      await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(admin) })
    ).json().result;
    expect(messages.map((m: { message_id: number }) => m.message_id)).toEqual([
      firstMessageId,
      follow.messageId,
    ]);
  });

  it('answers bad payloads and forbidden threads with an error event and keeps the socket usable', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ message: 42 }, /message must be text/],
      [{ message: 'x', usecase_id: 'abc' }, /usecase_id/],
      [{ message: 'x', usecase_id: 999999 }, /Use case 999999 was not found/],
      [{ message: 'x', thread_id: 999999 }, /Thread 999999 was not found/],
      [{ message: 'x', thread_id: threadId, is_regenerate: true }, /message_id/],
      [{ message: 'x'.repeat(10_001) }, /10,000 characters/],
    ];
    for (const [payload, message] of cases) {
      const reply = await ask(socket, payload);
      expect('error' in reply, JSON.stringify(payload).slice(0, 80)).toBe(true);
      expect((reply as { error: { message: string } }).error.message).toMatch(message);
    }
    const olgaSocket = connectSocket(url, olga);
    const stolen = await ask(olgaSocket, { message: 'x', thread_id: threadId });
    expect((stolen as { error: { message: string } }).error.message).toMatch(/not found/);
    olgaSocket.disconnect();
    const still = (await ask(socket, { message: 'still there?', thread_id: threadId })) as Reply;
    expect(still.content).toMatch(/still there/);
  });

  it('turns an engine failure into an error card, saved as such', async () => {
    const reply = (await ask(socket, { message: 'boom', thread_id: threadId })) as Reply;
    expect(reply.controls.find((c) => c.content_type === 'error')?.text).toBe(
      'An error occurred while processing your request.',
    );
    const saved = (
      await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(admin) })
    )
      .json()
      .result.at(-1);
    expect(saved).toMatchObject({ message: 'boom', status: 'error' });
  });

  it('refuses a fourth question in flight', async () => {
    const errors: { code: string }[] = [];
    let ends = 0;
    const onError = (e: { code: string }) => errors.push(e);
    const onResponse = (r: { response_type: string }) => (ends += r.response_type === 'chunk-end' ? 1 : 0);
    socket.on('error', onError);
    socket.on('response', onResponse);
    for (let i = 0; i < 4; i++) socket.emit('message', { message: 'slow', thread_id: threadId });
    for (let i = 0; i < 100 && ends < 3; i++) await new Promise((r) => setTimeout(r, 50));
    socket.off('error', onError);
    socket.off('response', onResponse);
    expect(ends).toBe(3);
    expect(errors.map((e) => e.code)).toEqual(['RATE_LIMITED']);
  });

  it('lists, renames, shares, gives feedback, deletes messages and threads over REST', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/copilot/threads', headers: bearer(admin) })
    ).json().result;
    expect(list[0]).toMatchObject({
      thread_id: threadId,
      thread_name: 'how many orders?',
      usecase_id: useCaseId,
      use_case_name: 'Retail',
      user_name: 'admin',
      is_owner: true,
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/copilot/threads/v2?usecase_id=${useCaseId}`,
          headers: bearer(admin),
        })
      ).json().result,
    ).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/copilot/threads/v2?usecase_id=424242',
          headers: bearer(admin),
        })
      ).json().result,
    ).toHaveLength(0);

    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/copilot/threads/${threadId}`,
      headers: bearer(admin),
      payload: { thread_name: '  Orders review ' },
    });
    expect(rename.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/copilot/threads/${threadId}`,
          headers: bearer(admin),
          payload: { thread_name: '   ' },
        })
      ).statusCode,
    ).toBe(400);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(nina) }))
        .statusCode,
    ).toBe(404);
    const candidates = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/share/user/list',
        headers: bearer(admin),
        payload: { pageNumber: 1, pageSize: 500, useCaseId },
      })
    ).json().items;
    expect(candidates.map((c: { userName: string }) => c.userName)).toEqual(['nina']);
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/share',
      headers: bearer(admin),
      payload: { thread_id: threadId, user_list: [ninaId] },
    });
    expect(share.json()).toMatchObject({ status: 'Success', message: 'Thread shared successfully' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/copilot/share',
          headers: bearer(olga),
          payload: { thread_id: threadId, user_list: [ninaId] },
        })
      ).statusCode,
    ).toBe(404);
    const ninaList = (
      await t.app.inject({ method: 'GET', url: '/api/copilot/threads', headers: bearer(nina) })
    ).json().result;
    expect(ninaList[0]).toMatchObject({ thread_id: threadId, thread_name: 'Orders review', is_owner: false });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(nina) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/copilot/threads/${threadId}`,
          headers: bearer(nina),
        })
      ).statusCode,
    ).toBe(403);

    const like = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/feedback',
      headers: bearer(admin),
      payload: { thread_id: threadId, message_id: firstMessageId, feedback: 1 },
    });
    expect(like.json()).toMatchObject({ status: 'success', message: 'Feedback submitted successfully' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/copilot/feedback',
          headers: bearer(admin),
          payload: { thread_id: threadId, message_id: firstMessageId, feedback: 5 },
        })
      ).statusCode,
    ).toBe(400);

    const del = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/delete-thread-message',
      headers: bearer(admin),
      payload: { thread_id: threadId, message_id: firstMessageId },
    });
    expect(del.json()).toEqual({ status: 'Success' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/copilot/delete-thread-message',
          headers: bearer(admin),
          payload: { thread_id: threadId, message_id: firstMessageId },
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/copilot/threads/${threadId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/copilot/threads/${threadId}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(404);
  });

  it('e-mails a clipped PNG and refuses what is not one', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]).toString('base64');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/email/send-content',
      headers: bearer(admin),
      payload: { recipients: ['a@example.com', 'A@example.com'], base64: png },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const kept = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'a@example.com')
      .execute();
    expect(kept).toHaveLength(1);
    expect((kept[0]!.attachments as { filename: string }[])[0]!.filename).toBe('catalyst-clip.png');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/email/send-content',
      headers: bearer(admin),
      payload: { recipients: ['not-an-email'], base64: png },
    });
    expect(bad.json().message).toContain('Please enter a valid email address');
    const notPng = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/email/send-content',
      headers: bearer(admin),
      payload: { recipients: ['a@example.com'], base64: Buffer.from('hello').toString('base64') },
    });
    expect(notPng.json().message).toBe('The image is not a PNG.');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/email/send-content',
      headers: bearer(admin),
      payload: { recipients: ['a@example.com'], base64: 'A'.repeat(9 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });
});
