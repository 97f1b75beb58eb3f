import type { DuckDbWarehouse } from '@catalyst/engine';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineAnswerer } from '../src/features/conversations/engine-answerer';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { makePdf, multipart } from './helpers/document-files';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

interface Card {
  type: string;
  data: Record<string, unknown>;
}

const PAGE_3_SENTENCE = 'Enterprise customers may cancel within 45 days of delivery for a full refund.';

/** Catalyst AI answering from a use case's documents, through the real socket and the real engine. */
describe('Catalyst AI answers from the documents of a use case', () => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let socket: Socket;
  let ninaSocket: Socket;
  let retailId: number;
  let policiesId: number;
  let pdfId: number;

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await createTestApp(
      'pglite',
      {},
      {
        warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }),
        answerer: engineAnswerer({ llm: null }),
      },
    );
    const url = await listen(t.app);
    const admin = await t.login();
    const nina = (await t.createUser({ username: 'nina', password: 'Nina#pass1' })).id;
    const ninaToken = await t.login('nina', 'Nina#pass1');
    retailId = await createUseCaseOver(t, admin, { name: 'Retail', connId: 7 });
    policiesId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/copilot/onboarding/use_case/v2',
        headers: bearer(admin),
        payload: { usecase_name: 'Policies' },
      })
    ).json().use_case_id;
    for (const id of [retailId, policiesId]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/copilot/user-access',
        headers: bearer(admin),
        payload: { usecase_id: id, selected_users: [nina] },
      });
    }
    const pdf = await makePdf([
      ['Customer terms', 'These terms apply to every order placed with us.'],
      ['Shipping', 'Orders ship within two working days from our warehouse.'],
      [
        'Cancellations',
        'Consumer customers may cancel within 14 days.',
        PAGE_3_SENTENCE,
        'Refunds are paid to the original card.',
      ],
      ['Support', 'Our support desk answers within one working day.'],
    ]);
    const body = multipart({ use_case_id: policiesId }, [
      { name: 'Customer terms.pdf', content: pdf, type: 'application/pdf' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/documents',
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    pdfId = res.json().documents[0].id;
    await t.app.inject({
      method: 'POST',
      url: `/api/copilot/documents/${pdfId}/use-cases/${retailId}`,
      headers: bearer(admin),
    });
    await t.deps.documentJobs.idle();
    socket = await connectedSocket(url, admin);
    ninaSocket = await connectedSocket(url, ninaToken);
  });
  afterAll(async () => {
    socket?.disconnect();
    ninaSocket?.disconnect();
    await t?.close();
    warehouse?.close();
  });

  const expectPage3Answer = (reply: Reply) => {
    const cards = reply.cards as Card[];
    expect(
      cards.map((c) => c.type),
      JSON.stringify(cards).slice(0, 600),
    ).toEqual(['text', 'pdf']);
    expect(cards[0]!.data).toMatchObject({
      title: 'From the documents',
      header: 'Customer terms.pdf, page 3',
      text: `“${PAGE_3_SENTENCE}”`,
    });
    expect(cards[1]!.data).toMatchObject({
      title: 'Customer terms.pdf',
      pdfUrl: `/api/copilot/documents/${pdfId}/file`,
      page_number: 3,
      source_id: pdfId,
      description: 'Page 3 of 4',
    });
    expect(reply.content).toBe(`According to Customer terms.pdf, page 3: “${PAGE_3_SENTENCE}”`);
  };

  it('answers a question about a sentence on page 3 with its quote and a pdf card on page 3, saved with the thread', async () => {
    // A use case without data: the engine cannot answer, the documents can.
    const reply = (await ask(socket, {
      message: 'Within how many days can enterprise customers cancel for a full refund?',
      usecase_id: policiesId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expectPage3Answer(reply);
    expect(reply.controls.filter((c) => c.content_type === 'loaders').map((c) => c.text)).toContain(
      'Searching the use case documents...',
    );
    const saved = (
      await t.app.inject({
        method: 'GET',
        url: `/api/copilot/threads/${reply.threadId}`,
        headers: bearer(await t.login()),
      })
    ).json().result;
    expect(saved[0].cards.map((c: Card) => c.type)).toEqual(['text', 'pdf']);
    expect(saved[0].status).toBe('answered');
  });

  it('answers an explicit question from the documents even when the use case has data', async () => {
    const reply = (await ask(socket, {
      message: 'According to the customer terms, when may enterprise customers cancel?',
      usecase_id: retailId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expectPage3Answer(reply);
  });

  it('lets a data question through to the engine, and falls back to the documents when the engine declines', async () => {
    const data = (await ask(socket, {
      message: 'total revenue by region',
      usecase_id: retailId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expect((data.cards as Card[]).map((c) => c.type)).toContain('chart');
    expect((data.cards as Card[]).some((c) => c.type === 'pdf')).toBe(false);
    const implicit = (await ask(socket, {
      message: 'Can enterprise customers cancel within 45 days for a full refund?',
      usecase_id: retailId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expectPage3Answer(implicit);
  });

  it('says so when an explicit question matches no passage', async () => {
    const reply = (await ask(socket, {
      message: 'What does the contract say about zeppelin parking?',
      usecase_id: policiesId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    const cards = reply.cards as Card[];
    expect(cards.map((c) => c.type)).toEqual(['text']);
    expect(cards[0]!.data.title).toBe('Nothing found in the documents');
  });

  it('searches only documents the asker may see', async () => {
    const admin = await t.login();
    await t.app.inject({
      method: 'PUT',
      url: `/api/copilot/documents/${pdfId}/sharing`,
      headers: bearer(admin),
      payload: { isRestricted: true, sharedWith: [] },
    });
    const hidden = (await ask(ninaSocket, {
      message: 'According to the policy, when may enterprise customers cancel for a full refund?',
      usecase_id: policiesId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expect(hidden.cards, JSON.stringify(hidden).slice(0, 300)).toBeDefined();
    expect(JSON.stringify(hidden.cards)).not.toContain('45 days');
    await t.app.inject({
      method: 'PUT',
      url: `/api/copilot/documents/${pdfId}/sharing`,
      headers: bearer(admin),
      payload: { isRestricted: false },
    });
    const shown = (await ask(ninaSocket, {
      message: 'According to the policy, when may enterprise customers cancel for a full refund?',
      usecase_id: policiesId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    expectPage3Answer(shown);
  });
});
