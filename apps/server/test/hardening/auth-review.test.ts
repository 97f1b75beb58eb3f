import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import { LOGIN_FAILURE_LIMIT } from '../../src/features/auth/service';
import { ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../helpers/app';
import { testDatabaseKinds } from '../helpers/databases';
import { customRole, userWithRole } from '../helpers/governance';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

/**
 * The sign-in, mail and administration findings of the outside security review (issue 13 items
 * 1 and 9): reset links never readable in the outbox, outbox mail only about accounts the reader
 * may manage, an atomic sign-in throttle, no username oracle in the licence check or in
 * invitations, and no Bearer header that lets a cookie-authenticated write skip the Origin check.
 */
const kinds = await testDatabaseKinds();

const call = (t: TestApp, token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** A set-password link with a token in it (the token is 43 base64url characters). */
const USABLE_LINK = /set-password\?token=[A-Za-z0-9_-]{20,}/;

async function outboxRowsTo(t: TestApp, to: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await t.deps.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).execute();
    if (rows.length) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

describe('reset links and the mail outbox (finding 1)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let orgId: number;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    orgId = (await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a users.read + users.write role asking a reset for "admin" cannot read the link: the outbox hides the mail and never holds the token', async () => {
    await customRole(t, orgId, 'Recruiter', ['users.read', 'users.write']);
    const recruiter = await userWithRole(t, { username: 'rex', orgId, role: 'Recruiter' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { username: 'admin' },
    });
    expect(reset.statusCode).toBe(200);
    // The administrator really got a working link over SMTP…
    const token = await smtp.linkTo('admin@localhost');
    // …which the recruiter cannot see in the outbox,
    const seen = (await call(t, recruiter.token, 'GET', '/api/v1/admin/outbox')).json() as {
      items: { to: string; text: string; html: string | null }[];
    };
    expect(seen.items.map((m) => m.to)).not.toContain('admin@localhost');
    expect(JSON.stringify(seen)).not.toContain(token);
    // …and which is not kept in readable form at rest, nor shown to the administrator themself.
    const rows = await outboxRowsTo(t, 'admin@localhost');
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(token);
      expect(`${row.subject}\n${row.text_body}\n${row.html_body}`).not.toMatch(USABLE_LINK);
      expect(row.text_body).toContain('set-password?token=[redacted]');
    }
    const admin = await t.login();
    const adminView = (await call(t, admin, 'GET', '/api/v1/admin/outbox')).json() as {
      items: { to: string }[];
    };
    expect(adminView.items.map((m) => m.to)).toContain('admin@localhost');
    expect(JSON.stringify(adminView)).not.toContain(token);
    // The mailed link works, once.
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'Changed#pass1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await t.login('admin', 'Changed#pass1');
  });

  it('invitation links are kept redacted too, and the outbox shows the reader mail about accounts they may manage', async () => {
    const admin = await t.login('admin', 'Changed#pass1');
    const invited = await call(t, admin, 'POST', '/api/v1/admin/users', {
      username: 'ina',
      email: 'ina@example.com',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = await smtp.linkTo('ina@example.com');
    const rows = await outboxRowsTo(t, 'ina@example.com');
    expect(JSON.stringify(rows)).not.toContain(token);
    const recruiter = await t.login('rex', 'Member#pass1');
    const seen = (await call(t, recruiter, 'GET', '/api/v1/admin/outbox')).json() as {
      items: { to: string }[];
    };
    // Ina holds the User role (data.read, reports.view), more than a users.read + users.write
    // role holds: her mail is not the recruiter's to read. Mail about a role they cover is.
    expect(seen.items.map((m) => m.to)).not.toContain('ina@example.com');
    await customRole(t, orgId, 'Nothing', []);
    const nobody = await userWithRole(t, { username: 'nemo', orgId, role: 'Nothing' });
    await t.app.inject({ method: 'POST', url: '/api/v1/password/reset', payload: { username: 'nemo' } });
    await smtp.mailTo('nemo@example.com');
    await outboxRowsTo(t, 'nemo@example.com');
    const now = (await call(t, recruiter, 'GET', '/api/v1/admin/outbox')).json() as {
      items: { to: string }[];
    };
    expect(now.items.map((m) => m.to)).toContain('nemo@example.com');
    expect(nobody.id).toBeGreaterThan(0);
  });

  it("another organisation's administrator never sees mail about the platform's users", async () => {
    const other = await t.createUser({
      username: 'olga',
      password: 'Olga#pass1',
      orgName: 'Other',
      isAdmin: true,
    });
    expect(other.orgId).not.toBe(orgId);
    const olga = await t.login('olga', 'Olga#pass1');
    const theirs = (await call(t, olga, 'GET', '/api/v1/admin/outbox')).json() as { items: { to: string }[] };
    expect(theirs.items.map((m) => m.to)).not.toContain('admin@localhost');
    expect(theirs.items).toEqual([]);
  });

  it('without SMTP the kept copy has no usable link either', async () => {
    const plain = await createTestApp('pglite');
    try {
      await plain.createUser({ username: 'kim', password: 'Kim#pass12' });
      await plain.app.inject({ method: 'POST', url: '/api/v1/password/reset', payload: { username: 'kim' } });
      const [row] = await outboxRowsTo(plain, 'kim@example.com');
      expect(row!.status).toBe('kept');
      expect(`${row!.text_body}\n${row!.html_body}`).not.toMatch(USABLE_LINK);
      expect(row!.text_body).toContain('set-password?token=[redacted]');
    } finally {
      await plain.close();
    }
  });
});

describe.each(kinds)('sign-in throttle on %s (finding 9)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it(`checks at most ${LOGIN_FAILURE_LIMIT} passwords of 150 parallel guesses, then refuses even the right one`, async () => {
    const guesses = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/login',
          payload: { username: 'admin', password: `Wrong#guess${i}` },
        }),
      ),
    );
    const checked = guesses.filter((r) => r.statusCode === 401).length;
    const refused = guesses.filter((r) => r.statusCode === 429).length;
    console.log(`sign-in throttle on ${kind}: ${checked} of 150 parallel guesses had their password checked`);
    expect(checked + refused).toBe(150);
    expect(checked).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(checked).toBeGreaterThan(0);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes: the right password works again, and clears the count.
    t.setNow(new Date(Date.now() + 16 * 60_000));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/authentication/login',
          payload: { username: 'admin', password: ADMIN_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    t.setNow(null);
  });
});

