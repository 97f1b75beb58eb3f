import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DuckDbWarehouse } from '@catalyst/engine';
import pino from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engineAnswerer } from '../src/features/conversations/engine-answerer';
import type { WarehouseRegistry } from '../src/warehouses/registry';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { userWithRole } from './helpers/governance';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

const API_KEY = 'sk-catalyst-test-9f8e7d6c5b4a';
const base = '/api/copilot/agents/llm-provider';

/** A tiny OpenAI-compatible endpoint whose answer the test chooses; it records what it was sent. */
interface FakeLlm {
  url: string;
  requests: {
    path: string;
    authorization: string | undefined;
    body: { model?: string; messages?: { content: string }[] };
  }[];
  reply: (
    req: IncomingMessage,
    body: { messages: { content: string }[] },
  ) => { status: number; json?: unknown; raw?: string; delayMs?: number };
  close(): Promise<void>;
}

async function fakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = {
    url: '',
    requests: [],
    reply: () => ({ status: 200, json: { choices: [{ message: { content: '{"ok": true}' } }] } }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as { messages: { content: string }[] }) : { messages: [] };
      fake.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const r = fake.reply(req, body);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(r.raw ?? JSON.stringify(r.json ?? {}));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** A port nothing listens on (opened, then closed). */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** A test app whose every log line (level trace) is kept, to prove the key is never logged. */
async function appWithLogs(parts: { warehouses?: WarehouseRegistry }): Promise<TestApp & { logs: string[] }> {
  const logs: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) });
  // The fake provider listens on 127.0.0.1, a private address: allowed here on purpose (the refusal is tested below).
  const t = await createTestApp(
    'pglite',
    { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' },
    { ...parts, answerer: engineAnswerer({ llm: null }), logger },
  );
  return Object.assign(t, { logs });
}

