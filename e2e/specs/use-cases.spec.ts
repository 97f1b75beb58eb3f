import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  DESKTOP,
  launchBrowser,
  type Login,
  openPage,
  PHONE,
  screenshot,
  signedInPage,
  signIn,
} from '../support/browser';

// Spec document 2: create a use case from scratch through publishing, then manage it from the list;
// screenshots of the list and each editor tab, light and dark, at 1440 and 375 px.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const name = `Churn watch ${Date.now().toString(36)}`;

test('create a use case from scratch, connect its data, rename a column, generate and reorder its flow, publish; pin, copy, assign and archive from the list', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/use-cases/new');
  await page.getByRole('heading', { level: 1, name: 'New Use Case' }).waitFor();
  await page.getByText('Definition Configuration').waitFor();
  await page.getByLabel('Use Case Name').fill(name);
  await page.getByLabel('Use Case Description').click();
  await page.waitForURL(/\/use-cases\/\d+$/, { timeout: 15_000 });
  await page
    .getByTestId('save-status')
    .getByText(/Saved .* ago/)
    .waitFor();
  await page.getByRole('button', { name: 'Reduce Operational Costs' }).click();
  await page.getByLabel('Add a custom goal').fill('  Keep churn under 3%  ');
  await page.keyboard.press('Enter');
  await page.getByText('Keep churn under 3%').waitFor();

  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('Knowledge Configuration').waitFor();
  const conn = page.getByLabel('Connection');
  await conn.locator('option', { hasText: 'Retail Sales' }).first().waitFor({ state: 'attached' });
  await conn.selectOption({
    label: (await conn.locator('option', { hasText: 'Retail Sales' }).first().textContent()) ?? '',
  });
  const schema = page.getByRole('combobox', { name: 'Schema' });
  await expect.poll(() => schema.isEnabled(), { timeout: 15_000 }).toBe(true);
  await schema.click();
  await page.getByRole('option', { name: 'main' }).click();
  // The demo's star schema: the orders fact holds revenue.
  const firstCheckbox = page.getByRole('checkbox', { name: 'Select orders' });
  await firstCheckbox.waitFor({ timeout: 15_000 });
  await firstCheckbox.click();
  await page.getByRole('button', { name: 'Columns' }).first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Columns' }).first().click();
  const dialog = page.getByRole('dialog');
  const nameInput = dialog.getByLabel(/^Business name of /).first();
  await nameInput.waitFor();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/table_column_metadata/update') && r.status() === 200,
  );
  await nameInput.fill('Order Reference');
  await dialog
    .getByLabel(/^Definition of /)
    .first()
    .click();
  await saved;
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Add Metric' }).click();
  await page.getByLabel('Metric name').last().fill('Average Revenue');
  const created = page.waitForResponse((r) => r.url().includes('/add_derived_metric'));
  await page.getByLabel('Calculation').last().click();
  expect((await created).status()).toBe(200);
  await page.getByLabel('Calculation').last().fill('SUM(no_such_column)');
  await page.getByLabel('Metric definition').last().click();
  await page
    .getByRole('alert')
    .filter({ hasText: /no_such_column/ })
    .waitFor();
  const updated = page.waitForResponse((r) => r.url().includes('/update_derived_metric'));
  await page.getByLabel('Calculation').last().fill('AVG(revenue)');
  await page.getByLabel('Metric definition').last().click();
  expect((await updated).status()).toBe(200);

  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await page.getByText('No decision steps defined').waitFor();
  await page.getByRole('button', { name: 'Generate Decision Flow' }).click();
  const step1 = page.getByLabel('Step 1', { exact: true });
  await step1.waitFor({ timeout: 30_000 });
  const first = await step1.inputValue();
  const second = await page.getByLabel('Step 2', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Reorder step 1' }).focus();
  // dnd-kit's keyboard sensor: Space picks the step up, the arrow moves it, Space drops it.
  for (const key of ['Space', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(250);
  }
  await expect.poll(() => page.getByLabel('Step 1', { exact: true }).inputValue()).toBe(second);
  expect(await page.getByLabel('Step 2', { exact: true }).inputValue()).toBe(first);
  await page.waitForTimeout(600);
  await page.getByRole('button', { name: /Validate & Publish/ }).click();
  await page.waitForURL(/\/use-cases$/, { timeout: 15_000 });

  const card = page
    .getByTestId('use-case-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.waitFor();
  await card.getByText('active', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Pin use case' }).click();
  await card.getByRole('button', { name: 'Unpin use case' }).waitFor();

  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Copy Use Case' }).click();
  await expect
    .poll(() => page.getByTestId('use-case-card').filter({ hasText: name }).count(), { timeout: 15_000 })
    .toBeGreaterThan(1);

  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Assign to User' }).click();
  const assign = page.getByRole('dialog');
  await assign.getByRole('heading', { name: 'Assign Users to Use Case' }).waitFor();
  await assign.getByRole('checkbox').first().waitFor();
  const boxes = await assign.getByRole('checkbox').count();
  for (let i = 0; i < boxes; i++) {
    const box = assign.getByRole('checkbox').nth(i);
    if ((await box.getAttribute('data-state')) !== 'checked') await box.click();
  }
  await assign.getByRole('button', { name: `Assign (${boxes})` }).click();
  await assign.getByText('Users assigned successfully').waitFor();
  await assign.waitFor({ state: 'detached', timeout: 5_000 });

  await card.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page
    .getByText(`Are you sure you want to archive "${name}"? You can restore it later from the Archived tab.`)
    .waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive' }).click();
  await card.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Archived' }).click();
  await page
    .getByTestId('use-case-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .waitFor();
  await context.close();
}, 120_000);

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`use case screenshots ${theme} ${size}`, async () => {
      const session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
      const list = await apiCall<{
        use_cases: { use_case_id: number; use_case_name: string; is_deleted: boolean }[];
      }>('GET', '/api/copilot/onboarding/use_cases/v2', undefined, session.token);
      const demo =
        list.use_cases.find((u) => !u.is_deleted && /Retail/.test(u.use_case_name)) ??
        list.use_cases.find((u) => !u.is_deleted);
      const page = await signedInPage(browser, session, theme, viewport);
      const shot = (n: string) => screenshot(page, `use-cases-${n}-${theme}-${size}`);
      await page.goto('/use-cases');
      await page.getByTestId('use-case-card').first().waitFor({ timeout: 30_000 });
      await shot('list');
      if (!demo) return;
      await page.goto(`/use-cases/${demo.use_case_id}`);
      await page.getByText('Definition Configuration').waitFor();
      await page.getByLabel('Use Case Name').waitFor();
      await shot('definition');
      await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
      await page
        .getByRole('button', { name: 'Refresh Schema' })
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await page.waitForTimeout(500);
      await shot('knowledge');
      await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
      await page.waitForTimeout(800);
      await shot('flows');
      await page.getByRole('tab', { name: 'AGENTS' }).click();
      await page.waitForTimeout(300);
      await shot('agents');
      await page.context().close();
    }, 90_000);
  }
}
