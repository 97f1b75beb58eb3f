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

test('the Decision Hub shows the four metrics and the demo alerts, and an alert opens its investigation', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/');
  for (const label of ['AI Score Average', 'Active Use Cases', 'Recent Insights', 'Last Activity'])
    await page.getByText(label, { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Refresh recommendations' }).click();
  // The demo data has a regional revenue drop (Europe) and a return spike (Electronics).
  await page
    .getByRole('heading', { level: 3, name: /in Europe dropped/ })
    .first()
    .waitFor({ timeout: 60_000 });
  await page.getByRole('heading', { level: 3, name: /^Return Rate rose/ }).waitFor();
  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('button', { name: 'Card view' }).click();

  await page
    .getByRole('listitem')
    .filter({ hasText: /Revenue in Europe dropped/ })
    .getByRole('button', { name: 'Investigate' })
    .click();
  await page.waitForURL(/\/conversation\/action\/investigate\/rec-\d+$/);
  await page.getByRole('img', { name: /What drives the change/ }).waitFor({ timeout: 30_000 });
  await page
    .getByRole('cell', { name: /^(Country|Channel|Customer Segment|Category|Product): / })
    .first()
    .waitFor();
  expect(await page.getByRole('button', { name: 'Make Decision' }).count()).toBeGreaterThan(0);
  await context.close();
});
