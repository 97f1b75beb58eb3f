/* global FormData, Blob -- Node 20 globals */
// Screenshots of every Admin Panel tab (and the role and group dialogs), light and dark, at 1440
// and 375 px. The data is made through the API first: users with roles, a custom role, File
// Sources of their own and data access groups with restrictions. (Moved here from
// e2e/specs/admin-screenshots.spec.ts: what it drove is asserted by e2e/specs/admin.spec.ts.)

const tolerate409 = async (call) => {
  try {
    await call;
  } catch (error) {
    if (!/answered 409/.test(String(error))) throw error;
  }
};

async function csvSource(kit, name) {
  const form = new FormData();
  form.append('conn_name', name);
  form.append(
    'file',
    new Blob(['id,value\n1,10\n2,20\n'], { type: 'text/csv' }),
    `${name.toLowerCase().replace(/\W+/g, '_')}.csv`,
  );
  const response = await fetch(`${kit.baseUrl}/api/copilot/upload-files/upload-csv`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${kit.session.token}` },
    body: form,
  });
  // 409: a source of that name exists already (a server reused across runs).
  if (!response.ok && response.status !== 409) throw new Error(`upload answered ${response.status}`);
}

async function setup(kit) {
  const { api, session } = kit;
  const t = session.token;
  const roles = (await api('GET', '/api/v1/admin/roles', undefined, t)).roles;
  const roleOf = (key) => roles.find((r) => r.key === key).id;
  for (const [username, first, last, role] of [
    ['maria.lopez', 'Maria', 'Lopez', 'manager'],
    ['sam.chen', 'Sam', 'Chen', 'user'],
    ['priya.nair', 'Priya', 'Nair', 'user'],
  ]) {
    await tolerate409(
      api(
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
    api(
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
  const users = (await api('GET', '/api/v1/admin/users', undefined, t)).users;
  const priya = users.find((u) => u.username === 'priya.nair');
  if (priya.status === 'active')
    await api('POST', `/api/v1/admin/users/${priya.id}/deactivate`, undefined, t);
  await api(
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
  for (const name of ['Customer Database', 'CRM Export', 'HR Documents']) await csvSource(kit, name);
  const sources = (await api('GET', '/api/v1/admin/data-access/sources', undefined, t)).sources;
  const idOf = (name) => sources.find((s) => s.name === name).id;
  const member = (username, approved = true) => ({
    userId: users.find((u) => u.username === username).id,
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
  for (const g of groups) await tolerate409(api('POST', '/api/v1/admin/data-access-groups', g, t));

  // Two more organisations (one deactivated) for the platform operator's view.
  for (const [name, admin, domain] of [
    ['Acme Retail', 'acme.admin', 'acme.example'],
    ['Globex', 'globex.admin', 'globex.example'],
  ]) {
    await tolerate409(
      api(
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
  const orgs = (await api('GET', '/api/v1/admin/organizations', undefined, t)).organizations;
  const globex = orgs.find((o) => o.name === 'Globex');
  if (globex.status === 'active')
    await api('POST', `/api/v1/admin/organizations/${globex.id}/deactivate`, undefined, t);

  // A member with the role User, for the screens that say "You don't have access".
  const viewer = `viewer.${Date.now().toString(36)}`;
  const since = Date.now();
  await api(
    'POST',
    '/api/v1/admin/users',
    { username: viewer, email: `${viewer}@example.com`, firstName: 'Vera', roleId: roleOf('user') },
    t,
  );
  const link = await kit.latestResetToken(t, since);
  await api('POST', '/api/v1/password/set', { token: link, newPassword: 'Viewer#Pass2026' });
  return api('POST', '/api/v1/authentication/login', { username: viewer, password: 'Viewer#Pass2026' });
}

export async function adminScene(kit) {
  const viewerSession = await setup(kit);
  for (const { theme, size, suffix } of kit.variants) {
    await kit.withPage({ theme, size, session: kit.session }, async (page) => {
      const tabs = [
        ['users', 'Users', '@maria.lopez'],
        ['organizations', 'Organizations', 'The team that runs Catalyst'],
        ['roles', 'Roles', 'Analyst'],
        ['data-access', 'Data access groups', 'Sales Team Access'],
      ];
      for (const [tab, table, text] of tabs) {
        await page.goto(tab === 'users' ? '/admin' : `/admin?tab=${tab}`);
        await page.getByRole('table', { name: table }).getByText(text).first().waitFor({ timeout: 20_000 });
        await page.waitForTimeout(300);
        await kit.shot(page, `admin-${tab}-${suffix}`);
      }
      await page.goto('/admin?tab=api');
      await page.getByRole('tab', { name: 'API Management', selected: true }).waitFor();
      await page.getByRole('tabpanel', { name: 'API Keys' }).waitFor();
      await page.waitForTimeout(800);
      await kit.shot(page, `admin-api-${suffix}`);

      await page.goto('/admin?tab=roles');
      await page.getByRole('button', { name: 'Edit Analyst' }).click();
      await page.getByRole('dialog', { name: 'Edit Role' }).waitFor();
      await page.waitForTimeout(300);
      await kit.shot(page, `admin-role-dialog-${suffix}`, false);
      await page.keyboard.press('Escape');

      await page.goto('/admin?tab=data-access');
      await page.getByRole('button', { name: 'Edit HR Access' }).click();
      await page.getByRole('dialog', { name: 'Edit Data Access Group' }).waitFor();
      await page.waitForTimeout(300);
      await kit.shot(page, `admin-group-dialog-${suffix}`, false);
    });
    await kit.withPage({ theme, size, session: viewerSession }, async (viewer) => {
      await viewer.goto('/admin');
      await viewer.getByText("You don't have access").waitFor();
      await kit.shot(viewer, `admin-no-access-${suffix}`);
      await viewer.goto('/database-connections');
      await viewer.getByRole('heading', { name: 'Customer Database' }).waitFor();
      await kit.shot(viewer, `data-sources-as-user-${suffix}`);
    });
  }
}