describe('the LLM provider of an organisation', () => {
  let t: Awaited<ReturnType<typeof appWithLogs>>;
  let llm: FakeLlm;
  let warehouse: DuckDbWarehouse;
  let admin: string;
  const bodies: string[] = [];
  const call = async (
    token: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await appWithLogs({ warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }) });
    llm = await fakeLlm();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
    warehouse?.close();
  });
  beforeEach(() => {
    llm.requests.length = 0;
    llm.reply = () => ({ status: 200, json: { choices: [{ message: { content: '{"ok": true}' } }] } });
  });

  it('starts with no provider: Catalyst AI uses the embedded engine', async () => {
    const res = await call(admin, 'GET', base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: null, activeSource: 'embedded', canManage: true });
  });

  it('saves the provider with the key sealed at rest and never returned', async () => {
    const res = await call(admin, 'PUT', base, {
      baseUrl: `${llm.url}/`,
      model: 'test-model',
      apiKey: API_KEY,
      timeoutMs: 5000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      baseUrl: llm.url,
      model: 'test-model',
      hasApiKey: true,
      timeoutMs: 5000,
      enabled: true,
      updatedBy: 'admin',
      lastTest: null,
    });
    const row = await t.deps.db.selectFrom('llm_providers').selectAll().executeTakeFirstOrThrow();
    expect(row.api_key).toMatch(/^v1\./);
    expect(row.api_key).not.toContain(API_KEY);
    expect(row.api_key).not.toContain(Buffer.from(API_KEY).toString('base64'));
    const settings = (await call(admin, 'GET', base)).json();
    expect(settings).toMatchObject({ activeSource: 'organization', provider: { hasApiKey: true } });
    expect(JSON.stringify(settings)).not.toContain(API_KEY);
  });

  it('tests the saved settings with a real chat completion carrying the key, and records the result', async () => {
    const res = await call(admin, 'POST', `${base}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const test = res.json();
    expect(test).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Connected in \d+ ms: test-model answered\.$/),
    });
    expect(test.latencyMs).toBeGreaterThanOrEqual(0);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: `Bearer ${API_KEY}`,
      body: { model: 'test-model' },
    });
    expect((await call(admin, 'GET', base)).json().provider.lastTest).toMatchObject({ ok: true });
  });

  it('tests typed settings before saving, reusing the saved key only for the saved host', async () => {
    const same = await call(admin, 'POST', `${base}/test`, { baseUrl: llm.url, model: 'other-model' });
    expect(same.json().ok).toBe(true);
    expect(llm.requests[0]!.authorization).toBe(`Bearer ${API_KEY}`);
    expect(llm.requests[0]!.body.model).toBe('other-model');
    // Another host (localhost instead of 127.0.0.1) never receives the saved key.
    llm.requests.length = 0;
    await call(admin, 'POST', `${base}/test`, {
      baseUrl: llm.url.replace('127.0.0.1', 'localhost'),
      model: 'test-model',
    });
    expect(llm.requests.every((r) => r.authorization === undefined)).toBe(true);
    const moved = await call(admin, 'PUT', base, {
      baseUrl: llm.url.replace('127.0.0.1', 'localhost'),
      model: 'test-model',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toMatch(/enter the API key again/);
  });

  it('reports the exact failure: a wrong key, a refused connection, a non-OpenAI endpoint, a timeout', async () => {
    llm.reply = () => ({
      status: 401,
      json: { error: { message: `Incorrect API key provided: ${API_KEY}` } },
    });
    expect((await call(admin, 'POST', `${base}/test`)).json()).toMatchObject({
      ok: false,
      message: '401 from the provider: check the API key',
    });

    llm.reply = () => ({
      status: 500,
      json: { error: { message: `upstream broke while using ${API_KEY}` } },
    });
    const echoed = (await call(admin, 'POST', `${base}/test`)).json();
    expect(echoed.message).toBe('500 from the provider: upstream broke while using [redacted]');

    const port = await closedPort();
    const refused = (
      await call(admin, 'POST', `${base}/test`, { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'm' })
    ).json();
    expect(refused).toMatchObject({
      ok: false,
      message: `could not connect to http://127.0.0.1:${port}: connection refused`,
      latencyMs: null,
    });

    llm.reply = () => ({ status: 200, raw: '<html>hello</html>' });
    expect((await call(admin, 'POST', `${base}/test`)).json().message).toMatch(
      /not with an OpenAI-compatible chat completion: check the base URL/,
    );

    llm.reply = () => ({ status: 200, json: { choices: [{ message: { content: '{}' } }] }, delayMs: 2500 });
    const slow = (
      await call(admin, 'POST', `${base}/test`, { baseUrl: llm.url, model: 'test-model', timeoutMs: 1000 })
    ).json();
    expect(slow).toMatchObject({
      ok: false,
      message: `no answer from ${new URL(llm.url).origin} within 1 s`,
    });

    llm.reply = () => ({ status: 404, json: { error: 'no such route' } });
    expect((await call(admin, 'POST', `${base}/test`)).json().message).toBe(
      '404 from the provider: check the base URL (it usually ends in /v1) and the model name',
    );
  });

  it('refuses addresses that are not http(s) or carry credentials, and bad input, with 4xx', async () => {
    for (const baseUrl of [
      'ftp://example.com/v1',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      'http://user:pass@example.com/v1',
    ]) {
      const res = await call(admin, 'PUT', base, { baseUrl, model: 'm', apiKey: 'k' });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().message).toMatch(/Base URL/);
      expect((await call(admin, 'POST', `${base}/test`, { baseUrl, model: 'm' })).statusCode).toBe(400);
    }
    expect((await call(admin, 'PUT', base, { baseUrl: llm.url, model: '' })).json().message).toMatch(
      /Model is required/,
    );
    expect(
      (await call(admin, 'PUT', base, { baseUrl: llm.url, model: 'm', apiKey: 'two words' })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'PUT', base, { baseUrl: llm.url, model: 'm', timeoutMs: 10 })).json().message,
    ).toMatch(/at least 1 second/);
  });

  it('never calls a private address the outbound allow-list does not name (SSRF)', async () => {
    const metadata = await call(admin, 'PUT', base, {
      baseUrl: 'http://169.254.169.254/latest',
      model: 'm',
      apiKey: 'k',
    });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().message).toMatch(/private or local address.*CATALYST_OUTBOUND_ALLOWLIST/);
    // Without an allow-list, a host name that resolves to a private address is refused when the request connects.
    const strict = await createTestApp('pglite');
    try {
      const token = await strict.login();
      const viaName = await strict.app.inject({
        method: 'POST',
        url: `${base}/test`,
        headers: bearer(token),
        payload: { baseUrl: llm.url.replace('127.0.0.1', 'localhost'), model: 'm', apiKey: 'k' },
      });
      expect(viaName.json()).toMatchObject({ ok: false });
      expect(viaName.json().message).toMatch(/private or local address/);
    } finally {
      await strict.close();
    }
  });

  it('lets only members with orgs.write change or test it; other organisations see nothing of it', async () => {
    // A plain User (data.read, reports.view) sees nothing of it; a Manager (orgs.read) sees it but cannot change it.
    const orgId = (
      await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const member = (await userWithRole(t, { username: 'member', orgId, role: 'user' })).token;
    const refused = await call(member, 'GET', base);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/orgs\.read/);
    const manager = (await userWithRole(t, { username: 'manager', orgId, role: 'manager' })).token;
    expect((await call(manager, 'GET', base)).json()).toMatchObject({
      canManage: false,
      provider: { model: 'test-model' },
    });
    for (const [method, url] of [
      ['PUT', base],
      ['POST', `${base}/test`],
      ['DELETE', base],
    ] as const) {
      const res = await call(
        manager,
        method,
        url,
        method === 'PUT' ? { baseUrl: llm.url, model: 'x' } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/orgs\.write/);
    }

    await t.createUser({ username: 'other', password: 'Other#12345', orgName: 'Other Org', isAdmin: true });
    const other = await t.login('other', 'Other#12345');
    expect((await call(other, 'GET', base)).json()).toMatchObject({
      provider: null,
      activeSource: 'embedded',
    });
    expect((await call(other, 'POST', `${base}/test`)).statusCode).toBe(400);
    expect((await call(other, 'DELETE', base)).statusCode).toBe(404);
  });

  it('is what Catalyst AI uses to plan answers, and the embedded engine answers when it fails or is switched off', async () => {
    const useCaseId = await createUseCaseOver(t, admin, { name: 'Retail', connId: 7 });
    const url = await listen(t.app);
    const socket: Socket = await connectedSocket(url, admin);
    try {
      const plan = {
        intent: 'breakdown',
        table: 'orders',
        measures: [{ agg: 'sum', column: { table: 'orders', column: 'cost' }, label: 'Cost' }],
        dimensions: [{ column: { table: 'orders', column: 'cust_seg' }, label: 'Segment' }],
        filters: [],
        order: [],
      };
      llm.reply = (_req, body) =>
        body.messages[0]!.content.startsWith('Rewrite')
          ? { status: 500 }
          : { status: 200, json: { choices: [{ message: { content: JSON.stringify(plan) } }] } };
      const sourceOf = (reply: Reply) =>
        (reply.cards as { data: { evidence?: { source?: string; reading?: string } } }[]).find(
          (c) => c.data.evidence,
        )?.data.evidence;

      const planned = (await ask(socket, {
        message: 'where does our money go?',
        usecase_id: useCaseId,
        thread_id: '',
        isNewThread: true,
      })) as Reply;
      expect(sourceOf(planned), JSON.stringify(planned.controls)).toMatchObject({ source: 'llm' });
      expect(
        llm.requests.some(
          (r) => r.path === '/v1/chat/completions' && r.authorization === `Bearer ${API_KEY}`,
        ),
      ).toBe(true);

      // The provider fails: the embedded engine answers the same kind of question.
      llm.requests.length = 0;
      llm.reply = () => ({ status: 500 });
      const fallback = (await ask(socket, {
        message: 'total revenue by region',
        usecase_id: useCaseId,
        thread_id: '',
        isNewThread: true,
      })) as Reply;
      expect(llm.requests.length).toBeGreaterThan(0);
      expect(sourceOf(fallback)).toMatchObject({ source: 'embedded' });

      // Switched off: no call at all.
      const saved = (await call(admin, 'GET', base)).json().provider;
      expect(
        (
          await call(admin, 'PUT', base, { baseUrl: saved.baseUrl, model: saved.model, enabled: false })
        ).json(),
      ).toMatchObject({ enabled: false, hasApiKey: true });
      expect((await call(admin, 'GET', base)).json().activeSource).toBe('embedded');
      llm.requests.length = 0;
      const embedded = (await ask(socket, {
        message: 'total revenue by region',
        usecase_id: useCaseId,
        thread_id: '',
        isNewThread: true,
      })) as Reply;
      expect(sourceOf(embedded)).toMatchObject({ source: 'embedded' });
      expect(llm.requests).toHaveLength(0);
    } finally {
      socket.disconnect();
    }
  });

  it('can be removed', async () => {
    expect((await call(admin, 'DELETE', base)).json()).toEqual({ status: 'Success' });
    expect((await call(admin, 'GET', base)).json().provider).toBeNull();
  });

  it('never put the key in a response or a log line', () => {
    expect(t.logs.length).toBeGreaterThan(10);
    for (const text of [...bodies, ...t.logs]) expect(text).not.toContain(API_KEY);
  });
});
