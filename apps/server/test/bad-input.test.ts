import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';

const kinds = await testDatabaseKinds();

// Every JSON route of the foundation, with a body shape that is valid.
const ROUTES = [
  {
    method: 'POST',
    url: '/api/v1/authentication/login',
    valid: { username: 'x', password: 'y' },
    auth: false,
  },
  { method: 'POST', url: '/api/v1/authentication/logout', valid: {}, auth: false },
  { method: 'POST', url: '/api/v1/password/reset', valid: { username: 'x' }, auth: false },
  {
    method: 'POST',
    url: '/api/v1/password/set',
    valid: { token: 'abc', newPassword: 'Abc#12345' },
    auth: false,
  },
  { method: 'POST', url: '/api/v1/accept/eula/validate', valid: { userName: 'x' }, auth: false },
  { method: 'POST', url: '/api/v1/accept/eula', valid: {}, auth: true },
  { method: 'GET', url: '/api/v1/admin/outbox?limit=5', valid: undefined, auth: true },
  { method: 'GET', url: '/api/validate-request', valid: undefined, auth: false },
  { method: 'GET', url: '/api/v1/authentication/me', valid: undefined, auth: true },
] as const;

const MEGABYTE = 'a'.repeat(1024 * 1024 + 10);

describe.each(kinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
  });
  afterAll(async () => t?.close());

  const send = (route: (typeof ROUTES)[number], payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: route.method,
      url: route.url,
      headers: { 'content-type': contentType, ...(route.auth ? bearer(token) : {}) },
      payload,
      remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    });

  const expectClientError = (res: { statusCode: number; body: string }, label: string) => {
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const body = JSON.parse(res.body) as { error: string; message: string };
      expect(body.error).toMatch(/^[A-Z_]+$/);
      expect(body.message.length).toBeGreaterThan(10);
    }
  };

  it('answers broken JSON with 400 and a readable message', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'POST')) {
      const res = await send(route, '{"username": ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'BAD_REQUEST',
        message: 'The request body is not valid JSON.',
      });
    }
  });

  it('answers bodies over 1 MiB with 413', async () => {
    for (const route of ROUTES.filter((r) => r.method === 'POST')) {
      const res = await send(
        route,
        JSON.stringify({ username: MEGABYTE, password: MEGABYTE, token: MEGABYTE, userName: MEGABYTE }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/too large/);
    }
  });

  it('answers missing fields and wrong types with 400 naming the field', async () => {
    const login = await send(ROUTES[0], JSON.stringify({ username: 42 }));
    expect(login.statusCode).toBe(400);
    expect(login.json().issues.map((i: { path: string }) => i.path)).toEqual(['username', 'password']);
    const reset = await send(ROUTES[2], JSON.stringify([]));
    expect(reset.statusCode).toBe(400);
    const set = await send(ROUTES[3], JSON.stringify({ token: '' }));
    expect(set.json().message).toContain('Invalid or missing reset token');
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?limit=lots',
      headers: bearer(token),
    });
    expect(outbox.statusCode).toBe(400);
    expect(outbox.json().message).toMatch(/limit/);
  });

  it('answers strings near the limits, other content types and hostile strings without a 5xx', async () => {
    const long = 'x'.repeat(200_000);
    for (const route of ROUTES.filter((r) => r.method === 'POST')) {
      expectClientError(
        await send(
          route,
          JSON.stringify({ username: long, password: long, token: long, newPassword: long, userName: long }),
        ),
        `${route.url} long`,
      );
      expectClientError(
        await send(route, 'username=a&password=b', 'application/x-www-form-urlencoded'),
        `${route.url} form`,
      );
      expectClientError(await send(route, '{"__proto__": {"admin": true}}'), `${route.url} proto`);
      expectClientError(await send(route, 'null'), `${route.url} null`);
    }
  });

  it('never answers 5xx to generated bodies', async () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string()),
      fc.object(),
    );
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom('username', 'password', 'token', 'newPassword', 'userName', 'x'), value),
      fc.jsonValue(),
      fc
        .string({ unit: 'binary' })
        .map((s) => ({ username: s, password: s, userName: s, token: s, newPassword: s })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter((r) => r.method === 'POST')),
        body,
        async (route, payload) => {
          const res = await send(route, JSON.stringify(payload));
          expectClientError(res, route.url);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe.each(kinds)('NUL characters on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('rejects text with NUL characters, which PostgreSQL cannot store, as 400', async () => {
    for (const [url, payload] of [
      ['/api/v1/authentication/login', { username: 'ad\u0000min', password: 'x' }],
      ['/api/v1/password/reset', { username: '\u0000' }],
      ['/api/v1/accept/eula/validate', { userName: 'a\u0000' }],
      ['/api/v1/password/set', { token: 'a\u0000', newPassword: 'Abc#12345' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
