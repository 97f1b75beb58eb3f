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

test('an unknown path shows the not-found screen inside the shell', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/this/page/does-not-exist');
  await page.getByTestId('in-shell-not-found').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

  await page.getByRole('link', { name: 'Back to Decision Hub' }).click();
  await page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ }).waitFor();

  // The old paths land on /connections, on the tab they were about.
  await page.goto('/llm-connections');
  await page.waitForURL((url) => url.pathname === '/connections');
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toMatch(/LLM/);
  await context.close();
});

test('the stand-alone not-found page leads home', async () => {
  const { context, page } = await openPage(browser);
  await page.goto('/404');
  await page.getByText('Oops! Page not found').waitFor();
  await page.getByText('404', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await page.waitForURL('**/login');
  await context.close();
});
