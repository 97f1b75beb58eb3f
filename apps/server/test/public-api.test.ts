import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { csvSource, userWithRole } from './helpers/governance';

/**
 * The public API's endpoints (issue 8 part 4): users (list, invite) and conversations (list,
 * ask Catalyst AI over REST, the answer's cards as JSON, saved in a thread the key's creator
 * owns), with data access groups and organisations applying to keys as they do to their users.
 */

let t: TestApp;
let admin: string;
let orgId: number;
let adminId: number;
let sales: number;
let useCaseId: number;
let readKey: string;
let writeKey: string;
let other: { token: string; key: string; orgId: number };

const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const keyFor = async (token: string, permissions: string[]) => {
  const res = await call(token, 'POST', '/api/v1/admin/api-keys', {
    name: `Key ${permissions.join('+')}`,
    permissions,
    rateLimit: 1000,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key as string;
};

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.login();
  const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
  orgId = me.orgId;
  adminId = me.id;
  sales = await csvSource(t, { orgId, userId: adminId, name: 'Sales Database' });
  useCaseId = await createUseCaseOver(t, admin, { name: 'Sales', connId: sales });
  readKey = await keyFor(admin, ['read']);
  writeKey = await keyFor(admin, ['read', 'write']);

  const otherUser = await t.createUser({
    username: 'olga',
    password: 'Olga#pass123',
    orgName: 'Other Org',
    isAdmin: true,
  });
  const otherToken = await t.login('olga', 'Olga#pass123');
  other = { token: otherToken, key: await keyFor(otherToken, ['admin']), orgId: otherUser.orgId };
});
afterAll(() => t?.close());

