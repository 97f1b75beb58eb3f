import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the collapsed sidebar stays collapsed after a reload', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  const sidebar = page.getByTestId('sidebar');
  const width = async () => (await sidebar.boundingBox())?.width;

  await expect.poll(width).toBe(250);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect.poll(width).toBe(70);
  // Icons only: labels are gone, the links keep their accessible names.
  expect(await sidebar.getByText('Decision Hub', { exact: true }).count()).toBe(0);
  await sidebar.getByRole('link', { name: 'Decisions' }).waitFor();

  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await expect.poll(width).toBe(70);
  expect(await page.evaluate(() => localStorage.getItem('catalyst-sidebar-collapsed'))).toBe('true');

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect.poll(width).toBe(250);
  await context.close();
});

test('the ADMIN group opens on its own pages and Agents lights up for action flows', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  const admin = page.getByRole('button', { name: 'ADMIN' });
  expect(await admin.getAttribute('aria-expanded')).toBe('false');
  await admin.click();
  await page.getByRole('link', { name: 'Data Sources' }).click();
  await page.waitForURL('**/database-connections');
  // The route renders in a transition (its page is a lazy chunk): wait for it, not just the URL.
  await expect
    .poll(() => page.getByRole('link', { name: 'Data Sources' }).getAttribute('aria-current'))
    .toBe('page');

  await page.goto('/action-flows');
  await page.getByRole('heading', { level: 1, name: 'Action Flows' }).waitFor();
  await expect
    .poll(() => page.getByRole('button', { name: 'ADMIN' }).getAttribute('aria-expanded'))
    .toBe('true');
  await expect
    .poll(() => page.getByRole('link', { name: 'Agents' }).getAttribute('aria-current'))
    .toBe('page');
  await context.close();
});
