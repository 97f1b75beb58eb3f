import { PERMISSIONS, permissionDeniedMessage, type TPermission } from '@catalyst/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../src/plugins/auth';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { csvSource, customRole, roleId, userWithRole } from './helpers/governance';
import { SIGNED_IN_ROUTES } from './helpers/signed-in-routes';

/**
 * The authorisation matrix, generated from the app's own route table: every /api route is
 * public, declares a permission, or is on the reviewed list of routes any signed-in user may
 * call. Each role (the three sample roles and a custom one) gets 403 naming the permission where
 * it lacks it and gets through where it holds it; per route group a real request answers 2xx;
 * another organisation's objects answer 404.
 */

const ROLES: Record<string, TPermission[]> = {
  Admin: PERMISSIONS.map((p) => p.id),
  Manager: ['users.read', 'orgs.read', 'data.read', 'data.write', 'reports.view'],
  User: ['data.read', 'reports.view'],
  // A custom role: may see and deactivate users, read data, nothing else.
  Auditor: ['users.read', 'users.delete', 'data.read'],
};

let t: TestApp;
const tokens: Record<string, string> = {};
let orgId: number;
let other: {
  orgId: number;
  token: string;
  userId: number;
  roleId: number;
  groupId: number;
  connId: number;
  useCaseId: number;
  threadId: number;
};
let targetUserId: number;
let counter = 0;

const call = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

