import { PERMISSIONS, permissionDeniedMessage, type TPermission } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../src/plugins/auth';
import { bearer, createTestApp, createUseCaseOver, type TestApp } from '../helpers/app';
import { csvSource, customRole, roleId, userWithRole } from '../helpers/governance';
import { ask, connectedSocket, listen } from '../helpers/listen';
import { bodyBuilder, ID_FIELD, loadOperations, type Operation } from '../helpers/openapi';

/**
 * Roles inside one organisation, every permission boundary (issue 13 item 5). For each of the
 * permissions a role can hold, a user holding all the others:
 * - is refused (403, naming the permission) on every route of the route table that requires it,
 *   called with the organisation's real ids and a body built from the route's schema, and the
 *   organisation's data is the same afterwards;
 * - cannot hand the permission out or take it away: not by creating, editing or deleting a role
 *   that grants it, nor by giving such a role to anyone (themself included), nor by changing an
 *   account that holds it; and never sees the mail about such an account in the outbox.
 * The Admin role is immutable: its name and permissions never change and it cannot be deleted.
 * A route or permission added later is covered without touching this file.
 */
const ALL = PERMISSIONS.map((p) => p.id);

let t: TestApp;
let admin: string;
let orgId: number;
let adminRoleId: number;
let operations: Operation[];
let bodyFor: (schema: Operation['body'], id: number) => unknown;
/** Per permission P: a signed-in user whose role holds every permission but P. */
const allBut = new Map<TPermission, { id: number; token: string; roleId: number }>();
/** Per permission P: a role granting only P, held by a user (the one whose account is at stake). */
const grants = new Map<TPermission, { roleId: number; userId: number; username: string }>();
/** Ids of the organisation's objects, by the list route they were seen on. */
const idsByList = new Map<string, number[]>();
const anyIds: number[] = [];
/** An alert of the organisation, as a scan stores it. */
let alertId: number;
/** The app listening on a loopback port, once, for the socket tests. */
let listening: Promise<string> | undefined;
const socketUrl = () => (listening ??= listen(t.app));

const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** What the administrator sees through every list route: compared before and after the refused calls. */
async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const op of operations.filter(
    (o) =>
      o.method === 'GET' &&
      !o.path.includes('{') &&
      !/stream|openapi|docs|health|validate-request|audit|request-logs|summary|metrics|runs/.test(o.path),
  )) {
    const res = await call(admin, 'GET', op.path);
    out[op.path] =
      `${res.statusCode} ${res.body.replace(/"(requestId|lastUsed|lastLogin|last_login|updatedAt|updated_at|generated_at|lastActivity)":"[^"]*"/g, '')}`;
  }
  return out;
}

