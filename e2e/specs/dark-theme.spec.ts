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

test('the theme switch turns the app dark and the choice survives a reload', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  const htmlClass = () => page.evaluate(() => document.documentElement.className);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  expect(await htmlClass()).toContain('light');
  const lightBackground = await background();
  const toggle = page.getByRole('switch', { name: 'Dark theme' });
  expect(await toggle.getAttribute('aria-checked')).toBe('false');

  await toggle.click();
  await expect.poll(htmlClass).toContain('dark');
  expect(await page.evaluate(() => localStorage.getItem('catalyst-ui-theme'))).toBe('dark');
  expect(await background()).not.toBe(lightBackground);

  await page.reload();
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  expect(await htmlClass()).toContain('dark');
  expect(await page.getByRole('switch', { name: 'Dark theme' }).getAttribute('aria-checked')).toBe('true');

  await page.getByRole('switch', { name: 'Dark theme' }).click();
  await expect.poll(htmlClass).toContain('light');
  await context.close();
});