beforeAll(async () => {
  t = await createTestApp('pglite');
  orgId = (await t.deps.db.selectFrom('organizations').select('id').orderBy('id').executeTakeFirstOrThrow())
    .id;
  tokens.Admin = await t.login();
  tokens.Manager = (await userWithRole(t, { username: 'manny', orgId, role: 'manager' })).token;
  tokens.User = (await userWithRole(t, { username: 'ursula', orgId, role: 'user' })).token;
  await customRole(t, orgId, 'Auditor', ROLES.Auditor!);
  tokens.Auditor = (await userWithRole(t, { username: 'audrey', orgId, role: 'Auditor' })).token;
  // The user every role with users.delete reactivates: holds less than any of them.
  await customRole(t, orgId, 'Reader', ['data.read']);
  targetUserId = (await userWithRole(t, { username: 'target', orgId, role: 'Reader' })).id;

  // Another organisation with one of everything.
  const otherOrg = (
    await t.deps.db
      .insertInto('organizations')
      .values({ name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const olga = await userWithRole(t, { username: 'olga', orgId: otherOrg, role: 'admin' });
  const connId = await csvSource(t, { orgId: otherOrg, userId: olga.id, name: 'Their sales' });
  const role = (
    await call(olga.token, 'POST', '/api/v1/admin/roles', { name: 'Theirs', permissions: ['data.read'] })
  ).json();
  const group = (
    await call(olga.token, 'POST', '/api/v1/admin/data-access-groups', {
      name: 'Their group',
      dataSources: [connId],
      members: [{ userId: olga.id }],
    })
  ).json();
  const useCase = (
    await call(olga.token, 'POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: 'Their use case' })
  ).json();
  const thread = await t.deps.db
    .insertInto('threads')
    .values({ org_id: otherOrg, owner_id: olga.id, use_case_id: null, name: 'Theirs' })
    .returning('id')
    .executeTakeFirstOrThrow();
  other = {
    orgId: otherOrg,
    token: olga.token,
    userId: olga.id,
    roleId: role.id,
    groupId: group.id,
    connId,
    useCaseId: useCase.use_case_id,
    threadId: thread.id,
  };
});
afterAll(() => t?.close());

const apiRoutes = () =>
  declaredRoutes(t.app)
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.public)
    .map((r) => ({ ...r, key: `${r.method} ${r.url}` }));

describe('the route table', () => {
  it('has a permission or a reviewed "any signed-in user" entry for every /api route', () => {
    const undecided = apiRoutes().filter((r) => r.permission === null && !(r.key in SIGNED_IN_ROUTES));
    expect(
      undecided.map((r) => r.key),
      'declare config: { permission } or add the route to test/helpers/signed-in-routes.ts',
    ).toEqual([]);
    // The list does not rot: each entry is a real route that declares no permission.
    const routes = new Map(apiRoutes().map((r) => [r.key, r]));
    for (const key of Object.keys(SIGNED_IN_ROUTES)) {
      expect(routes.has(key), `${key} is listed but not a route`).toBe(true);
      expect(routes.get(key)?.permission, `${key} is listed but declares a permission`).toBeNull();
    }
  });

  it('covers the admin, data, use case, dashboard and decision routes with the expected permissions', () => {
    const need = (key: string) => apiRoutes().find((r) => r.key === key)?.permission;
    expect(need('POST /api/v1/admin/users')).toBe('users.write');
    expect(need('POST /api/v1/admin/users/:id/deactivate')).toBe('users.delete');
    expect(need('GET /api/v1/admin/organizations')).toBe('orgs.read');
    expect(need('PUT /api/v1/admin/organizations/:id')).toBe('orgs.write');
    expect(need('POST /api/copilot/db_conn/add_db_conn')).toBe('data.write');
    expect(need('POST /api/copilot/upload-files/upload-csv')).toBe('data.write');
    expect(need('GET /api/copilot/db_conn/get_conns')).toBe('data.read');
    expect(need('GET /api/copilot/onboarding/connections/:connId/schemas')).toBe('data.read');
    expect(need('GET /api/copilot/landing/metrics')).toBe('reports.view');
    expect(need('GET /api/copilot/landing/recommendations')).toBe('reports.view');
  });
});

describe.each(Object.keys(ROLES))('role %s', (role) => {
  const holds = (p: TPermission | null) => p === null || ROLES[role]!.includes(p);

  it('is refused (403, naming the permission) exactly on the routes whose permission it lacks', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes()) {
      const url = route.url.replace(/:[A-Za-z]+/g, '999999');
      const res = await call(
        tokens[role]!,
        route.method,
        url,
        ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
      );
      const deniedByRoute = res.statusCode === 403 && /^You need the /.test(res.json().message ?? '');
      if (holds(route.permission)) {
        if (res.statusCode === 401 || deniedByRoute)
          wrong.push(
            `${route.key}: ${res.statusCode} though ${role} holds ${route.permission ?? 'a session'}`,
          );
      } else if (
        res.statusCode !== 403 ||
        res.json().message !== permissionDeniedMessage(route.permission!)
      ) {
        wrong.push(
          `${route.key}: ${res.statusCode} ${res.body.slice(0, 120)} though ${role} lacks ${route.permission}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  // One real request per route group: 2xx with the permission, 403 without.
  const groups: {
    group: string;
    permission: TPermission | null;
    request: () => [string, string, unknown?];
  }[] = [
    { group: 'users (read)', permission: 'users.read', request: () => ['GET', '/api/v1/admin/users'] },
    {
      group: 'roles (write)',
      permission: 'users.write',
      request: () => ['POST', '/api/v1/admin/roles', { name: `Temp ${role} ${++counter}`, permissions: [] }],
    },
    {
      group: 'users (deactivate/reactivate)',
      permission: 'users.delete',
      request: () => ['POST', `/api/v1/admin/users/${targetUserId}/reactivate`],
    },
    {
      group: 'organizations (read)',
      permission: 'orgs.read',
      request: () => ['GET', '/api/v1/admin/organizations'],
    },
    {
      group: 'organizations (write)',
      permission: 'orgs.write',
      request: () => ['PUT', `/api/v1/admin/organizations/${orgId}`, { name: 'Default', timeZone: 'UTC' }],
    },
    {
      group: 'data sources (read)',
      permission: 'data.read',
      request: () => ['GET', '/api/copilot/db_conn/get_conns'],
    },
    {
      group: 'use cases (write)',
      permission: 'data.write',
      request: () => [
        'POST',
        '/api/copilot/onboarding/use_case/v2',
        { usecase_name: `Use case ${role} ${++counter}` },
      ],
    },
    {
      group: 'dashboard',
      permission: 'reports.view',
      request: () => ['GET', '/api/copilot/landing/metrics'],
    },
    { group: 'decisions', permission: 'reports.view', request: () => ['GET', '/api/copilot/decisions'] },
    { group: 'own threads', permission: null, request: () => ['GET', '/api/copilot/threads'] },
    { group: 'own account', permission: null, request: () => ['GET', '/api/v1/authentication/me'] },
  ];
  it.each(groups)('$group: 2xx with the permission, 403 without', async ({ permission, request }) => {
    const [method, url, payload] = request();
    const res = await call(tokens[role]!, method, url, payload);
    if (holds(permission)) expect(res.statusCode, res.body).toBeLessThan(300);
    else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN', message: permissionDeniedMessage(permission!) });
      expect(res.json().message).toContain(permission);
    }
  });
});

describe("another organisation's objects", () => {
  it('answer 404 to an administrator who holds every permission', async () => {
    const admin = tokens.Admin!;
    const checks: [string, string, unknown?][] = [
      ['PUT', `/api/v1/admin/users/${other.userId}`, { email: 'x@example.com', roleId: other.roleId }],
      ['POST', `/api/v1/admin/users/${other.userId}/deactivate`],
      ['PUT', `/api/v1/admin/roles/${other.roleId}`, { name: 'Mine now', permissions: [] }],
      ['DELETE', `/api/v1/admin/roles/${other.roleId}`],
      ['PUT', `/api/v1/admin/data-access-groups/${other.groupId}`, { name: 'Mine now' }],
      ['DELETE', `/api/v1/admin/data-access-groups/${other.groupId}`],
      ['GET', `/api/copilot/onboarding/connections/${other.connId}/schemas`],
      ['POST', '/api/copilot/db_conn/delete_db_conn', { conn_id: other.connId }],
      ['GET', `/api/copilot/onboarding/use_case/v2/${other.useCaseId}`],
      ['GET', `/api/copilot/threads/${other.threadId}`],
    ];
    for (const [method, url, payload] of checks) {
      const res = await call(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Nothing of theirs changed.
    expect(
      (
        await t.deps.db
          .selectFrom('users')
          .select('is_active')
          .where('id', '=', other.userId)
          .executeTakeFirstOrThrow()
      ).is_active,
    ).toBe(true);
    expect(
      (
        await t.deps.db
          .selectFrom('roles')
          .select('name')
          .where('id', '=', other.roleId)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe('Theirs');
  });

  it('answer 404 for organisations, except to the platform operator (orgs.write in the first organisation)', async () => {
    const res = await call(other.token, 'PUT', `/api/v1/admin/organizations/${orgId}`, {
      name: 'Taken over',
    });
    expect(res.statusCode).toBe(404);
    const theirs = (await call(other.token, 'GET', '/api/v1/admin/organizations')).json();
    expect(theirs.organizations.map((o: { id: number }) => o.id)).toEqual([other.orgId]);
    expect(theirs.canManageAll).toBe(false);
    const platform = (await call(tokens.Admin!, 'GET', '/api/v1/admin/organizations')).json();
    expect(platform.canManageAll).toBe(true);
    expect(platform.organizations.map((o: { id: number }) => o.id)).toEqual([orgId, other.orgId]);
    // A Manager of the first organisation (orgs.read only) sees just their own.
    expect(
      (await call(tokens.Manager!, 'GET', '/api/v1/admin/organizations'))
        .json()
        .organizations.map((o: { id: number }) => o.id),
    ).toEqual([orgId]);
    expect(await roleId(t, other.orgId, 'admin')).toBeGreaterThan(0);
  });
});
