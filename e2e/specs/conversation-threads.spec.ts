import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  apiLogin,
  latestResetToken,
  launchBrowser,
  openPage,
  signIn,
} from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a thread is renamed in the sidebar, shared with a second user who then sees it, and deleted', async () => {
  // A second user, invited by the admin, sets a password from the e-mailed link.
  const adminToken = await apiLogin(ADMIN.username, ADMIN.password);
  const since = Date.now();
  const username = `sam${since % 100000}`;
  await apiCall(
    'POST',
    '/api/v1/admin/users',
    { username, email: `${username}@example.com`, firstName: 'Sam' },
    adminToken,
  );
  const token = await latestResetToken(since, `${username}@example.com`);
  await apiCall('POST', '/api/v1/password/set', { token, newPassword: 'Sam#pass12' });

  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/conversation/new');
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('total profit by channel');
  await input.press('Enter');
  await page.getByRole('columnheader', { name: 'Channel' }).waitFor({ timeout: 30_000 });
  const nav = page.getByRole('region', { name: 'Recent conversations' });
  await nav.getByRole('link', { name: 'total profit by channel' }).waitFor();

  await nav.getByRole('button', { name: 'Thread actions for total profit by channel' }).click();
  await page.getByRole('menuitem', { name: 'Rename Thread' }).click();
  const name = page.getByPlaceholder('Enter thread name...');
  await name.fill('Channel profit review');
  await name.press('Enter');
  await nav.getByRole('link', { name: 'Channel profit review' }).waitFor();

  await nav.getByRole('button', { name: 'Thread actions for Channel profit review' }).click();
  await page.getByRole('menuitem', { name: 'Share Thread' }).click();
  await page
    .getByRole('dialog')
    .locator('label')
    .filter({ hasText: `${username}@example.com` })
    .click();
  await page.getByRole('button', { name: 'Share (1)' }).click();
  await page.getByText('Thread shared successfully').waitFor();

  const other = await openPage(browser);
  await signIn(other.page, { username, password: 'Sam#pass12' });
  await other.page
    .getByRole('region', { name: 'Recent conversations' })
    .getByRole('link', { name: 'Channel profit review' })
    .click();
  await other.page.getByRole('columnheader', { name: 'Channel' }).waitFor({ timeout: 30_000 });
  await other.context.close();

  await nav.getByRole('button', { name: 'Thread actions for Channel profit review' }).click();
  await page.getByRole('menuitem', { name: 'Delete Thread' }).click();
  await page
    .getByText('Are you sure you want to delete this thread? This action cannot be undone.')
    .waitFor();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    nav.getByRole('link', { name: 'Channel profit review' }).waitFor({ state: 'detached' }),
  ).resolves.toBeUndefined();
  await context.close();
});
