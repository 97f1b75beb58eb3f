import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, PHONE, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('at 375 px the menu is a drawer over a dimmed backdrop', async () => {
  const { context, page } = await openPage(browser, PHONE);
  await signIn(page);
  expect(await page.getByTestId('sidebar').count()).toBe(0);

  const open = page.getByRole('button', { name: 'Open navigation menu' });
  const drawer = page.getByTestId('sidebar-drawer');
  const backdrop = page.getByTestId('sidebar-backdrop');

  await open.click();
  await drawer.waitFor();
  expect((await drawer.boundingBox())?.width).toBe(250);
  await backdrop.waitFor();
  // A click on the backdrop, beside the drawer, closes it.
  await page.mouse.click(340, 400);
  await drawer.waitFor({ state: 'detached' });

  await open.click();
  await drawer.waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  await open.click();
  await drawer.getByRole('link', { name: 'Decisions' }).click();
  await page.waitForURL('**/decisions');
  await drawer.waitFor({ state: 'detached' });

  // Growing to a desktop width closes the drawer and brings back the fixed sidebar.
  await open.click();
  await drawer.waitFor();
  await page.setViewportSize({ width: 1024, height: 800 });
  await drawer.waitFor({ state: 'detached' });
  await page.getByTestId('sidebar').waitFor();
  await context.close();
});
