import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { startSmtp, type TestSmtp } from './helpers/smtp';

const kinds = await testDatabaseKinds();

async function waitForOutboxMail(t: TestApp, to: string) {
  for (let i = 0; i < 50; i++) {
    const row = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

describe.each(kinds)('sign-in API on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    // Reset links reach the user only over SMTP (the outbox keeps them redacted).
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('signs the first admin in, returns the spec fields, and sets an HttpOnly session cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'Admin',
      username: 'admin',
      defaultUseCaseId: null,
      isEulaAccepted: false,
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = res.cookies.find((c) => c.name === 'catalyst_session');
    expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: '  ADMIN ', password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown user alike, with the spec text', async () => {
    for (const payload of [
      { username: 'admin', password: 'wrong' },
      { username: 'nobody', password: 'wrong' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/login',
        payload,
        remoteAddress: '10.9.9.9',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: 'INVALID_CREDENTIALS',
        message: 'Invalid username or password',
      });
    }
  });

  it('throttles after 5 failures per username and IP in 15 minutes, with Retry-After', async () => {
    const attempt = (password: string, remoteAddress = '10.1.1.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/authentication/login',
        payload: { username: 'admin', password },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await attempt('nope')).statusCode).toBe(401);
    const blocked = await attempt(ADMIN_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().message).toMatch(/Too many failed sign-in attempts/);
    // Another IP is not affected.
    expect((await attempt(ADMIN_PASSWORD, '10.1.1.2')).statusCode).toBe(200);
    // After the window, the account works again from that IP.
    t.setNow(new Date(Date.now() + 16 * 60_000));
    expect((await attempt(ADMIN_PASSWORD)).statusCode).toBe(200);
    t.setNow(null);
  });

  it('requires a session on every other /api route, by cookie or bearer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/accept/eula' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(401);
    const token = await t.login();
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me',
      headers: bearer(token),
    });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toMatchObject({ username: 'admin', isAdmin: true, orgName: 'Default' });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me',
      cookies: { catalyst_session: token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: bearer('made-up') }))
        .statusCode,
    ).toBe(401);
  });

  it('validates a request: valid with a session, 401 without', async () => {
    const token = await t.login();
    const ok = await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(token) });
    expect(ok.json()).toEqual({ valid: true });
    const no = await t.app.inject({ method: 'GET', url: '/api/validate-request' });
    expect(no.statusCode).toBe(401);
    expect(no.json()).toMatchObject({ valid: false });
  });

  it('logs out by revoking the session and clearing the cookie', async () => {
    const token = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: bearer(token),
      payload: {},
    });
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    expect(res.cookies.find((c) => c.name === 'catalyst_session')?.value).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
  });

  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    const token = await t.login();
    const { sessionIdleMs, sessionAbsoluteMs } = t.deps.config;
    t.setNow(new Date(Date.now() + sessionIdleMs + 60_000));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
    const start = Date.now();
    t.setNow(new Date(start));
    const token2 = await t.login();
    // Staying active keeps the session alive only up to its absolute expiry.
    for (let at = start; at < start + sessionAbsoluteMs - 60_000; at += sessionIdleMs / 2) {
      t.setNow(new Date(at));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(token2) }))
          .statusCode,
      ).toBe(200);
    }
    t.setNow(new Date(start + sessionAbsoluteMs + 1000));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(token2) }))
        .statusCode,
    ).toBe(401);
    t.setNow(null);
  });

  it('checks and records the license agreement', async () => {
    const validate = (userName: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/accept/eula/validate', payload: { userName } });
    expect((await validate(' admin ')).json()).toEqual({ isEulaAccepted: false });
    expect((await validate('nobody')).json()).toEqual({ isEulaAccepted: false });
    const token = await t.login();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accept/eula',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: 'EULA accepted successfully' });
    // This browser now knows; a stranger is told nothing (hardening/auth-review.test.ts).
    const remembered = accepted.cookies.find((c) => c.name === 'catalyst_eula')!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/accept/eula/validate',
          payload: { userName: 'admin' },
          cookies: { catalyst_eula: remembered.value },
        })
      ).json(),
    ).toEqual({ isEulaAccepted: true });
    expect((await validate('admin')).json()).toEqual({ isEulaAccepted: false });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.json().isEulaAccepted).toBe(true);
  });

  it('resets a password through the e-mailed single-use link and revokes other sessions', async () => {
    await t.createUser({ username: 'rita', password: 'Old#pass1', email: 'rita@example.com' });
    const oldSession = await t.login('rita', 'Old#pass1');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { username: 'ghost' },
    });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { username: 'rita' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ status: 'success', message: 'Password reset instructions sent' });

    const token = await smtp.linkTo('rita@example.com');
    const mail = await waitForOutboxMail(t, 'rita@example.com');
    expect(mail.text_body).toContain('http://catalyst.test/set-password?token=[redacted]');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(
      /^Password Requirements Not Met: Password must contain at least 8 characters/,
    );
    expect(weak.json().message).toContain('at least one number');

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'New#pass22' },
    });
    expect(set.json()).toEqual({ status: 'success', message: 'Password has been reset successfully' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/validate-request', headers: bearer(oldSession) }))
        .statusCode,
    ).toBe(401);
    await t.login('rita', 'New#pass22');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'Other#pass3' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses a reset link older than one hour', async () => {
    await t.createUser({ username: 'omar', password: 'Old#pass1', email: 'omar@example.com' });
    await t.app.inject({ method: 'POST', url: '/api/v1/password/reset', payload: { username: 'omar' } });
    const token = await smtp.linkTo('omar@example.com');
    t.setNow(new Date(Date.now() + 61 * 60_000));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'New#pass22' },
    });
    t.setNow(null);
    expect(res.statusCode).toBe(400);
  });

  it('shows the outbox to admins of the organisation only', async () => {
    await t.createUser({ username: 'nina', password: 'Nina#pass1' });
    const nina = await t.login('nina', 'Nina#pass1');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(nina) })).statusCode,
    ).toBe(403);
    const admin = await t.login();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.some((m: { to: string }) => m.to === 'rita@example.com')).toBe(true);
    const other = await t.createUser({
      username: 'olga',
      password: 'Olga#pass1',
      orgName: 'Other',
      isAdmin: true,
    });
    expect(other.orgId).not.toBe(
      (await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    );
    const olga = await t.login('olga', 'Olga#pass1');
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: bearer(olga) });
    expect(theirs.json().items).toEqual([]);
  });

  it('refuses cookie-authenticated writes from a foreign origin and sends security headers', async () => {
    const token = await t.login();
    const accept = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/accept/eula',
        cookies: { catalyst_session: token },
        headers,
      });
    expect((await accept({})).statusCode).toBe(403);
    expect((await accept({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await accept({ origin: 'http://catalyst.test' })).statusCode).toBe(200);
    expect((await accept({ referer: 'http://catalyst.test/use-cases' })).statusCode).toBe(200);
    const viaBearer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/accept/eula',
      headers: bearer(token),
    });
    expect(viaBearer.statusCode).toBe(200);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['content-security-policy']).toContain("script-src 'self'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets an admin invite a user, who sets a password from the e-mailed link', async () => {
    const admin = await t.login();
    const invite = (token: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/users',
        headers: bearer(token),
        payload: payload as object,
      });
    const res = await invite(admin, { username: 'vera', email: 'vera@example.com', firstName: 'Vera' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await invite(admin, { username: 'VERA', email: 'v2@example.com' })).statusCode).toBe(409);
    expect((await invite(admin, { username: 'bad name', email: 'x' })).statusCode).toBe(400);
    const token = await smtp.linkTo('vera@example.com');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/password/set',
          payload: { token, newPassword: 'Vera#pass1' },
        })
      ).statusCode,
    ).toBe(200);
    const vera = await t.login('vera', 'Vera#pass1');
    expect((await invite(vera, { username: 'zed', email: 'zed@example.com' })).statusCode).toBe(403);
  });

  it('serves the OpenAPI document and the docs page without a session', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toContain('/api/v1/authentication/login');
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
