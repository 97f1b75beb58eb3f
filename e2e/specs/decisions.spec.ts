import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('an alert becomes a decision that is approved, implemented and shows its outcome', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Refresh recommendations' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: / in Europe dropped / })
    .getByRole('button', { name: 'Investigate' })
    .click();
  await page
    .getByRole('img', { name: /^(What drives the change|How the change .* splits)/ })
    .waitFor({ timeout: 30_000 });
  // Make Decision opens the decision dialog over the investigation.
  await page.getByRole('button', { name: 'Make Decision' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Make Decision').first().waitFor();
  await dialog.getByRole('button', { name: 'Save Decision' }).click();
  await dialog.getByText('Title is required').waitFor();
  await dialog.getByLabel('Title').fill('Win back European partners');
  await dialog.getByLabel('Description').fill('Partner orders in Europe fell in the last weeks.');
  await dialog.getByLabel('Related use case').selectOption({ label: 'Retail Sales' });
  await dialog
    .getByLabel('Decision rationale')
    .fill('The drop is concentrated in Europe; a partner discount is the fastest lever.');
  await dialog.getByRole('button', { name: 'Save Decision' }).click();
  await page.getByRole('button', { name: 'View decision' }).click();
  await page.waitForURL(/\/decisions\/\d+$/);
  await page.getByRole('heading', { level: 1, name: 'Win back European partners' }).waitFor();
  await page.getByText('The baseline of Revenue').waitFor();
  await page.getByRole('button', { name: 'Approve' }).click();
  // The baseline is the normal weeks before the Europe drop began, not the weeks of the drop.
  await page
    .getByText(
      /Baseline captured: Revenue averaged .* over the \d+ normal weeks before the change the alert found/,
    )
    .waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Mark implemented' }).click();
  await page.getByText(/Implemented on \d{4}-\d{2}-\d{2}/).waitFor({ timeout: 15_000 });
  await page.getByRole('img', { name: /Revenue: actual against the baseline/ }).waitFor();

  // Artifacts: a text note is added, then deleted.
  await page.getByLabel('New artifact name').fill('Partner call notes');
  await page.getByLabel('New artifact content').fill('Three partners asked for volume pricing.');
  await page.getByRole('button', { name: 'Add artifact' }).click();
  await page.getByRole('button', { name: 'Delete artifact Partner call notes' }).click();
  await page.getByText('No artifacts yet.').waitFor();

  await page.goto('/decisions');
  await page.getByRole('heading', { name: 'Win back European partners' }).waitFor();
  await context.close();
});
