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

test('a visitor is sent to sign in, signs in, reaches the shell and logs out', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/decisions');
  await page.waitForURL('**/login');
  // The sign-in screen is a lazy route: wait for its heading rather than look once.
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

  await signIn(page);
  // Back on the page that was asked for.
  await page.waitForURL('**/decisions');
  await page.getByRole('heading', { level: 1, name: 'Decisions' }).waitFor();

  await page.getByRole('link', { name: 'Decision Hub', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ }).waitFor();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  for (const item of ['Profile', 'Billing', 'Access Manager', 'Settings', 'Log out']) {
    await page.getByRole('menuitem', { name: item }).waitFor();
  }
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByText('You have been successfully logged out').waitFor();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // The session is gone on the server too: protected pages send us back to sign in.
  await page.goto('/');
  await page.waitForURL('**/login');
  await context.close();
});
