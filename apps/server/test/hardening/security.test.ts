import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/deps';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../helpers/app';

/**
 * The security review of OWASP ASVS level 2 essentials that are not covered elsewhere (CSRF and
 * headers: auth.test.ts; reset links: auth.test.ts; SSRF: ssrf.test.ts; upload sniffing:
 * data-sources/upload-bad-input.test.ts, documents.test.ts; secrets in responses and logs:
 * data-sources/connections.test.ts). Each test names the ASVS requirement it checks.
 */
describe('security review', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Every log line of the app, at the most verbose level, through the app's own logger settings.
    t = await createTestApp('pglite', {}, { logger: createLogger({ logLevel: 'trace' }, sink) });
  });
  afterAll(async () => t?.close());

  it('V3.2.1 session fixation: a session id planted before sign-in is never adopted', async () => {
    const planted = 'A'.repeat(43);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      cookies: { catalyst_session: planted },
      headers: { origin: 'http://catalyst.test' },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === 'catalyst_session')!.value;
    expect(issued).not.toBe(planted);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/validate-request',
          cookies: { catalyst_session: planted },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/validate-request',
          cookies: { catalyst_session: issued },
        })
      ).json(),
    ).toMatchObject({ valid: true });
    // Two sign-ins never share a session.
    const again = await t.login();
    expect(again).not.toBe(issued);
  });

  it('V3.3.1 sign-out ends the session on the server, not just in the browser', async () => {
    const token = await t.login();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/logout',
          headers: bearer(token),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/copilot/threads', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('V7.1.1 / V8.3.4 logs carry no passwords, tokens or session cookies', async () => {
    lines.length = 0;
    const token = await t.login();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin', password: 'Wrong#password1' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/copilot/threads',
      headers: { authorization: `Bearer ${token}`, cookie: `catalyst_session=${token}` },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token: 'reset-token-abcdef0123456789', newPassword: 'Another#pass99' },
    });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [
      ADMIN_PASSWORD,
      'Wrong#password1',
      token,
      'reset-token-abcdef0123456789',
      'Another#pass99',
    ])
      expect(text).not.toContain(secret);
  });

  it('V13.2.1 / V14.5.3 no API route answers a foreign origin with credentials (no CORS)', async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/copilot/threads',
      headers: { ...bearer(token), origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('V14.4 security headers on the app and the API: CSP without inline scripts, no sniffing, no framing by others', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('V4.1.3 / V5.1.3 an unknown API path and an oversized body are refused without details', async () => {
    const token = await t.login();
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/../../etc/passwd',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
    expect(unknown.statusCode).toBeLessThan(500);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/copilot/threads/1',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'y'.repeat(3 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBeGreaterThanOrEqual(400);
    expect(big.statusCode).toBeLessThan(500);
    expect(big.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