describe('POST /api/v1/conversations', () => {
  let threadId: number;

  it("asks Catalyst AI as the chat does and returns the answer's cards as JSON, saved in the creator's thread", async () => {
    const res = await call(writeKey, 'POST', '/api/v1/conversations', {
      question: 'total revenue',
      use_case_id: useCaseId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      thread_id: expect.any(Number),
      message_id: expect.any(Number),
      content: expect.any(String),
    });
    expect(body.data.cards.length).toBeGreaterThan(0);
    const metric = body.data.cards.find((c: { type: string }) => c.type === 'metric');
    expect(metric, JSON.stringify(body.data.cards).slice(0, 500)).toBeDefined();
    // The sum of the fixture's revenue column: 1.25 × (1 + … + 30).
    expect(metric.data.metrics[0]).toMatchObject({ label: 'Total Revenue', value: 581.25 });
    expect(body.data.confidence).toBeGreaterThan(0.5);
    threadId = body.data.thread_id;

    // The same exchange the chat would show: the creator owns the thread and sees it in the app.
    const thread = await t.deps.db
      .selectFrom('threads')
      .selectAll()
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    expect(thread).toMatchObject({ owner_id: adminId, org_id: orgId, use_case_id: useCaseId });
    const messages = (await call(admin, 'GET', `/api/copilot/threads/${threadId}`)).json();
    expect(JSON.stringify(messages)).toContain('total revenue');

    // A follow-up continues the thread.
    const followUp = await call(writeKey, 'POST', '/api/v1/conversations', {
      question: 'by region',
      thread_id: threadId,
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    expect(followUp.json().data.thread_id).toBe(threadId);
  });

  it('lists the caller’s conversations with pagination', async () => {
    await call(writeKey, 'POST', '/api/v1/conversations', {
      question: 'revenue by region',
      use_case_id: useCaseId,
    });
    const all = (await call(readKey, 'GET', '/api/v1/conversations')).json();
    expect(all.success).toBe(true);
    expect(all.pagination).toEqual({ page: 1, limit: 20, total: 2 });
    expect(all.data.find((c: { thread_id: number }) => c.thread_id === threadId)).toMatchObject({
      message_count: 2,
      use_case_id: useCaseId,
      use_case_name: 'Sales',
    });
    const second = (await call(readKey, 'GET', '/api/v1/conversations?page=2&limit=1')).json();
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 2 });
    expect(second.data).toHaveLength(1);
  });

  it('refuses bad input with 4xx and a message', async () => {
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /question/],
      [{ question: '   ' }, 400, /question is required/],
      [{ question: 'x'.repeat(10_001) }, 400, /10,000/],
      [{ question: 'total revenue', use_case_id: 'sales' }, 400, /use_case_id must be a number/],
      [{ question: 'total revenue', thread_id: -1 }, 400, /thread_id/],
      [{ question: 'total revenue', use_case_id: 999_999 }, 404, /not found/],
      [{ question: 'total revenue', thread_id: 999_999 }, 404, /not found/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call(writeKey, 'POST', '/api/v1/conversations', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    for (const query of ['page=0', 'limit=101', 'page=x'])
      expect((await call(readKey, 'GET', `/api/v1/conversations?${query}`)).statusCode).toBe(400);
    // A read key may list but not ask.
    expect(
      (await call(readKey, 'POST', '/api/v1/conversations', { question: 'total revenue' })).statusCode,
    ).toBe(403);
  });

  it('applies data access groups to key requests as to the user', async () => {
    // A group over the source that the key's creator is no member of: the source is closed to them.
    const group = await call(admin, 'POST', '/api/v1/admin/data-access-groups', {
      name: 'Sales Team Access',
      dataSources: [sales],
      members: [],
    });
    expect(group.statusCode, group.body).toBe(200);
    const refused = await call(writeKey, 'POST', '/api/v1/conversations', {
      question: 'total revenue',
      use_case_id: useCaseId,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      '"Sales Database" is restricted to the data access group "Sales Team Access", and you are not a member. Ask an administrator for access.',
    );
    // The refusal is saved in the thread, as the chat saves it.
    const saved = await t.deps.db
      .selectFrom('thread_messages')
      .select(['status', 'content'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ status: 'error', content: refused.json().message });
    await call(admin, 'PUT', `/api/v1/admin/data-access-groups/${group.json().id}`, {
      name: 'Sales Team Access',
      dataSources: [sales],
      members: [{ userId: adminId }],
    });
    expect(
      (
        await call(writeKey, 'POST', '/api/v1/conversations', {
          question: 'total revenue',
          use_case_id: useCaseId,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('/api/v1/users', () => {
  it('lists id, name, email, role and status with pagination', async () => {
    await userWithRole(t, { username: 'uma', orgId, role: 'user' });
    const res = await call(readKey, 'GET', '/api/v1/users?limit=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual({ page: 1, limit: 1, total: 2 });
    expect(body.data).toEqual([
      {
        id: adminId,
        username: 'admin',
        name: expect.any(String),
        email: expect.any(String),
        role: 'Admin',
        status: 'active',
      },
    ]);
    expect((await call(readKey, 'GET', '/api/v1/users?page=2&limit=1')).json().data[0]).toMatchObject({
      username: 'uma',
      role: 'User',
    });
  });

  it('invites a user with a write key; bad input is 4xx', async () => {
    const res = await call(writeKey, 'POST', '/api/v1/users', {
      username: 'nina',
      email: 'nina@example.com',
      first_name: 'Nina',
      last_name: 'Ng',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: expect.objectContaining({
        username: 'nina',
        name: 'Nina Ng',
        email: 'nina@example.com',
        role: 'User',
        status: 'active',
      }),
    });
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'nina@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Your username is "nina"');

    expect(
      (await call(writeKey, 'POST', '/api/v1/users', { username: 'nina', email: 'nina2@example.com' }))
        .statusCode,
    ).toBe(409);
    for (const payload of [
      {},
      { username: 'a b', email: 'x@example.com' },
      { username: 'ok', email: 'not-an-email' },
      { username: 'ok', email: 'ok@example.com', role_id: 'admin' },
    ]) {
      const bad = await call(writeKey, 'POST', '/api/v1/users', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message.length).toBeGreaterThan(10);
    }
    // A role of another organisation is not one of ours.
    const theirs = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('org_id', '=', other.orgId)
      .executeTakeFirstOrThrow();
    expect(
      (
        await call(writeKey, 'POST', '/api/v1/users', {
          username: 'rho',
          email: 'rho@example.com',
          role_id: theirs.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('another organisation', () => {
  it('sees only its own users and threads, and cannot continue ours', async () => {
    const users = (await call(other.key, 'GET', '/api/v1/users')).json();
    expect(users.data.map((u: { username: string }) => u.username)).toEqual(['olga']);
    expect((await call(other.key, 'GET', '/api/v1/conversations')).json()).toMatchObject({
      data: [],
      pagination: { total: 0 },
    });
    const ours = (await call(readKey, 'GET', '/api/v1/conversations')).json().data[0].thread_id;
    expect(
      (await call(other.key, 'POST', '/api/v1/conversations', { question: 'total revenue', thread_id: ours }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(other.key, 'POST', '/api/v1/conversations', {
          question: 'total revenue',
          use_case_id: useCaseId,
        })
      ).statusCode,
    ).toBe(404);
  });
});
