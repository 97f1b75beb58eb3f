import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, launchBrowser, openPage, submitSignIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a wrong password shows "Authentication Failed" and stays on sign-in', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/login');
  await submitSignIn(page, { username: ADMIN.username, password: 'not-the-password-1!' });
  await page.getByText('Authentication Failed').waitFor();
  await page.getByText('Invalid username or password').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await context.close();
});