/** The table rows a role or account change would touch. */
const rolesAndUsers = async () => ({
  roles: await t.deps.db.selectFrom('roles').selectAll().orderBy('id').execute(),
  users: await t.deps.db
    .selectFrom('users')
    .select(['id', 'email', 'role_id', 'is_active', 'password_hash'])
    .orderBy('id')
    .execute(),
  resetLinks: Number(
    (
      await t.deps.db
        .selectFrom('password_reset_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

/** A real id for a path parameter: one the list route above it shows, else any of the organisation's. */
function idFor(path: string): number {
  const list = path.slice(0, path.indexOf('/{'));
  return idsByList.get(list)?.[0] ?? anyIds[0]!;
}

beforeAll(async () => {
  t = await createTestApp('pglite');
  admin = await t.login();
  const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json() as { id: number; orgId: number };
  orgId = me.orgId;
  adminRoleId = await roleId(t, orgId, 'admin');

  // The organisation holds one of most things, so every route has something real to act on.
  const connId = await csvSource(t, { orgId, userId: me.id, name: 'Sales' });
  const useCaseId = await createUseCaseOver(t, admin, { name: 'Sales use case', connId });
  await call(admin, 'POST', '/api/copilot/decisions', {
    title: 'Decision',
    description: 'd',
    useCaseId,
    alertId: 'manual',
    decisionRationale: 'r',
  });
  await call(admin, 'POST', '/api/copilot/action-flows', {
    name: 'Flow',
    description: 'd',
    triggerType: 'manual',
    steps: ['step'],
  });
  await call(admin, 'POST', '/api/v1/admin/data-access-groups', { name: 'Group', restrictions: [] });
  await call(admin, 'POST', '/api/copilot/documents/folders', { name: 'Folder', color: 'blue' });
  await call(admin, 'POST', '/api/v1/admin/api-keys', { name: 'Key', permissions: ['read'], rateLimit: 60 });
  alertId = (
    await t.deps.db
      .insertInto('recommendations')
      .values({
        org_id: orgId,
        use_case_id: useCaseId,
        dedupe_key: 'test:roles',
        title: 'Revenue in Europe fell 41% since May',
        brief_summary: 'Revenue in Europe fell to 1,234 a week',
        full_description: 'Revenue in Europe fell to 1,234 a week against 2,093 expected.',
        impact_level: 'High Impact',
        action: 'investigate',
        details: JSON.stringify({
          metric: {
            label: 'Revenue',
            table: 'sales',
            timeColumn: 'order_date',
            expression: 'SUM("revenue")',
            filters: [],
            grain: 'month',
          },
          actual: 1234,
          expected: 2093,
          window: { from: '2026-05-04', to: '2026-06-22', weeks: 8 },
          series: [],
        }),
        generated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  for (const p of ALL) {
    const role = await customRole(
      t,
      orgId,
      `All but ${p}`,
      ALL.filter((x) => x !== p),
    );
    const user = await userWithRole(t, { username: `allbut.${p}`, orgId, role: `All but ${p}` });
    allBut.set(p, { ...user, roleId: role });
    const only = await customRole(t, orgId, `Only ${p}`, [p]);
    const holder = await userWithRole(t, { username: `holds.${p}`, orgId, role: `Only ${p}` });
    grants.set(p, { roleId: only, userId: holder.id, username: `holds.${p}` });
  }

  const loaded = await loadOperations(t.app);
  operations = loaded.operations;
  ({ bodyFor } = bodyBuilder(loaded.components));
  for (const op of operations.filter((o) => o.method === 'GET' && !o.path.includes('{'))) {
    const ids: number[] = [];
    const walk = (v: unknown, k = '') => {
      if (Array.isArray(v)) v.forEach((x) => walk(x, k));
      else if (v && typeof v === 'object') for (const [kk, vv] of Object.entries(v)) walk(vv, kk);
      else if (typeof v === 'number' && Number.isInteger(v) && v > 0 && ID_FIELD.test(k)) ids.push(v);
    };
    walk((await call(admin, 'GET', op.path)).json());
    if (ids.length) idsByList.set(op.path, ids);
    anyIds.push(...ids);
  }
}, 240_000);
afterAll(async () => t?.close());

describe('roles inside one organisation: every permission boundary', () => {
  it('the organisation holds objects for the routes to act on', () => {
    expect(anyIds.length).toBeGreaterThan(10);
    expect(allBut.size).toBe(ALL.length);
  });

  it('a user holding every permission but one is refused (403) on every route that needs it, and nothing changes', async () => {
    const before = await snapshot();
    const rowsBefore = await rolesAndUsers();
    const table = declaredRoutes(t.app).filter((r) => r.permission && r.url.startsWith('/api/'));
    const wrong: string[] = [];
    let tried = 0;
    for (const route of table) {
      if (route.method === 'HEAD') continue;
      const openapiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = operations.find((o) => o.method === route.method && o.path === openapiPath);
      const url = openapiPath.replace(/\{[^}]+\}/g, () => String(idFor(openapiPath)));
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method)
        ? (bodyFor(op?.body, anyIds[0]!) ?? {})
        : undefined;
      const res = await call(allBut.get(route.permission!)!.token, route.method, url, body);
      tried++;
      if (res.statusCode !== 403 || res.json().message !== permissionDeniedMessage(route.permission!))
        wrong.push(
          `${route.method} ${url} without ${route.permission}: ${res.statusCode} ${res.body.slice(0, 100)}`,
        );
    }
    console.log(`roles: ${tried} routes called without the permission they need, ${ALL.length} permissions`);
    expect(tried).toBeGreaterThan(100);
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(await rolesAndUsers()).toEqual(rowsBefore);
    expect(await snapshot()).toEqual(before);
  }, 300_000);

  it('a question on the socket needs data.read', async () => {
    const url = await socketUrl();
    const socket = await connectedSocket(url, allBut.get('data.read')!.token);
    try {
      const reply = await ask(socket, { message: 'revenue by region', thread_id: '', isNewThread: true });
      expect(reply).toMatchObject({
        error: { code: 'FORBIDDEN', message: permissionDeniedMessage('data.read') },
      });
    } finally {
      socket.disconnect();
    }
  });

  it('an alert investigation or exploration on the socket needs reports.view, like the alert itself', async () => {
    const useCaseId = (
      await t.deps.db
        .selectFrom('recommendations')
        .select('use_case_id')
        .where('id', '=', alertId)
        .executeTakeFirstOrThrow()
    ).use_case_id;
    // Both may use the alert's use case: only the permission differs.
    const access = await call(admin, 'POST', '/api/copilot/user-access', {
      usecase_id: useCaseId,
      selected_users: [allBut.get('reports.view')!.id, allBut.get('users.write')!.id],
      unselected_users: [],
    });
    expect(access.statusCode, access.body).toBe(200);
    const url = await socketUrl();
    const threadsBefore = await t.deps.db.selectFrom('threads').select('id').execute();
    const without = await connectedSocket(url, allBut.get('reports.view')!.token);
    const holder = await connectedSocket(url, allBut.get('users.write')!.token);
    try {
      for (const action of ['investigate', 'explore']) {
        const reply = await ask(without, { message: '', alert_id: `rec-${alertId}`, action, thread_id: '' });
        expect(reply, action).toMatchObject({
          error: { code: 'FORBIDDEN', message: permissionDeniedMessage('reports.view') },
        });
        expect(JSON.stringify(reply)).not.toMatch(/1,234|Europe/);
      }
      expect(await t.deps.db.selectFrom('threads').select('id').execute()).toEqual(threadsBefore);
      // An alert's thread of theirs from when they held reports.view: reading the alert again (an
      // empty question) is refused; a question with words is about the data and is answered.
      const own = await t.deps.db
        .insertInto('threads')
        .values({
          org_id: orgId,
          owner_id: allBut.get('reports.view')!.id,
          use_case_id: useCaseId,
          name: 'Investigation',
          alert_ref: `rec-${alertId}`,
          alert_action: 'investigate',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const again = await ask(without, { message: '', thread_id: own.id });
      expect(again).toMatchObject({
        error: { code: 'FORBIDDEN', message: permissionDeniedMessage('reports.view') },
      });
      const question = await ask(without, { message: 'how many rows are there', thread_id: own.id });
      expect(question).not.toHaveProperty('error');
      // Holding reports.view (and data.read), the same request is answered.
      const reply = await ask(holder, { message: '', alert_id: `rec-${alertId}`, action: 'investigate' });
      expect(reply).not.toHaveProperty('error');
    } finally {
      without.disconnect();
      holder.disconnect();
    }
  });

  // users.write is the permission every role and account change needs: without it the route refuses.
  const handOut = ALL.filter((p) => p !== 'users.write');
  it.each(handOut)(
    'without %s one can neither grant it, take it away, nor touch an account that holds it',
    async (p) => {
      const me = allBut.get(p)!;
      const target = grants.get(p)!;
      const before = await rolesAndUsers();
      const attempts: [string, string, unknown?][] = [
        ['POST', '/api/v1/admin/roles', { name: `Grants ${p}`, permissions: [p] }],
        // Editing a role that grants P: adding it to their own, renaming, stripping or deleting one.
        ['PUT', `/api/v1/admin/roles/${me.roleId}`, { name: `All but ${p}`, permissions: ALL }],
        ['PUT', `/api/v1/admin/roles/${target.roleId}`, { name: 'Renamed', permissions: [p] }],
        ['PUT', `/api/v1/admin/roles/${target.roleId}`, { name: `Only ${p}`, permissions: [] }],
        ['DELETE', `/api/v1/admin/roles/${await customRole(t, orgId, `Unused ${p}`, [p])}`],
        ['PUT', `/api/v1/admin/roles/${adminRoleId}`, { name: 'Admin', permissions: ['users.write'] }],
        ['DELETE', `/api/v1/admin/roles/${adminRoleId}`],
        // Giving a role that grants P: to themself, to a colleague, to a new user.
        ['PUT', `/api/v1/admin/users/${me.id}`, { email: `allbut.${p}@example.com`, roleId: target.roleId }],
        ['PUT', `/api/v1/admin/users/${me.id}`, { email: `allbut.${p}@example.com`, roleId: adminRoleId }],
        [
          'POST',
          '/api/v1/admin/users',
          { username: `new.${p}`, email: `new.${p}@example.com`, roleId: target.roleId },
        ],
        // Changing the account of someone who holds P (e-mail → reset link → takeover).
        ['PUT', `/api/v1/admin/users/${target.userId}`, { email: 'me@evil.example', roleId: target.roleId }],
        ['POST', `/api/v1/admin/users/${target.userId}/invitation`],
        ['POST', `/api/v1/admin/users/${target.userId}/deactivate`],
      ];
      const wrong: string[] = [];
      for (const [method, url, payload] of attempts) {
        const res = await call(me.token, method, url, payload);
        if (res.statusCode !== 403)
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(wrong, wrong.join('\n')).toEqual([]);
      const after = await rolesAndUsers();
      // The unused role made for the delete attempt is the only difference.
      expect(after.roles.filter((r) => r.name !== `Unused ${p}`)).toEqual(before.roles);
      expect(after.users).toEqual(before.users);
      expect(after.resetLinks).toBe(before.resetLinks);
    },
  );

  it.each(handOut)('without %s the outbox hides the mail about an account that holds it', async (p) => {
    const target = grants.get(p)!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { username: target.username },
    });
    expect(reset.statusCode).toBe(200);
    const to = `${target.username}@example.com`;
    for (let i = 0; i < 50; i++) {
      const kept = await t.deps.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', to)
        .executeTakeFirst();
      if (kept) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const theirs = (await call(allBut.get(p)!.token, 'GET', '/api/v1/admin/outbox')).json() as {
      items: { to: string }[];
    };
    expect(theirs.items.map((m) => m.to)).not.toContain(to);
    const admins = (await call(admin, 'GET', '/api/v1/admin/outbox')).json() as { items: { to: string }[] };
    expect(admins.items.map((m) => m.to)).toContain(to);
  });

  it('the Admin role is immutable: its name and permissions stay and it cannot be deleted, even by an administrator', async () => {
    const before = await t.deps.db
      .selectFrom('roles')
      .selectAll()
      .where('id', '=', adminRoleId)
      .executeTakeFirstOrThrow();
    expect([...(before.permissions as string[])].sort()).toEqual([...ALL].sort());
    for (const body of [
      { name: 'Admin', permissions: ['users.write'] },
      { name: 'Admin', permissions: ALL.filter((p) => p !== 'orgs.write') },
      { name: 'Owner', permissions: ALL },
    ]) {
      const res = await call(admin, 'PUT', `/api/v1/admin/roles/${adminRoleId}`, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/Admin role cannot be changed/);
    }
    expect((await call(admin, 'DELETE', `/api/v1/admin/roles/${adminRoleId}`)).statusCode).toBe(409);
    // Its description is not a power: that may be edited.
    const described = await call(admin, 'PUT', `/api/v1/admin/roles/${adminRoleId}`, {
      name: 'Admin',
      description: 'Runs the organisation',
      permissions: [...ALL].reverse(),
    });
    expect(described.statusCode, described.body).toBe(200);
    const after = await t.deps.db
      .selectFrom('roles')
      .selectAll()
      .where('id', '=', adminRoleId)
      .executeTakeFirstOrThrow();
    expect(after.name).toBe('Admin');
    expect([...(after.permissions as string[])].sort()).toEqual([...ALL].sort());
    // The administrator still holds everything on their very next request.
    expect([...(await call(admin, 'GET', '/api/v1/authentication/me')).json().permissions].sort()).toEqual(
      [...ALL].sort(),
    );
  });

  it('a holder of every permission may still create, edit and delete roles and give them out', async () => {
    const created = await call(admin, 'POST', '/api/v1/admin/roles', {
      name: 'Analyst',
      permissions: ['data.read'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const edited = await call(admin, 'PUT', `/api/v1/admin/roles/${id}`, {
      name: 'Analyst',
      permissions: ['data.read', 'data.write'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const holder = grants.get('reports.view')!;
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/users/${holder.userId}`, {
          email: 'h@example.com',
          roleId: id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(admin, 'PUT', `/api/v1/admin/users/${holder.userId}`, {
          email: 'h@example.com',
          roleId: holder.roleId,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(admin, 'DELETE', `/api/v1/admin/roles/${id}`)).statusCode).toBe(200);
  });
});
