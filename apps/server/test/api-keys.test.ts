import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/deps';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { customRole, roleId, userWithRole } from './helpers/governance';

/**
 * API keys (issue 8 part 4): made on the server, shown once, stored hashed; accepted only on the
 * public API; rate-limited per minute with the X-RateLimit headers and 429; revoked, expired and
 * deactivated-creator keys answer 401; a key never does more than its creator's role; every
 * request is logged and the summary cards are computed from the logs.
 */

const kinds = await testDatabaseKinds();
let t: TestApp;
let admin: string;
let orgId: number;
const logLines: string[] = [];

const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

interface Created {
  id: number;
  key: string;
  prefix: string;
  status: string;
  lastUsed: string | null;
  requestCount: number;
  rateLimit: number;
  permissions: string[];
  expiresAt: string | null;
}
async function newKey(token: string, body: Record<string, unknown> = {}): Promise<Created> {
  const res = await call(token, 'POST', '/api/v1/admin/api-keys', {
    name: 'Test key',
    permissions: ['read'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const summary = async () => (await call(admin, 'GET', '/api/v1/admin/api-summary')).json();

describe.each(kinds)('API keys on %s', (kind) => {
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(kind, {}, { logger: createLogger({ logLevel: 'debug' }, stream) });
    admin = await t.login();
    orgId = (await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t?.close());

  describe('creating keys', () => {
    it('makes a key on the server: active, never used, shown whole only in the create answer and stored as its SHA-256', async () => {
      const before = await summary();
      expect(before).toMatchObject({
        totalKeys: 0,
        activeKeys: 0,
        requests30d: 0,
        requests24h: 0,
        successRate24h: null,
      });

      const created = await newKey(admin, { name: 'Reporting', permissions: ['read', 'write'] });
      expect(created.key).toMatch(/^cat_live_[0-9a-z]+_[0-9A-Za-z]{43}$/);
      expect(created).toMatchObject({
        name: 'Reporting',
        status: 'active',
        lastUsed: null,
        requestCount: 0,
        rateLimit: 100,
        permissions: ['read', 'write'],
        expiresAt: null,
      });
      expect(created.prefix.endsWith('…')).toBe(true);
      expect(created.key.startsWith(created.prefix.slice(0, -1))).toBe(true);
      expect(created.prefix.length).toBeLessThan(created.key.length / 2);

      const row = await t.deps.db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(created.key);

      // Never again: not in the list, nor anywhere else the tab reads.
      for (const url of [
        '/api/v1/admin/api-keys',
        '/api/v1/admin/api-summary',
        '/api/v1/admin/api-endpoints',
        '/api/v1/admin/api-request-logs',
      ]) {
        expect((await call(admin, 'GET', url)).body).not.toContain(created.key);
      }
      const listed = (await call(admin, 'GET', '/api/v1/admin/api-keys')).json().keys;
      expect(listed).toEqual([
        expect.objectContaining({
          id: created.id,
          prefix: created.prefix,
          createdBy: 'Admin',
          status: 'active',
        }),
      ]);
      expect(listed[0].key).toBeUndefined();
      // Two keys made at once still differ in the shown prefix.
      const twin = await newKey(admin);
      expect(twin.prefix).not.toBe(created.prefix);
      expect((await summary()).totalKeys).toBe(2);
    });

    it('refuses bad input with 400 and a message', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ name: '', permissions: ['read'] }, /Key name is required/],
        [{ name: '   ', permissions: ['read'] }, /Key name is required/],
        [{ name: 'x', permissions: [] }, /Choose at least one permission/],
        [{ name: 'x', permissions: ['root'] }, /read, write or admin/],
        [{ name: 'x', permissions: ['read', 'read'] }, /chosen once/],
        [{ name: 'x', permissions: ['read'], rateLimit: 'lots' }, /Rate limit must be a number/],
        [{ name: 'x', permissions: ['read'], rateLimit: 1.5 }, /whole number/],
        [{ name: 'x', permissions: ['read'], rateLimit: 0 }, /at least 1/],
        [{ name: 'x', permissions: ['read'], rateLimit: 1_000_000 }, /at most/],
        [{ name: 'x', permissions: ['read'], expiresAt: 'tomorrow' }, /ISO date/],
        [
          { name: 'x', permissions: ['read'], expiresAt: new Date(Date.now() - 60_000).toISOString() },
          /must be in the future/,
        ],
        [{ name: 'x'.repeat(101), permissions: ['read'] }, /too long/],
      ];
      for (const [body, message] of cases) {
        const res = await call(admin, 'POST', '/api/v1/admin/api-keys', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      // The rate limit is read as an integer, the default is 100.
      expect((await newKey(admin, { rateLimit: '250' })).rateLimit).toBe(250);
      expect((await call(admin, 'DELETE', '/api/v1/admin/api-keys/abc')).statusCode).toBe(400);
      expect((await call(admin, 'DELETE', '/api/v1/admin/api-keys/999999')).statusCode).toBe(404);
      expect(
        (await call(admin, 'PUT', '/api/v1/admin/api-endpoints/get-users', { enabled: 'yes' })).statusCode,
      ).toBe(400);
      expect(
        (await call(admin, 'PUT', '/api/v1/admin/api-endpoints/no-such-endpoint', { enabled: false }))
          .statusCode,
      ).toBe(404);
      expect((await call(admin, 'GET', '/api/v1/admin/api-request-logs?page=0')).statusCode).toBe(400);
    });

    it('needs orgs.read to see keys and orgs.write to create or revoke them', async () => {
      const manager = await userWithRole(t, { username: 'manon', orgId, role: 'manager' });
      const member = await userWithRole(t, { username: 'mel', orgId, role: 'user' });
      expect((await call(manager.token, 'GET', '/api/v1/admin/api-keys')).statusCode).toBe(200);
      const refused = await call(manager.token, 'POST', '/api/v1/admin/api-keys', {
        name: 'Mine',
        permissions: ['read'],
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/orgs\.write/);
      expect((await call(member.token, 'GET', '/api/v1/admin/api-keys')).statusCode).toBe(403);
      expect((await call(member.token, 'GET', '/api/v1/admin/api-request-logs')).statusCode).toBe(403);
    });
  });

  describe('calling the public API with a key', () => {
    it('answers /api/v1/users with the rate-limit headers and 429 with Retry-After past the limit', async () => {
      const { key } = await newKey(admin, { name: 'Limited', rateLimit: 3 });
      const remaining: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await call(key, 'GET', '/api/v1/users');
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
        remaining.push(String(res.headers['x-ratelimit-remaining']));
        const reset = Number(res.headers['x-ratelimit-reset']);
        expect(reset * 1000).toBeGreaterThan(Date.now());
        expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
        const body = res.json();
        expect(body.success).toBe(true);
        expect(body.data[0]).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          email: expect.any(String),
        });
        expect(body.pagination).toMatchObject({ page: 1, limit: 20, total: expect.any(Number) });
      }
      expect(remaining).toEqual(['2', '1', '0']);
      const limited = await call(key, 'GET', '/api/v1/users');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        error: 'RATE_LIMITED',
        message: expect.stringMatching(/^Rate limit exceeded: this key may make 3 requests per minute/),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      // A new minute, a new allowance.
      t.setNow(new Date(Date.now() + 61_000));
      expect((await call(key, 'GET', '/api/v1/users')).statusCode).toBe(200);
      t.setNow(null);
    });

    it('counts the limit in the app database, shared by every server instance', async () => {
      const { id, key } = await newKey(admin, { name: 'Shared', rateLimit: 5 });
      await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => call(key, 'GET', '/api/v1/users')));
      const windows = await t.deps.db
        .selectFrom('api_rate_windows')
        .selectAll()
        .where('key_id', '=', id)
        .execute();
      expect(windows.find((w) => w.endpoint === '*')?.count).toBe(7);
      expect(windows.find((w) => w.endpoint === 'get-users')?.count).toBe(7);
    });

    it('refuses a revoked, an expired and an unknown key with 401 and says why', async () => {
      const revoked = await newKey(admin, { name: 'Soon revoked' });
      expect((await call(revoked.key, 'GET', '/api/v1/users')).statusCode).toBe(200);
      expect((await call(admin, 'DELETE', `/api/v1/admin/api-keys/${revoked.id}`)).statusCode).toBe(200);
      const res = await call(revoked.key, 'GET', '/api/v1/users');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/^This API key was revoked on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
      expect(
        (await call(admin, 'GET', '/api/v1/admin/api-keys')).json().keys.map((k: { id: number }) => k.id),
      ).not.toContain(revoked.id);
      expect((await call(admin, 'DELETE', `/api/v1/admin/api-keys/${revoked.id}`)).statusCode).toBe(404);

      const expiring = await newKey(admin, {
        name: 'Expiring',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect((await call(expiring.key, 'GET', '/api/v1/users')).statusCode).toBe(200);
      t.setNow(new Date(Date.now() + 2 * 3_600_000));
      const expired = await call(expiring.key, 'GET', '/api/v1/users');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toMatch(/^This API key expired on /);
      expect(
        (await call(admin, 'GET', '/api/v1/admin/api-keys'))
          .json()
          .keys.find((k: { id: number }) => k.id === expiring.id).status,
      ).toBe('expired');
      t.setNow(null);

      const unknown = await call(`cat_live_${'x'.repeat(50)}`, 'GET', '/api/v1/users');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().message).toMatch(/^This API key is not valid/);
    });

    it('works only on the public API: elsewhere a key answers 401', async () => {
      const { key } = await newKey(admin, { permissions: ['admin'] });
      for (const url of [
        '/api/v1/admin/users',
        '/api/v1/authentication/me',
        '/api/copilot/threads',
        '/api/v1/admin/api-keys',
      ]) {
        const res = await call(key, 'GET', url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().message).toBe(
          'API keys work only on the public API (/api/v1/users, /api/v1/conversations, …). Sign in to use the rest of Catalyst.',
        );
      }
      // Keys cannot make keys.
      expect(
        (await call(key, 'POST', '/api/v1/admin/api-keys', { name: 'Child', permissions: ['admin'] }))
          .statusCode,
      ).toBe(401);
      // The public API accepts a session too.
      expect((await call(admin, 'GET', '/api/v1/users')).statusCode).toBe(200);
    });
  });

  describe("a key and its creator's role", () => {
    it('a read key reads; writing needs a write key', async () => {
      const read = await newKey(admin, { permissions: ['read'] });
      const refused = await call(read.key, 'POST', '/api/v1/users', {
        username: 'via.read',
        email: 'via.read@example.com',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'This API key has read access; POST /api/v1/users needs a key with write access.',
      );
      const write = await newKey(admin, { permissions: ['write'] });
      const created = await call(write.key, 'POST', '/api/v1/users', {
        username: 'via.write',
        email: 'via.write@example.com',
        first_name: 'Via',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({
        username: 'via.write',
        email: 'via.write@example.com',
        role: 'User',
        status: 'active',
      });
      // A write key lacks users.delete, so it cannot hand out the Admin role (nobody grants more than they hold).
      const adminRole = await roleId(t, orgId, 'admin');
      expect(
        (
          await call(write.key, 'POST', '/api/v1/users', {
            username: 'via.admin',
            email: 'via.admin@example.com',
            role_id: adminRole,
          })
        ).statusCode,
      ).toBe(403);
      const full = await newKey(admin, { permissions: ['admin'] });
      expect(
        (
          await call(full.key, 'POST', '/api/v1/users', {
            username: 'via.admin',
            email: 'via.admin@example.com',
            role_id: adminRole,
          })
        ).statusCode,
      ).toBe(201);
    });

    it("never does more than the creator's role allows, now: a role change and a deactivation apply at once", async () => {
      // A custom role that may manage API access and read data, but not see users.
      await customRole(t, orgId, 'Integrator', ['orgs.read', 'orgs.write', 'data.read']);
      const integrator = await userWithRole(t, { username: 'ingrid', orgId, role: 'Integrator' });
      const { key } = await newKey(integrator.token, { permissions: ['admin'] });
      const users = await call(key, 'GET', '/api/v1/users');
      expect(users.statusCode).toBe(403);
      expect(users.json().message).toBe(
        'You need the users.read permission (Users read) to do this. Ask an administrator.',
      );
      expect((await call(key, 'GET', '/api/v1/conversations')).statusCode).toBe(200);

      // Given the Manager role, the same key reads users on its very next request.
      await call(admin, 'PUT', `/api/v1/admin/users/${integrator.id}`, {
        email: 'ingrid@example.com',
        firstName: 'Ingrid',
        lastName: 'Tester',
        roleId: await roleId(t, orgId, 'manager'),
      });
      expect((await call(key, 'GET', '/api/v1/users')).statusCode).toBe(200);

      // Deactivated: every key they made stops working.
      expect((await call(admin, 'POST', `/api/v1/admin/users/${integrator.id}/deactivate`)).statusCode).toBe(
        200,
      );
      const res = await call(key, 'GET', '/api/v1/users');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(
        'This API key no longer works: Ingrid Tester, who created it, has been deactivated. Create a new key with an active account.',
      );
      expect(
        (await call(admin, 'GET', '/api/v1/admin/api-keys'))
          .json()
          .keys.find((k: { createdBy: string }) => k.createdBy === 'Ingrid Tester').status,
      ).toBe('inactive');
    });
  });

  describe('endpoints', () => {
    it('lists the real public endpoints, generated from the route table', async () => {
      const { endpoints } = (await call(admin, 'GET', '/api/v1/admin/api-endpoints')).json();
      expect(
        endpoints.map(
          (e: { method: string; path: string; permission: string; rateLimit: number; enabled: boolean }) => [
            e.method,
            e.path,
            e.permission,
            e.rateLimit,
            e.enabled,
          ],
        ),
      ).toEqual([
        ['GET', '/api/v1/users', 'read', 100, true],
        ['POST', '/api/v1/users', 'write', 50, true],
        ['GET', '/api/v1/conversations', 'read', 200, true],
        ['POST', '/api/v1/conversations', 'write', 100, true],
      ]);
      expect(endpoints.every((e: { description: string }) => e.description.length > 10)).toBe(true);
    });

    it("a disabled endpoint answers 403 to the organisation's keys, not to its sessions nor to other organisations", async () => {
      const { key } = await newKey(admin);
      const other = await t.createUser({
        username: 'otto.other',
        password: 'Other#pass12',
        orgName: 'Other Org',
      });
      const otherToken = await t.login('otto.other', 'Other#pass12');
      const otherKey = await newKey(otherToken);
      expect(other.orgId).not.toBe(orgId);

      const off = await call(admin, 'PUT', '/api/v1/admin/api-endpoints/get-users', { enabled: false });
      expect(off.json()).toMatchObject({ id: 'get-users', enabled: false });
      const refused = await call(key, 'GET', '/api/v1/users');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'The endpoint GET /api/v1/users is disabled for your organization. An administrator can enable it in the Admin Panel under API Management → Endpoints.',
      );
      expect(refused.headers['x-ratelimit-limit']).toBeDefined();
      expect(
        (await t.app.inject({ method: 'HEAD', url: '/api/v1/users', headers: bearer(key) })).statusCode,
      ).toBe(403);
      expect((await call(admin, 'GET', '/api/v1/users')).statusCode).toBe(200);
      expect((await call(otherKey.key, 'GET', '/api/v1/users')).statusCode).toBe(200);
      expect(await summary()).toMatchObject({ endpoints: 4, enabledEndpoints: 3 });

      await call(admin, 'PUT', '/api/v1/admin/api-endpoints/get-users', { enabled: true });
      expect((await call(key, 'GET', '/api/v1/users')).statusCode).toBe(200);
    });
  });

  describe('request logs and the summary cards', () => {
    it('log every key request (masked key, endpoint, method, status, time, IP) and compute the figures from them', async () => {
      // A fresh organisation, so every figure is this test's own.
      const logsOrg = (
        await t.createUser({
          username: 'lena.logs',
          password: 'Logs#pass123',
          orgName: 'Logs Org',
          isAdmin: true,
        })
      ).orgId;
      const lena = await t.login('lena.logs', 'Logs#pass123');
      const lenaCall = (method: string, url: string) => call(lena, method, url);
      expect((await lenaCall('GET', '/api/v1/admin/api-summary')).json()).toMatchObject({
        totalKeys: 0,
        requests30d: 0,
        successRate24h: null,
      });

      const created = await newKey(lena, { name: 'Logged', rateLimit: 4 });
      const statuses: number[] = [];
      for (const url of [
        '/api/v1/users',
        '/api/v1/users?page=2',
        '/api/v1/conversations',
        '/api/v1/users?limit=0',
        '/api/v1/users',
        '/api/v1/users',
      ]) {
        statuses.push((await call(created.key, 'GET', url)).statusCode);
      }
      // 3 answered, one bad page size, then past the key's limit of 4 per minute.
      expect(statuses).toEqual([200, 200, 200, 400, 429, 429]);

      const page = (await lenaCall('GET', '/api/v1/admin/api-request-logs?limit=4')).json();
      expect(page.total).toBe(6);
      expect(page.logs).toHaveLength(4);
      expect(page.logs[0]).toMatchObject({
        apiKey: created.prefix,
        keyName: 'Logged',
        method: 'GET',
        endpoint: '/api/v1/users',
        status: 429,
        ipAddress: '127.0.0.1',
      });
      expect(page.logs[0].responseTime).toBeGreaterThanOrEqual(0);
      expect(page.logs.map((l: { status: number }) => l.status)).toEqual([429, 429, 400, 200]);
      const second = (await lenaCall('GET', '/api/v1/admin/api-request-logs?limit=4&page=2')).json();
      expect(second.logs.map((l: { endpoint: string }) => l.endpoint)).toEqual([
        '/api/v1/users',
        '/api/v1/users',
      ]);

      const figures = (await lenaCall('GET', '/api/v1/admin/api-summary')).json();
      expect(figures).toMatchObject({
        totalKeys: 1,
        activeKeys: 1,
        requests30d: 6,
        requests24h: 6,
        successRate24h: 50,
      });
      const listed = (await lenaCall('GET', '/api/v1/admin/api-keys')).json().keys[0];
      expect(listed.requestCount).toBe(6);
      expect(Date.parse(listed.lastUsed)).toBeGreaterThan(Date.now() - 60_000);

      // Other organisations' logs are not theirs to see, nor theirs ours.
      expect(
        (await call(admin, 'GET', '/api/v1/admin/api-request-logs'))
          .json()
          .logs.some((l: { keyName: string }) => l.keyName === 'Logged'),
      ).toBe(false);

      // A day later the success rate counts only the last 24 hours; past 30 days nothing is kept.
      const age = (hours: number) =>
        t.deps.db
          .updateTable('api_request_logs')
          .set({ created_at: sql`created_at - make_interval(hours => ${hours})` })
          .where('org_id', '=', logsOrg)
          .execute();
      await age(25);
      expect((await lenaCall('GET', '/api/v1/admin/api-summary')).json()).toMatchObject({
        requests30d: 6,
        requests24h: 0,
        successRate24h: null,
      });
      await age(30 * 24);
      expect((await lenaCall('GET', '/api/v1/admin/api-summary')).json()).toMatchObject({ requests30d: 0 });
      expect((await lenaCall('GET', '/api/v1/admin/api-request-logs')).json()).toMatchObject({
        total: 0,
        logs: [],
      });
    });

    it('never write a key to a log line', async () => {
      const { key } = await newKey(admin, { permissions: ['admin'] });
      await call(key, 'GET', '/api/v1/users');
      await call(key, 'GET', '/api/v1/admin/users');
      await call(key, 'POST', '/api/v1/users', { username: 'x' });
      await call(admin, 'GET', '/api/v1/admin/api-request-logs');
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join('\n')).not.toContain(key.slice(-40));
      const logged = await t.deps.db.selectFrom('api_request_logs').selectAll().execute();
      expect(JSON.stringify(logged)).not.toContain(key.slice(-40));
    });
  });
});
