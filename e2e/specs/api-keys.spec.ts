import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  BASE_URL,
  DESKTOP,
  latestResetToken,
  launchBrowser,
  openPage,
  PHONE,
  screenshot,
  signedInPage,
  signIn,
} from '../support/browser';

// API Management (issue 8 part 4): a key is created in the tab, its one-time secret revealed and
// copied, used from this test against the public API, seen in Request Logs and the summary cards,
// and deleted with the confirmation. Then screenshots of every sub-tab and the create dialog.

interface Summary {
  totalKeys: number;
  activeKeys: number;
  requests30d: number;
}

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await apiCall<{ token: string }>('POST', '/api/v1/authentication/login', ADMIN)).token;
});
afterAll(async () => {
  await browser?.close();
});

const usersWith = (key: string) =>
  fetch(`${BASE_URL}/api/v1/users`, {
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  });
const card = (page: Page, title: string) => page.getByRole('group', { name: title });

test('a key is created with its one-time secret, calls the public API, shows in the logs and cards, and is deleted', async () => {
  const before = await apiCall<Summary>('GET', '/api/v1/admin/api-summary', undefined, adminToken);
  const { context, page } = await openPage(browser);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signIn(page);
  await page.goto('/admin?tab=api');
  await card(page, 'Total API Keys').getByText(String(before.totalKeys), { exact: true }).waitFor();

  // Create Key is disabled until the key has a name and a permission.
  await page.getByRole('button', { name: 'Create Key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API Key' });
  await dialog
    .getByText('Catalyst stores only a hash of it; afterwards the key is identified by its prefix.')
    .waitFor();
  const create = dialog.getByRole('button', { name: 'Create Key' });
  expect(await create.isDisabled()).toBe(true);
  const name = `E2E integration ${Date.now().toString(36)}`;
  await dialog.getByLabel('Key Name').fill(name);
  expect(await create.isDisabled()).toBe(true);
  await dialog.getByRole('checkbox', { name: /^Read/ }).click();
  expect(await create.isDisabled()).toBe(false);
  expect(await dialog.getByLabel('Rate Limit (requests/minute)').inputValue()).toBe('100');
  await dialog.getByLabel('Rate Limit (requests/minute)').fill('5');
  await create.click();
  await page.getByText('API key created successfully').waitFor();

  // The secret: hidden (32 dots), revealed on request, copied.
  const created = page.getByRole('dialog', { name: 'API key created' });
  const secret = created.getByTestId('new-api-key');
  expect(await secret.textContent()).toBe('•'.repeat(32));
  await created.getByRole('button', { name: 'Reveal key' }).click();
  const key = (await secret.textContent()) ?? '';
  expect(key).toMatch(/^cat_live_[0-9a-z]+_[0-9A-Za-z]{43}$/);
  await created.getByRole('button', { name: 'Copy key' }).click();
  await page.getByText('Copied to clipboard').first().waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await created.getByRole('button', { name: 'Done' }).click();

  // The list knows the key only by its prefix: active, never used.
  const item = page.getByRole('listitem', { name: name });
  await item.getByText('Active').waitFor();
  await item.getByText('Never').first().waitFor();
  expect(await item.textContent()).not.toContain(key.slice(-40));
  await item.getByRole('button', { name: `Reveal ${name}` }).click();
  await item.getByText(/^cat_live_.*…$/).waitFor();

  // The key calls the public API from outside the browser.
  const res = await usersWith(key);
  expect(res.status).toBe(200);
  expect(res.headers.get('x-ratelimit-limit')).toBe('5');
  expect(res.headers.get('x-ratelimit-remaining')).toBe('4');
  expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  const body = (await res.json()) as { success: boolean; data: { email: string }[] };
  expect(body.success).toBe(true);
  expect(body.data.length).toBeGreaterThan(0);

  // Reloaded, the tab shows the request in the logs and in the cards.
  await page.reload();
  await card(page, 'Total Requests')
    .getByText(String(before.requests30d + 1), { exact: true })
    .waitFor();
  await card(page, 'Total API Keys')
    .getByText(`${before.activeKeys + 1} active`)
    .waitFor();
  await card(page, 'Success Rate').getByText(/%$/).waitFor();
  await page.getByRole('tab', { name: 'Request Logs' }).click();
  const logs = page.getByRole('table', { name: 'Request logs' });
  const row = logs.getByRole('row').filter({ hasText: name });
  await row.first().waitFor();
  expect(await row.first().textContent()).toMatch(/\/api\/v1\/users.*GET.*200/);

  // Delete, with the confirmation (Cancel first keeps it).
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete API Key' });
  await confirm
    .getByText('Are you sure you want to delete this API key? This action cannot be undone.')
    .waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await item.waitFor();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('API key deleted successfully').waitFor();
  await item.waitFor({ state: 'detached' });
  expect((await usersWith(key)).status).toBe(401);
  await context.close();
}, 90_000);

// ---- Screenshots --------------------------------------------------------------------------------

