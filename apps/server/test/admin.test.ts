import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { connectedSocket, listen } from './helpers/listen';
import { customRole, MEMBER_PASSWORD, roleId, userWithRole } from './helpers/governance';
import { startSmtp, type TestSmtp } from './helpers/smtp';

/** Users, roles and organisations of the Admin Panel (issue 8 parts 1 and 2), enforced on the server. */

let t: TestApp;
let admin: string;
let orgId: number;
const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

let smtp: TestSmtp;
/** The set-password token of the newest invitation to `to`, as the invitee reads it. */
const outboxLink = (to: string) => smtp.linkTo(to);

beforeAll(async () => {
  // Invitation links reach the invitee only over SMTP (the outbox keeps them redacted).
  smtp = await startSmtp();
  t = await createTestApp('pglite', { SMTP_URL: smtp.url });
  admin = await t.login();
  orgId = (await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('users', () => {
  it('invites a user with a role: an e-mail with a set-password link, then sign-in and a last login', async () => {
    const res = await call(admin, 'POST', '/api/v1/admin/users', {
      username: 'ivy',
      email: 'ivy@example.com',
      firstName: 'Ivy',
      lastName: 'Ng',
      roleId: await roleId(t, orgId, 'manager'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'ivy@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('You are invited to Catalyst (Default)');
    expect(mail.text_body).toContain('Your username is "ivy"');
    let listed = (await call(admin, 'GET', '/api/v1/admin/users'))
      .json()
      .users.find((u: { username: string }) => u.username === 'ivy');
    expect(listed).toMatchObject({
      name: 'Ivy Ng',
      email: 'ivy@example.com',
      roleName: 'Manager',
      organizations: ['Default'],
      status: 'active',
      lastLogin: null,
    });

    const token = await outboxLink('ivy@example.com');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/password/set',
          payload: { token, newPassword: 'Ivy#pass12' },
        })
      ).statusCode,
    ).toBe(200);
    const ivy = await t.login('ivy', 'Ivy#pass12');
    const me = (await call(ivy, 'GET', '/api/v1/authentication/me')).json();
    expect(me).toMatchObject({
      roleName: 'Manager',
      isAdmin: false,
      permissions: ['users.read', 'orgs.read', 'data.read', 'data.write', 'reports.view'],
    });
    listed = (await call(admin, 'GET', '/api/v1/admin/users'))
      .json()
      .users.find((u: { username: string }) => u.username === 'ivy');
    expect(Date.parse(listed.lastLogin)).toBeGreaterThan(Date.now() - 60_000);
    // A Manager may read users but not invite them.
    expect((await call(ivy, 'GET', '/api/v1/admin/users')).statusCode).toBe(200);
    const refused = await call(ivy, 'POST', '/api/v1/admin/users', {
      username: 'zed',
      email: 'zed@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You need the users.write permission (Users write) to do this. Ask an administrator.',
    );
  });

  it('resends an invitation, and says so when the e-mail limit stops it (nothing is sent silently)', async () => {
    const res = await call(admin, 'POST', '/api/v1/admin/users', {
      username: 'jay',
      email: 'jay@example.com',
      roleId: await roleId(t, orgId, 'user'),
    });
    const id = res.json().id as number;
    for (let i = 0; i < 2; i++)
      expect((await call(admin, 'POST', `/api/v1/admin/users/${id}/invitation`)).statusCode).toBe(200);
    const throttled = await call(admin, 'POST', `/api/v1/admin/users/${id}/invitation`);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/already went to jay in the last 15 minutes/);
    // The e-mails go out in the background: wait for the three, then make sure no fourth follows.
    const count = async () =>
      (
        await t.deps.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', 'jay@example.com')
          .execute()
      ).length;
    for (let i = 0; i < 40 && (await count()) < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(await count()).toBe(3);
  });

  it('edits name, e-mail and role; refuses a role of another organisation', async () => {
    const { id } = await userWithRole(t, { username: 'eddie', orgId, role: 'user' });
    const res = await call(admin, 'PUT', `/api/v1/admin/users/${id}`, {
      email: 'ed@example.com',
      firstName: 'Ed',
      lastName: 'Die',
      roleId: await roleId(t, orgId, 'manager'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ed@example.com', name: 'Ed Die', roleName: 'Manager' });
    const otherOrg = (
      await t.deps.db
        .insertInto('organizations')
        .values({ name: 'Elsewhere' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const foreign = await call(admin, 'PUT', `/api/v1/admin/users/${id}`, {
      email: 'ed@example.com',
      roleId: await roleId(t, otherOrg, 'admin'),
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/v1/admin/users/${id}`, { email: 'not-an-email', roleId: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('deactivates a user: their token answers 401 at once, their socket closes, sign-in is refused; reactivation restores sign-in', async () => {
    const dana = await userWithRole(t, { username: 'dana', orgId, role: 'user' });
    const url = await listen(t.app);
    const socket = await connectedSocket(url, dana.token);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    expect((await call(dana.token, 'GET', '/api/v1/authentication/me')).statusCode).toBe(200);
    const res = await call(admin, 'POST', `/api/v1/admin/users/${dana.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('inactive');
    expect((await call(dana.token, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);
    expect(await closed).toBe('io server disconnect');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'dana', password: MEMBER_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect((await call(admin, 'POST', `/api/v1/admin/users/${dana.id}/reactivate`)).json().status).toBe(
      'active',
    );
    await t.login('dana', MEMBER_PASSWORD);
  });

  it('refuses to deactivate oneself or to leave the organisation without an active administrator', async () => {
    const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
    const self = await call(admin, 'POST', `/api/v1/admin/users/${me.id}/deactivate`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate yourself. Ask another administrator to do it.');
    const demote = await call(admin, 'PUT', `/api/v1/admin/users/${me.id}`, {
      email: me.email,
      firstName: 'Admin',
      roleId: await roleId(t, orgId, 'user'),
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/last active administrator/);
    // With a second administrator the first may step down, and the second may not deactivate the last one.
    const second = await userWithRole(t, { username: 'second', orgId, role: 'admin' });
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/users/${second.id}`, {
          email: 'second@example.com',
          roleId: await roleId(t, orgId, 'user'),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/users/${second.id}`, {
          email: 'second@example.com',
          roleId: await roleId(t, orgId, 'admin'),
        })
      ).statusCode,
    ).toBe(200);
    const secondToken = await t.login('second', MEMBER_PASSWORD);
    expect((await call(secondToken, 'POST', `/api/v1/admin/users/${me.id}/deactivate`)).statusCode).toBe(200);
    const last = await call(admin, 'POST', `/api/v1/admin/users/${second.id}/deactivate`);
    expect(last.statusCode).toBe(401); // the first admin's own session ended with the deactivation
    expect((await call(secondToken, 'POST', `/api/v1/admin/users/${me.id}/reactivate`)).statusCode).toBe(200);
    admin = await t.login();
  });
});

describe('roles', () => {
  it('lists the sample roles with their permissions and user counts', async () => {
    const roles = (await call(admin, 'GET', '/api/v1/admin/roles')).json().roles;
    expect(
      roles
        .slice(0, 3)
        .map((r: { name: string; key: string; permissions: string[] }) => [
          r.name,
          r.key,
          r.permissions.length,
        ]),
    ).toEqual([
      ['Admin', 'admin', 8],
      ['Manager', 'manager', 5],
      ['User', 'user', 2],
    ]);
    expect(roles[0].userCount).toBeGreaterThanOrEqual(1);
  });

  it('a role edit changes what its holders may do on their very next request', async () => {
    const analyst = await customRole(t, orgId, 'Analyst', ['data.read']);
    const ana = await userWithRole(t, { username: 'ana', orgId, role: 'Analyst' });
    const create = () =>
      call(ana.token, 'POST', '/api/copilot/onboarding/use_case/v2', {
        usecase_name: `Churn ${Math.random()}`,
      });
    expect((await create()).statusCode).toBe(403);
    const edit = await call(admin, 'PUT', `/api/v1/admin/roles/${analyst}`, {
      name: 'Analyst',
      description: 'Builds use cases',
      permissions: ['data.read', 'data.write'],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Analyst',
      description: 'Builds use cases',
      permissions: ['data.read', 'data.write'],
      userCount: 1,
      key: null,
    });
    expect((await create()).statusCode).toBe(200);
    await call(admin, 'PUT', `/api/v1/admin/roles/${analyst}`, {
      name: 'Analyst',
      permissions: ['data.read'],
    });
    expect((await create()).statusCode).toBe(403);
  });

  it('refuses duplicate names, deleting a held role, deleting or disarming Admin, and granting more than one holds', async () => {
    const created = await call(admin, 'POST', '/api/v1/admin/roles', {
      name: 'Viewer',
      description: 'Dashboards only',
      permissions: ['reports.view'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(
      (await call(admin, 'POST', '/api/v1/admin/roles', { name: 'viewer', permissions: [] })).statusCode,
    ).toBe(409);
    expect(
      (await call(admin, 'POST', '/api/v1/admin/roles', { name: 'Bad', permissions: ['data.everything'] }))
        .statusCode,
    ).toBe(400);
    const held = await call(admin, 'DELETE', `/api/v1/admin/roles/${await roleId(t, orgId, 'user')}`);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toMatch(
      /^\d+ users? holds? the role "User"\. Give (them|each of them) another role first\.$/,
    );
    const adminRole = await roleId(t, orgId, 'admin');
    expect((await call(admin, 'DELETE', `/api/v1/admin/roles/${adminRole}`)).json().message).toBe(
      'The Admin role cannot be deleted: every organization needs it.',
    );
    const strip = await call(admin, 'PUT', `/api/v1/admin/roles/${adminRole}`, {
      name: 'Admin',
      permissions: ['users.read'],
    });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().message).toMatch(/^The Admin role cannot be changed/);
    expect((await call(admin, 'DELETE', `/api/v1/admin/roles/${created.json().id}`)).statusCode).toBe(200);

    await customRole(t, orgId, 'Recruiter', ['users.read', 'users.write']);
    const rita = await userWithRole(t, { username: 'rita', orgId, role: 'Recruiter' });
    const escalate = await call(rita.token, 'POST', '/api/v1/admin/roles', {
      name: 'Sneaky',
      permissions: ['data.write'],
    });
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().message).toBe(
      'You cannot grant permissions you do not hold yourself: data.write (Data write).',
    );
    const inviteAdmin = await call(rita.token, 'POST', '/api/v1/admin/users', {
      username: 'boss',
      email: 'boss@example.com',
      roleId: adminRole,
    });
    expect(inviteAdmin.statusCode).toBe(403);
    // Nor may they change the account of someone who holds more than they do (e-mail → password reset → takeover).
    const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
    const takeover = await call(rita.token, 'PUT', `/api/v1/admin/users/${me.id}`, {
      email: 'rita@evil.example',
      roleId: adminRole,
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toMatch(
      /holds permissions you do not have .*so you cannot change their account\.$/,
    );
  });
});

describe('organizations', () => {
  it('shows and edits the own organisation, with a time zone', async () => {
    const list = (await call(admin, 'GET', '/api/v1/admin/organizations')).json();
    const own = list.organizations.find((o: { id: number }) => o.id === orgId);
    expect(own).toMatchObject({ name: 'Default', status: 'active', timeZone: 'UTC', isPlatform: true });
    expect(own.userCount).toBeGreaterThan(3);
    const res = await call(admin, 'PUT', `/api/v1/admin/organizations/${orgId}`, {
      name: 'Default',
      description: 'The operator',
      domains: ['Example.com', 'example.com'],
      timeZone: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'The operator',
      domains: ['example.com'],
      timeZone: 'Europe/Berlin',
    });
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/organizations/${orgId}`, {
          name: 'Default',
          timeZone: 'Mars/Olympus',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/organizations/${orgId}`, {
          name: 'Default',
          domains: ['not a domain'],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets the platform operator create an organisation with its roles and an invited first administrator', async () => {
    const res = await call(admin, 'POST', '/api/v1/admin/organizations', {
      name: 'Acme',
      description: 'A customer',
      domains: ['acme.test'],
      timeZone: 'America/New_York',
      admin: { username: 'acme-admin', email: 'boss@acme.test', firstName: 'Bo' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const acme = res.json();
    expect(acme).toMatchObject({ name: 'Acme', userCount: 1, status: 'active', isPlatform: false });
    const roles = await t.deps.db
      .selectFrom('roles')
      .select('name')
      .where('org_id', '=', acme.id)
      .orderBy('id')
      .execute();
    expect(roles.map((r) => r.name)).toEqual(['Admin', 'Manager', 'User']);
    const token = await outboxLink('boss@acme.test');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/set',
      payload: { token, newPassword: 'Acme#pass1' },
    });
    const boss = await t.login('acme-admin', 'Acme#pass1');
    expect((await call(boss, 'GET', '/api/v1/authentication/me')).json()).toMatchObject({
      orgName: 'Acme',
      roleName: 'Admin',
      isAdmin: true,
    });
    // Their own organisation only; creating organisations is the platform operator's.
    expect(
      (await call(boss, 'GET', '/api/v1/admin/organizations'))
        .json()
        .organizations.map((o: { name: string }) => o.name),
    ).toEqual(['Acme']);
    const create = await call(boss, 'POST', '/api/v1/admin/organizations', {
      name: 'Acme 2',
      admin: { username: 'x2', email: 'x2@acme.test' },
    });
    expect(create.statusCode).toBe(403);
    expect((await call(boss, 'POST', `/api/v1/admin/organizations/${orgId}/deactivate`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(admin, 'POST', '/api/v1/admin/organizations', {
          name: 'acme',
          admin: { username: 'x3', email: 'x3@acme.test' },
        })
      ).statusCode,
    ).toBe(409);

    // Deactivating the organisation ends its sessions and refuses sign-in with a clear message.
    const off = await call(admin, 'POST', `/api/v1/admin/organizations/${acme.id}/deactivate`);
    expect(off.json().status).toBe('inactive');
    expect((await call(boss, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'acme-admin', password: 'Acme#pass1' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your organization "Acme" has been deactivated, so you cannot sign in. Contact the administrator of the platform.',
    );
    expect((await call(admin, 'POST', `/api/v1/admin/organizations/${orgId}/deactivate`)).statusCode).toBe(
      409,
    );
    await call(admin, 'POST', `/api/v1/admin/organizations/${acme.id}/reactivate`);
    await t.login('acme-admin', 'Acme#pass1');
  });
});
