import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  BASE_URL,
  DESKTOP,
  latestResetToken,
  launchBrowser,
  type Login,
  PHONE,
  screenshot,
  signedInPage,
} from '../support/browser';

// Screenshots of every Admin Panel tab (and the role and group dialogs), light and dark, at 1440
// and 375 px, into screenshots/. The data is made through the API first: users with roles, a
// custom role, File Sources of their own and data access groups with restrictions.

let browser: Browser;
let session: Login;
let viewerSession: Login;

const tolerate409 = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (!/answered 409/.test(String(error))) throw error;
  }
};

async function csvSource(name: string): Promise<void> {
  const form = new FormData();
  form.append('conn_name', name);
  form.append(
    'file',
    new Blob(['id,value\n1,10\n2,20\n'], { type: 'text/csv' }),
    `${name.toLowerCase().replace(/\W+/g, '_')}.csv`,
  );
  const response = await fetch(`${BASE_URL}/api/copilot/upload-files/upload-csv`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  const t = session.token;
  const roles = (
    await apiCall<{ roles: { id: number; key: string | null }[] }>('GET', '/api/v1/admin/roles', undefined, t)
  ).roles;
  const roleOf = (key: string) => roles.find((r) => r.key === key)!.id;
  for (const [username, first, last, role] of [
    ['maria.lopez', 'Maria', 'Lopez', 'manager'],
    ['sam.chen', 'Sam', 'Chen', 'user'],
    ['priya.nair', 'Priya', 'Nair', 'user'],
  ] as const) {
    await tolerate409(
      apiCall(
        'POST',
        '/api/v1/admin/users',
        {
          username,
          email: `${username}@example.com`,
          firstName: first,
          lastName: last,
          roleId: roleOf(role),
        },
        t,
      ),
    );
  }
  await tolerate409(
    apiCall(
      'POST',
      '/api/v1/admin/roles',
      {
        name: 'Analyst',
        description: 'Builds use cases and reads dashboards',
        permissions: ['users.read', 'data.read', 'data.write', 'reports.view'],
      },
      t,
    ),
  );
  const users = (
    await apiCall<{ users: { id: number; username: string; status: string }[] }>(
      'GET',
      '/api/v1/admin/users',
      undefined,
      t,
    )
  ).users;
  const priya = users.find((u) => u.username === 'priya.nair')!;
  if (priya.status === 'active')
    await apiCall('POST', `/api/v1/admin/users/${priya.id}/deactivate`, undefined, t);
  await apiCall(
    'PUT',
    '/api/v1/admin/organizations/1',
    {
      name: 'Default',
      description: 'The team that runs Catalyst',
      domains: ['catalyst.example', 'example.com'],
      timeZone: 'Europe/Berlin',
    },
    t,
  );

  for (const name of ['Customer Database', 'CRM Export', 'HR Documents']) await csvSource(name);
  const sources = (
    await apiCall<{ sources: { id: number; name: string }[] }>(
      'GET',
      '/api/v1/admin/data-access/sources',
      undefined,
      t,
    )
  ).sources;
  const idOf = (name: string) => sources.find((s) => s.name === name)!.id;
  const member = (username: string, approved = true) => ({
    userId: users.find((u) => u.username === username)!.id,
    approved,
  });
  const groups = [
    {
      name: 'Sales Team Access',
      description: 'Customer data for the sales team',
      dataSources: [idOf('Customer Database')],
      restrictions: ['read-only', 'business-hours-only'],
      members: [member('admin'), member('maria.lopez'), member('sam.chen')],
    },
    {
      name: 'Executive Access',
      description: 'Everything, for the leadership team',
      dataSources: [idOf('Customer Database'), idOf('CRM Export'), idOf('HR Documents')],
      restrictions: [],
      members: [member('admin'), member('maria.lopez')],
    },
    {
      name: 'HR Access',
      description: 'People data, audited',
      dataSources: [idOf('HR Documents')],
      restrictions: ['audit-logged', 'read-only', 'approval-required', 'time-limited'],
      members: [member('admin'), member('sam.chen', false)],
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    },
  ];
  for (const g of groups) await tolerate409(apiCall('POST', '/api/v1/admin/data-access-groups', g, t));

  // Two more organisations (one deactivated) for the platform operator's view.
  for (const [name, admin, domain] of [
    ['Acme Retail', 'acme.admin', 'acme.example'],
    ['Globex', 'globex.admin', 'globex.example'],
  ] as const) {
    await tolerate409(
      apiCall(
        'POST',
        '/api/v1/admin/organizations',
        {
          name,
          description: `${name}'s analytics`,
          domains: [domain],
          timeZone: 'America/New_York',
          admin: { username: admin, email: `${admin}@${domain}` },
        },
        t,
      ),
    );
  }
  const orgs = (
    await apiCall<{ organizations: { id: number; name: string; status: string }[] }>(
      'GET',
      '/api/v1/admin/organizations',
      undefined,
      t,
    )
  ).organizations;
  const globex = orgs.find((o) => o.name === 'Globex')!;
  if (globex.status === 'active')
    await apiCall('POST', `/api/v1/admin/organizations/${globex.id}/deactivate`, undefined, t);

  // A member with the role User, for the screens that say "You don't have access".
  const viewer = `viewer.${Date.now().toString(36)}`;
  const since = Date.now();
  await apiCall(
    'POST',
    '/api/v1/admin/users',
    { username: viewer, email: `${viewer}@example.com`, firstName: 'Vera', roleId: roleOf('user') },
    t,
  );
  const link = await latestResetToken(since);
  await apiCall('POST', '/api/v1/password/set', { token: link, newPassword: 'Viewer#Pass2026' });
  viewerSession = await apiCall<Login>('POST', '/api/v1/authentication/login', {
    username: viewer,
    password: 'Viewer#Pass2026',
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const pageFor = (theme: 'light' | 'dark', viewport: { width: number; height: number }, as: Login = session) =>
  signedInPage(browser, as, theme, viewport);
const shot = screenshot;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`admin screenshots ${theme} ${size}`, async () => {
      const page = await pageFor(theme, viewport);
      const tabs: [string, string, string][] = [
        ['users', 'Users', '@maria.lopez'],
        ['organizations', 'Organizations', 'The team that runs Catalyst'],
        ['roles', 'Roles', 'Analyst'],
        ['data-access', 'Data access groups', 'Sales Team Access'],
      ];
      for (const [tab, table, text] of tabs) {
        await page.goto(tab === 'users' ? '/admin' : `/admin?tab=${tab}`);
        await page.getByRole('table', { name: table }).getByText(text).first().waitFor({ timeout: 20_000 });
        await page.waitForTimeout(300);
        await shot(page, `admin-${tab}-${theme}-${size}`);
      }
      // The API Management tab belongs to the API-keys work; whatever it shows, photograph it settled.
      await page.goto('/admin?tab=api');
      await page.getByRole('tab', { name: 'API Management', selected: true }).waitFor();
      await page.getByRole('tabpanel', { name: 'API Keys' }).waitFor();
      await page.waitForTimeout(800);
      await shot(page, `admin-api-${theme}-${size}`);

      await page.goto('/admin?tab=roles');
      await page.getByRole('button', { name: 'Edit Analyst' }).click();
      await page.getByRole('dialog', { name: 'Edit Role' }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `admin-role-dialog-${theme}-${size}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/admin?tab=data-access');
      await page.getByRole('button', { name: 'Edit HR Access' }).click();
      await page.getByRole('dialog', { name: 'Edit Data Access Group' }).waitFor();
      await page.waitForTimeout(300);
      await screenshot(page, `admin-group-dialog-${theme}-${size}`, false);
      await page.context().close();

      // What a member with the role User sees: no ADMIN group, no New Data Source, honest no-access states.
      const viewer = await pageFor(theme, viewport, viewerSession);
      await viewer.goto('/admin');
      await viewer.getByText("You don't have access").waitFor();
      await shot(viewer, `admin-no-access-${theme}-${size}`);
      await viewer.goto('/database-connections');
      await viewer.getByRole('heading', { name: 'Customer Database' }).waitFor();
      await shot(viewer, `data-sources-as-user-${theme}-${size}`);
      await viewer.context().close();
    }, 90_000);
  }
}