const pageFor = (theme: 'light' | 'dark', viewport: { width: number; height: number }, token: string) =>
  signedInPage(browser, { token, username: 'admin' }, theme, viewport);
const shot = screenshot;

test('screenshots of every sub-tab and the create dialog, light and dark, 1440 and 375 px', async () => {
  // Keys of several kinds, with requests of several outcomes behind them.
  const t = adminToken;
  const make = (body: Record<string, unknown>) =>
    apiCall<{ key: string }>('POST', '/api/v1/admin/api-keys', body, t);
  const reporting = await make({ name: 'Reporting dashboard', permissions: ['read'], rateLimit: 3 });
  const crm = await make({
    name: 'CRM sync',
    permissions: ['read', 'write'],
    rateLimit: 100,
    expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
  });
  for (let i = 0; i < 4; i++) await usersWith(reporting.key);
  await fetch(`${BASE_URL}/api/v1/conversations`, { headers: { Authorization: `Bearer ${crm.key}` } });
  await fetch(`${BASE_URL}/api/v1/users`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${reporting.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'x', email: 'x@example.com' }),
  });
  // A key whose creator was deactivated is inactive (grey).
  const roles = (
    await apiCall<{ roles: { id: number; key: string | null }[] }>('GET', '/api/v1/admin/roles', undefined, t)
  ).roles;
  const bot = `ops.bot.${Date.now().toString(36)}`;
  const since = Date.now();
  const invited = await apiCall<{ id: number }>(
    'POST',
    '/api/v1/admin/users',
    {
      username: bot,
      email: `${bot}@example.com`,
      firstName: 'Ops',
      lastName: 'Bot',
      roleId: roles.find((r) => r.key === 'admin')!.id,
    },
    t,
  );
  await apiCall('POST', '/api/v1/password/set', {
    token: await latestResetToken(since, `${bot}@example.com`),
    newPassword: 'OpsBot#Pass2026',
  });
  const botToken = (
    await apiCall<{ token: string }>('POST', '/api/v1/authentication/login', {
      username: bot,
      password: 'OpsBot#Pass2026',
    })
  ).token;
  const botKey = await apiCall<{ key: string }>(
    'POST',
    '/api/v1/admin/api-keys',
    { name: 'Legacy importer', permissions: ['admin'] },
    botToken,
  );
  await usersWith(botKey.key);
  await apiCall('POST', `/api/v1/admin/users/${invited.id}/deactivate`, undefined, t);
  await usersWith(botKey.key);

  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['1440', DESKTOP],
      ['375', PHONE],
    ] as const) {
      const page = await pageFor(theme, viewport, t);
      await page.goto('/admin?tab=api');
      await page
        .getByRole('listitem', { name: 'Legacy importer' })
        .getByText('Inactive')
        .waitFor({ timeout: 20_000 });
      await page.waitForTimeout(300);
      await shot(page, `api-keys-${theme}-${size}`);

      await page.getByRole('tab', { name: 'Endpoints' }).click();
      await page
        .getByRole('table', { name: 'API endpoints' })
        .getByText('/api/v1/conversations')
        .first()
        .waitFor();
      await page.waitForTimeout(200);
      await shot(page, `api-endpoints-${theme}-${size}`);
      await page.getByRole('button', { name: 'Add Endpoint' }).click();
      await page.getByRole('dialog', { name: 'Add Endpoint' }).waitFor();
      await page.waitForTimeout(300);
      await shot(page, `api-add-endpoint-${theme}-${size}`, false);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Request Logs' }).click();
      await page.getByRole('table', { name: 'Request logs' }).getByText('429').first().waitFor();
      await page.waitForTimeout(200);
      await shot(page, `api-logs-${theme}-${size}`);

      await page.getByRole('tab', { name: 'Documentation' }).click();
      await page.getByText('X-RateLimit-Remaining').waitFor();
      await shot(page, `api-docs-${theme}-${size}`);

      await page.getByRole('tab', { name: 'API Keys' }).click();
      await page.getByRole('button', { name: 'Create Key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create API Key' });
      await dialog.getByLabel('Key Name').fill('Data warehouse export');
      await dialog.getByRole('checkbox', { name: /^Read/ }).click();
      await page.waitForTimeout(300);
      await shot(page, `api-create-key-${theme}-${size}`, false);
      await dialog.getByRole('button', { name: 'Create Key' }).click();
      const created = page.getByRole('dialog', { name: 'API key created' });
      await created.getByRole('button', { name: 'Reveal key' }).click();
      await page.waitForTimeout(300);
      await shot(page, `api-key-created-${theme}-${size}`, false);
      await created.getByRole('button', { name: 'Done' }).click();
      await page.context().close();
      // The next screenshots start from the same list.
      const { keys } = await apiCall<{ keys: { id: number; name: string }[] }>(
        'GET',
        '/api/v1/admin/api-keys',
        undefined,
        t,
      );
      for (const k of keys.filter((k) => k.name === 'Data warehouse export'))
        await apiCall('DELETE', `/api/v1/admin/api-keys/${k.id}`, undefined, t);
    }
  }
}, 180_000);
