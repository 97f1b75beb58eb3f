import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser';

const postgresUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(5432, '127.0.0.1');
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
});
if (!postgresUp) {
  if (process.env.CI)
    throw new Error(
      'PostgreSQL is not reachable at 127.0.0.1:5432; CI requires it for the data-sources browser test.',
    );
  console.warn('PostgreSQL is not reachable at 127.0.0.1:5432: the data-sources browser test is skipped.');
}

let browser: Browser;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalyst-e2e-csv-'));
beforeAll(async () => {
  browser = await launchBrowser();
  fs.writeFileSync(
    path.join(dir, 'stores.csv'),
    'store_id,city,opened\n' +
      Array.from({ length: 250 }, (_, i) => `${i + 1},City ${i % 17},2024-0${(i % 9) + 1}-01`).join('\n') +
      '\n',
  );
  fs.writeFileSync(
    path.join(dir, 'visits.csv'),
    'visit_id;store_id;visitors\n' +
      Array.from({ length: 1200 }, (_, i) => `${i + 1};${(i % 250) + 1};${(i * 7) % 300}`).join('\n') +
      '\n',
  );
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test.runIf(postgresUp)(
  'a File Source with two CSV files loads both, and a PostgreSQL connection shows its schemas',
  async () => {
    const { context, page } = await openPage(browser);
    await signIn(page);
    await page.goto('/database-connections');
    await page.getByRole('heading', { level: 1, name: 'Data Sources' }).waitFor();

    await page.getByRole('button', { name: 'New Data Source' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Connection type').selectOption({ value: 'flat_files' });
    await dialog.getByLabel('Name', { exact: true }).fill('Store visits');
    await dialog
      .locator('input[type=file]')
      .setInputFiles([path.join(dir, 'stores.csv'), path.join(dir, 'visits.csv')]);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('250 rows').waitFor({ timeout: 30_000 });
    await dialog.getByText('1,200 rows').waitFor({ timeout: 30_000 });
    expect(
      await dialog
        .getByRole('progressbar')
        .evaluateAll((bars) => bars.map((b) => b.getAttribute('aria-valuenow'))),
    ).toEqual(['100', '100']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Store visits' }).waitFor();

    await page.getByRole('button', { name: 'New Data Source' }).click();
    await dialog.getByLabel('Connection type').selectOption({ value: 'postgresql' });
    await dialog.getByLabel('Name', { exact: true }).fill('Local PostgreSQL');
    await dialog.getByLabel('Hostname').fill('127.0.0.1');
    await dialog.getByLabel('Port').fill('5432');
    await dialog.getByLabel('Database', { exact: true }).fill('postgres');
    await dialog.getByLabel('Username').fill('postgres');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Local PostgreSQL' }) });
    await card.waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Show schemas' }).click();
    await card
      .getByLabel('Schemas')
      .getByText(/public/)
      .waitFor({ timeout: 30_000 });
    await context.close();
  },
);
