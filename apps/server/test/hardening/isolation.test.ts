import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { setUpDemo } from '../../src/demo/setup-demo';
import { bearer, createTestApp, type TestApp } from '../helpers/app';
import { ask, connectedSocket, listen, type Reply } from '../helpers/listen';
import { bodyBuilder, ID_FIELD, loadOperations, type JsonSchema, type Operation } from '../helpers/openapi';

/**
 * Isolation of organisations, generated from the route table: organisation A holds one of
 * everything (the demo use case and its data, threads, alerts, decisions, documents, roles,
 * groups, action flows …), organisation B an administrator and nothing else. B then calls every
 * route of the OpenAPI document — list routes plainly, routes with ids with every id A owns,
 * bodies with A's ids in every id field — and every socket event with A's threads, use case and
 * alerts. Nothing B sees may carry A's data, no call on A's ids may succeed, and nothing A sees
 * may change. A route added later is covered without touching this file.
 */
const MARKERS = ['Retail Sales', 'admin@localhost', 'ZEBRA'];

describe('organisations are isolated from each other', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  let url: string;
  let operations: Operation[] = [];
  let resolve: (schema: JsonSchema | undefined) => JsonSchema | undefined;
  let bodyFor: (schema: JsonSchema | undefined, id: number) => unknown;
  const aIds = new Set<number>();
  /** The id fields A's objects were seen under (thread_id, use_case_id, …): what kinds of object A holds. */
  const idKinds = new Set<string>();
  const aAlerts: string[] = [];
  let threadId: number;
  let messageId: number;
  let useCaseId: number;
  let requests = 0;

  const call = async (token: string, method: string, path: string, payload?: unknown) => {
    requests++;
    return t.app.inject({
      method: method as 'GET',
      url: path,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  };

  /** Everything A sees through every list route (no path parameters), for the before/after comparison. */
  const snapshot = async (): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const op of operations.filter(
      (o) =>
        o.method === 'GET' &&
        !o.path.includes('{') &&
        !/stream|openapi|docs|health|validate-request|outbox|audit|request-logs|summary|metrics|runs/.test(
          o.path,
        ),
    )) {
      const res = await call(a, 'GET', op.path);
      out[op.path] =
        `${res.statusCode} ${res.body.replace(/"(requestId|lastUsed|lastLogin|last_login|updatedAt|updated_at|generated_at|lastActivity)":"[^"]*"/g, '')}`;
    }
    return out;
  };

  const collectIds = (value: unknown, key = '') => {
    if (Array.isArray(value)) value.forEach((v) => collectIds(v, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectIds(v, k);
    else if (typeof value === 'number' && Number.isInteger(value) && value > 0 && ID_FIELD.test(key)) {
      aIds.add(value);
      idKinds.add(key);
    } else if (typeof value === 'string' && /^rec-\d+$/.test(value)) aAlerts.push(value);
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' });
    a = await t.login();
    const admin = await t.deps.db
      .selectFrom('users')
      .select(['id', 'org_id'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.createUser({ username: 'bob', password: 'Bob#pass123', orgName: 'Other Org', isAdmin: true });
    b = await t.login('bob', 'Bob#pass123');
    // Every id A gets from here on is far from the ids of B's own user, organisation and roles, so
    // that a success on one of A's ids can only be a leak.
    await sql`select setval(c.oid, 100000) from pg_class c where c.relkind = 'S'`.execute(t.deps.db);
    const demo = await setUpDemo(t.deps, { userId: admin.id, orgId: admin.org_id });
    useCaseId = demo.useCaseId;

    // Organisation A gets one of everything, through the API.
    url = await listen(t.app);
    const socket = await connectedSocket(url, a);
    const reply = (await ask(socket, {
      message: 'revenue by region',
      usecase_id: useCaseId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    socket.disconnect();
    threadId = reply.threadId!;
    messageId = reply.messageId!;
    await call(a, 'PUT', `/api/copilot/threads/${threadId}`, { thread_name: 'ZEBRA thread' });
    await call(a, 'POST', '/api/copilot/landing/recommendations/refresh');
    const recs = (await call(a, 'GET', '/api/copilot/landing/recommendations?limit=5')).json().data
      .recommendations as { id: number }[];
    const alertId = recs[0] ? `rec-${recs[0].id}` : 'manual';
    await call(a, 'POST', '/api/copilot/decisions', {
      title: 'ZEBRA decision',
      description: 'd',
      useCaseId,
      alertId,
      decisionRationale: 'r',
      artifacts: [{ name: 'ZEBRA note', type: 'analysis', content: 'ZEBRA' }],
    });
    await call(a, 'POST', '/api/copilot/action-flows', {
      name: 'ZEBRA flow',
      description: 'd',
      triggerType: 'manual',
      steps: ['ZEBRA step'],
    });
    await call(a, 'POST', '/api/v1/admin/roles', {
      name: 'ZEBRA role',
      description: 'd',
      permissions: ['data.read'],
    });
    await call(a, 'POST', '/api/v1/admin/users', {
      username: 'zebra.user',
      email: 'zebra.user@example.com',
      firstName: 'ZEBRA',
    });
    await call(a, 'POST', '/api/v1/admin/data-access-groups', {
      name: 'ZEBRA group',
      description: 'd',
      restrictions: ['audit-logged'],
    });
    await call(a, 'POST', '/api/copilot/documents/folders', { name: 'ZEBRA folder', color: 'blue' });
    const form = new FormData();
    form.append(
      'file',
      new Blob(['ZEBRA policy: refunds within 30 days.\n'], { type: 'text/plain' }),
      'zebra-policy.txt',
    );
    const upload = new Request('http://x', { method: 'POST', body: form });
    await t.app.inject({
      method: 'POST',
      url: '/api/copilot/documents',
      headers: { ...bearer(a), 'content-type': upload.headers.get('content-type')! },
      payload: Buffer.from(await upload.arrayBuffer()),
    });

    for (let i = 0; i < 100; i++) {
      const docs = (await call(a, 'GET', '/api/copilot/documents')).json().documents as { status: string }[];
      if (docs.every((d) => d.status !== 'processing')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const loaded = await loadOperations(t.app);
    operations = loaded.operations;
    ({ resolve, bodyFor } = bodyBuilder(loaded.components));
    for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{')))
      collectIds((await call(a, 'GET', op.path)).json());
    for (const id of [threadId, messageId, useCaseId, demo.connId]) aIds.add(id);
    if (process.env.ISOLATION_DEBUG) console.log('A ids', [...aIds].sort((x, y) => x - y).join(','));
    // B's own objects (its user, organisation and roles) are B's to use: leave their ids out.
    for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
      const own = new Set<number>();
      const walk = (v: unknown, k = '') => {
        if (Array.isArray(v)) v.forEach((x) => walk(x, k));
        else if (v && typeof v === 'object') for (const [kk, vv] of Object.entries(v)) walk(vv, kk);
        else if (typeof v === 'number' && ID_FIELD.test(k)) own.add(v);
      };
      walk((await call(b, 'GET', op.path)).json());
      if (process.env.ISOLATION_DEBUG && own.size) console.log('B owns', op.path, [...own].join(','));
      for (const id of own) aIds.delete(id);
    }
  }, 240_000);

  afterAll(async () => {
    console.log(
      `isolation: ${requests} requests over ${operations.length} operations, ${aIds.size} ids of the other organisation tried`,
    );
    await t?.close();
  });

  it('organisation A really holds data of every kind', () => {
    expect(operations.length).toBeGreaterThan(100);
    // Ids shared by several kinds count once; the demo's alerts are now one per root cause (two).
    expect(aIds.size).toBeGreaterThanOrEqual(4);
    expect(idKinds.size, [...idKinds].join(', ')).toBeGreaterThanOrEqual(10);
    expect(aAlerts.length).toBeGreaterThan(0);
  });

  it('B sees none of it in any list, and cannot reach any of it by id; A sees nothing change', async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    const shows = (what: string, body: string) => {
      for (const m of MARKERS) if (body.includes(m)) leaks.push(`${what} shows "${m}"`);
    };
    const routes = operations.filter((op) => !/logout|stream/.test(op.path));
    // Lists, and every route with an id in its path tried with each of A's ids.
    for (const op of routes) {
      if (!op.path.includes('{')) {
        if (op.method !== 'GET') continue;
        shows(`GET ${op.path}`, (await call(b, 'GET', op.path)).body);
        // Lists filtered by an id in the query: A's ids give B an empty list or a 4xx, never A's rows.
        for (const id of op.idQuery?.length ? aIds : []) {
          const query = op.idQuery!.map((name) => `${name}=${id}`).join('&');
          shows(`GET ${op.path}?${query}`, (await call(b, 'GET', `${op.path}?${query}`)).body);
        }
        continue;
      }
      for (const id of [...aIds, ...aAlerts]) {
        const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(String(id)));
        const res = await call(
          b,
          op.method,
          path,
          op.body ? bodyFor(op.body, typeof id === 'number' ? id : 1) : undefined,
        );
        if (res.statusCode < 300) leaks.push(`${op.method} ${path} answered ${res.statusCode}`);
        shows(`${op.method} ${path}`, res.body);
      }
    }
    // Then writes with A's ids in every id field of their body (last: they may create B's own objects).
    for (const op of routes.filter(
      (o) =>
        o.method !== 'GET' &&
        !o.path.includes('{') &&
        o.body &&
        /_id|Id|"id"/.test(JSON.stringify(resolve(o.body) ?? {})),
    )) {
      for (const id of aIds)
        shows(
          `${op.method} ${op.path} with id ${id}`,
          (await call(b, op.method, op.path, bodyFor(op.body, id))).body,
        );
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 600_000);

  it("B's API key sees only B's organisation on the public API and cannot ask about A's use case or thread", async () => {
    const created = await call(b, 'POST', '/api/v1/admin/api-keys', {
      name: 'B key',
      permissions: ['read', 'write', 'admin'],
      rateLimit: 1000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = created.json().key as string;
    for (const path of ['/api/v1/users', '/api/v1/conversations']) {
      const res = await call(key, 'GET', path);
      expect(res.statusCode, res.body).toBe(200);
      for (const m of MARKERS) expect(res.body, path).not.toContain(m);
    }
    for (const body of [
      { question: 'revenue by region', use_case_id: useCaseId },
      { question: 'and by month?', use_case_id: useCaseId, thread_id: threadId },
    ]) {
      const res = await call(key, 'POST', '/api/v1/conversations', body);
      expect(res.statusCode, res.body).toBe(404);
      for (const m of MARKERS) expect(res.body).not.toContain(m);
    }
    // Everywhere else a key is refused outright, A's ids or not.
    expect((await call(key, 'GET', `/api/copilot/threads/${threadId}`)).statusCode).toBe(401);
  });

  it("B's sockets cannot read, continue, regenerate or investigate A's conversations and alerts", async () => {
    const socket: Socket = await connectedSocket(url, b);
    const attempts: Record<string, unknown>[] = [
      { message: 'and by month?', thread_id: String(threadId), isNewThread: false },
      {
        message: '',
        thread_id: String(threadId),
        message_id: messageId,
        is_regenerate: true,
        isNewThread: false,
      },
      { message: 'revenue by region', usecase_id: useCaseId, thread_id: '', isNewThread: true },
      ...aAlerts.map((alert) => ({
        message: '',
        alert_id: alert,
        action: 'investigate',
        thread_id: '',
        isNewThread: true,
      })),
    ];
    for (const payload of attempts) {
      requests++;
      const reply = await ask(socket, payload);
      expect('error' in reply, JSON.stringify(payload)).toBe(true);
      expect(JSON.stringify(reply)).not.toMatch(/Retail Sales|ZEBRA/);
    }
    socket.disconnect();
  });
});