describe('no username oracle (finding 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  const validate = (userName: string, cookies?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/accept/eula/validate',
      payload: { userName },
      ...(cookies && { cookies }),
    });

  it('the licence check answers a stranger the same for an existing user who accepted and for nobody', async () => {
    const token = await t.login();
    expect((await call(t, token, 'POST', '/api/v1/accept/eula')).statusCode).toBe(200);
    expect((await validate('admin')).json()).toEqual({ isEulaAccepted: false });
    expect((await validate('no-such-user')).json()).toEqual({ isEulaAccepted: false });
  });

  it('the browser the user signed in with still gets the box pre-ticked (spec: "known to have accepted")', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const remembered = login.cookies.find((c) => c.name === 'catalyst_eula');
    expect(remembered).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const cookies = { catalyst_eula: remembered!.value };
    expect((await validate(' ADMIN ', cookies)).json()).toEqual({ isEulaAccepted: true });
    expect((await validate('someone-else', cookies)).json()).toEqual({ isEulaAccepted: false });
    // A cookie made up by hand proves nothing.
    expect((await validate('admin', { catalyst_eula: 'made-up' })).json()).toEqual({ isEulaAccepted: false });
  });

  it('an invitation answers a name taken in another organisation exactly like one taken in the own, and stops answering after a few', async () => {
    await t.createUser({ username: 'outsider', password: 'Out#pass123', orgName: 'Elsewhere' });
    const admin = await t.login();
    const invite = (username: string) =>
      call(t, admin, 'POST', '/api/v1/admin/users', { username, email: `${username}.x@example.com` });
    const elsewhere = await invite('outsider');
    const own = await invite('admin');
    expect(elsewhere.statusCode).toBe(409);
    expect(own.statusCode).toBe(409);
    const text = (r: typeof own) => r.json().message.replace(/"[^"]*"/, '"…"');
    expect(text(elsewhere)).toBe(text(own));
    // Probing name after name is cut short: then a free name and a taken one answer alike (429).
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await invite('outsider')).statusCode);
    expect(answers).toContain(429);
    const free = await invite('fresh.name');
    const taken = await invite('outsider');
    expect(free.statusCode).toBe(429);
    expect(taken.statusCode).toBe(429);
    expect(free.json().message).toBe(taken.json().message);
  });
});

describe('the Origin check with a Bearer header (finding 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('a cookie-authenticated write from a foreign origin is refused even when it also carries a Bearer header', async () => {
    const token = await t.login();
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/accept/eula',
        cookies: { catalyst_session: token },
        headers,
      });
    expect((await write({ ...bearer(token), origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await write({ ...bearer('anything'), origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await write(bearer(token))).statusCode).toBe(403);
    expect((await write({ ...bearer(token), origin: 'http://catalyst.test' })).statusCode).toBe(200);
    // Without the cookie a Bearer token is not sent by browsers on their own: no Origin needed.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/accept/eula', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});

describe('migration 1000 repairs what the holes left behind (findings 1 and 5)', () => {
  it('gives stripped Admin roles every permission back and removes tokens from kept mail', async () => {
    const database = await openPglite(await PGlite.create());
    try {
      const db = database.db;
      await migrateUpTo(db, '0900_hardening');
      const org = await sql<{
        id: number;
      }>`insert into organizations (name) values ('Acme') returning id`.execute(db);
      const orgId = org.rows[0]!.id;
      const user = await sql<{ id: number }>`
        insert into users (org_id, username, email, password_hash, is_admin)
        values (${orgId}, 'boss', 'boss@acme.test', 'x', true) returning id`.execute(db);
      await sql`update roles set permissions = '["users.write"]'::jsonb where key = 'admin'`.execute(db);
      const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
      await sql`
        insert into mail_outbox (org_id, to_address, subject, text_body, html_body, status)
        values (${orgId}, 'boss@acme.test', 'Reset', ${`Open http://x/set-password?token=${token}\n`},
                ${`<a href="http://x/set-password?token=${token}">Choose</a>`}, 'kept')`.execute(db);
      await migrateToLatest(db);
      const admin = await sql<{
        permissions: string[];
      }>`select permissions from roles where org_id = ${orgId} and key = 'admin'`.execute(db);
      expect([...admin.rows[0]!.permissions].sort()).toEqual([
        'data.read',
        'data.write',
        'orgs.read',
        'orgs.write',
        'reports.view',
        'users.delete',
        'users.read',
        'users.write',
      ]);
      const mail = await sql<{
        text_body: string;
        html_body: string;
        about_user_id: number;
      }>`select text_body, html_body, about_user_id from mail_outbox`.execute(db);
      expect(JSON.stringify(mail.rows)).not.toContain(token);
      expect(mail.rows[0]).toMatchObject({
        text_body: 'Open http://x/set-password?token=[redacted]\n',
        html_body: '<a href="http://x/set-password?token=[redacted]">Choose</a>',
        about_user_id: user.rows[0]!.id,
      });
    } finally {
      await database.close();
    }
  });
});
