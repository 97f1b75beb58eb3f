import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, apiCall, apiLogin, launchBrowser, openPage, signIn } from '../support/browser';

// Spec document 2, the use case screens of issue 14: nothing typed is lost on quick tab switches,
// navigation or leaving the page; derived metric rows (retry after a failed first save, ✓ and ✗,
// category and updated date); the error catalogue's texts; the 3-step wizard.

let browser: Browser;
let token: string;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await apiLogin(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await browser?.close();
});

interface Details {
  use_case_name: string;
  use_case_desc: string;
  businessGoals: string[];
  riskTolerance: string;
}
const createUseCase = async (name: string) =>
  (
    await apiCall<{ usecase_id: number }>(
      'POST',
      '/api/copilot/onboarding/use_case/v2',
      { usecase_name: name },
      token,
    )
  ).usecase_id;
const details = (id: number) =>
  apiCall<Details>('GET', `/api/copilot/onboarding/use_case/v2/${id}`, undefined, token);
const flow = (id: number) =>
  apiCall<{ decision_flow: string[] } | undefined>(
    'GET',
    `/api/copilot/schema_validation/get_decision_flow?use_case_id=${id}`,
    undefined,
    token,
  ).then((r) => r?.decision_flow ?? []);
const openEditor = async (page: Page, id: number) => {
  await page.goto(`/use-cases/${id}`);
  await page.getByText('Definition Configuration').waitFor();
  await page.getByTestId('save-status').getByText(/Saved/).waitFor();
};

test('the description survives a quick tab switch, leaving the screen within the 2 s gap, and leaving the page', async () => {
  const id = await createUseCase(`No loss ${stamp}`);
  const { context, page } = await openPage(browser);
  await signIn(page);
  await openEditor(page, id);
  const description = page.getByLabel('Use Case Description');

  // Typed, then another tab at once (well inside the 1 s debounce): saved on the way out.
  await description.fill('First draft of the churn question');
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await expect.poll(async () => (await details(id)).use_case_desc).toBe('First draft of the churn question');

  // A save just happened; a second edit and an immediate route change (within the 2 s gap).
  await page.getByRole('tab', { name: 'DEFINITION' }).click();
  await description.fill('Second draft');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Use Cases' }).click();
  await page.waitForURL(/\/use-cases$/);
  await expect.poll(async () => (await details(id)).use_case_desc).toBe('Second draft');
  // Back in the editor the newest text is shown, not an older copy.
  await page.goBack();
  await expect.poll(() => page.getByLabel('Use Case Description').inputValue()).toBe('Second draft');

  // Leaving the page altogether (typed, no blur): sent with keepalive on pagehide.
  await page.getByLabel('Use Case Description').fill('Written just before leaving');
  await page.goto('about:blank');
  await expect.poll(async () => (await details(id)).use_case_desc).toBe('Written just before leaving');
  await context.close();
}, 90_000);

test('decision flow steps survive quick tab switches and navigation', async () => {
  const id = await createUseCase(`Flow keep ${stamp}`);
  const { context, page } = await openPage(browser);
  await signIn(page);
  await openEditor(page, id);
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await page.getByRole('button', { name: 'Add First Step' }).click();
  await page.getByLabel('Step 1', { exact: true }).fill('Check stock');
  // Within the 500 ms text debounce: away and back.
  await page.getByRole('tab', { name: 'AGENTS' }).click();
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await expect.poll(() => page.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Check stock');
  await expect.poll(() => flow(id)).toEqual(['Check stock']);

  await page.getByRole('button', { name: 'Add Step' }).click();
  await page.getByLabel('Step 2', { exact: true }).fill('Order from the cheapest supplier');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Use Cases' }).click();
  await expect.poll(() => flow(id)).toEqual(['Check stock', 'Order from the cheapest supplier']);

  await page.goto(`/use-cases/${id}`);
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await page.getByLabel('Step 2', { exact: true }).fill('Order from the fastest supplier');
  await page.goto('about:blank');
  await expect.poll(() => flow(id)).toEqual(['Check stock', 'Order from the fastest supplier']);
  await context.close();
}, 90_000);

test('a derived metric row saves after a failed first save; ✓ closes it, ✗ puts it back; category and date shown', async () => {
  const list = await apiCall<{
    use_cases: { use_case_id: number; use_case_name: string; is_deleted: boolean }[];
  }>('GET', '/api/copilot/onboarding/use_cases/v2', undefined, token);
  const demo = list.use_cases.find((u) => !u.is_deleted && /Retail Sales/.test(u.use_case_name))!;
  const copy = await apiCall<{ use_case_id: number }>(
    'POST',
    `/api/copilot/onboarding/use_cases/${demo.use_case_id}/copy_usecase`,
    undefined,
    token,
  );
  const id = copy.use_case_id;
  const { columns } = await apiCall<{ columns: string[] }>(
    'GET',
    `/api/copilot/schema_validation/autosuggest_columns?usecase_id=${id}`,
    undefined,
    token,
  );
  expect(columns.length).toBeGreaterThan(0);
  const metrics = () =>
    apiCall<{ id: number; derived_metric: string; metric_definition: string; calculation: string }[]>(
      'GET',
      `/api/copilot/schema_validation/get_derived_metrics?usecase_id=${id}`,
      undefined,
      token,
    );
  const before = (await metrics()).length;

  const { context, page } = await openPage(browser);
  await signIn(page);
  await openEditor(page, id);
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  const card = page.getByRole('list', { name: 'Derived metrics' });
  await page.getByRole('button', { name: 'Add Metric' }).click();
  const row = card.getByRole('listitem', { name: /^Editing / });
  // The first save (the calculation's blur, the first field with text) is refused by the server.
  await row.getByLabel('Calculation').fill('COUNT(no_such_column)');
  const refused = page.waitForResponse((r) => r.url().includes('/add_derived_metric'));
  await row.getByLabel('Metric name').click();
  expect((await refused).status()).toBe(400);
  await row.getByRole('alert').getByText('Failed to add derived metric. Please try again.').waitFor();
  await row
    .getByRole('alert')
    .getByText(/no_such_column/)
    .waitFor();
  expect((await metrics()).length).toBe(before);

  // Corrected, the next blur creates it (a failed first save never blocks the row).
  await row.getByLabel('Calculation').fill(`COUNT(${columns[0]})`);
  const created = page.waitForResponse((r) => r.url().includes('/add_derived_metric'));
  await row.getByLabel('Metric name').click();
  expect((await created).status()).toBe(200);
  await row.getByRole('alert').waitFor({ state: 'detached' });
  await row.getByLabel('Metric name').fill(`Order count ${stamp}`);
  await row.getByLabel('Metric definition').fill('Orders placed');
  await card
    .getByRole('listitem', { name: /^Editing / })
    .getByRole('button', { name: `Save metric Order count ${stamp}` })
    .click();
  const saved = card.getByRole('listitem', { name: `Order count ${stamp}`, exact: true });
  await saved.waitFor();
  await saved.getByText('Orders placed').waitFor();
  // Category and the updated date (en-US, 24-hour, seconds).
  expect(await saved.getByTitle('Category').textContent()).toBe('Category: general');
  expect(await saved.locator('time').textContent()).toMatch(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}:\d{2}$/,
  );
  const made = (await metrics()).filter((m) => m.derived_metric === `Order count ${stamp}`);
  expect(made).toHaveLength(1);

  // Edit, change the calculation (saved on blur), then ✗: the metric is put back as it was.
  await saved.getByRole('button', { name: `Edit metric Order count ${stamp}` }).click();
  const editing = card.getByRole('listitem', { name: `Editing Order count ${stamp}` });
  await editing.getByLabel('Calculation').fill(`MAX(${columns[0]})`);
  const updated = page.waitForResponse((r) => r.url().includes('/update_derived_metric'));
  await editing.getByLabel('Metric name').click();
  expect((await updated).status()).toBe(200);
  await editing.getByRole('button', { name: `Cancel editing Order count ${stamp}` }).click();
  await saved.waitFor();
  await expect
    .poll(async () => (await metrics()).find((m) => m.id === made[0]!.id)?.calculation)
    .toBe(`COUNT(${columns[0]})`);

  // ✗ on a new row that had been created on blur removes it again.
  await page.getByRole('button', { name: 'Add Metric' }).click();
  const draft = card.getByRole('listitem', { name: /^Editing / });
  await draft.getByLabel('Metric name').fill(`Throwaway ${stamp}`);
  const createdDraft = page.waitForResponse((r) => r.url().includes('/add_derived_metric'));
  await draft.getByLabel('Metric definition').click();
  expect((await createdDraft).status()).toBe(200);
  await draft.getByRole('button', { name: `Cancel editing Throwaway ${stamp}` }).click();
  await draft.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await metrics()).some((m) => m.derived_metric === `Throwaway ${stamp}`))
    .toBe(false);

  // A refused update says so in the row and keeps what was typed; ✓ then saves it.
  const refuse = (pattern: string) =>
    page.route(pattern, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
  await refuse('**/update_derived_metric');
  await saved.getByRole('button', { name: `Edit metric Order count ${stamp}` }).click();
  await editing.getByLabel('Metric definition').fill('Orders placed, returns included');
  await editing.getByLabel('Metric name').click();
  await editing
    .getByRole('alert')
    .getByText('Failed to update derived metric. Please try again.', { exact: true })
    .waitFor();
  expect(await editing.getByLabel('Metric definition').inputValue()).toBe('Orders placed, returns included');
  await page.unroute('**/update_derived_metric');
  await editing.getByRole('button', { name: `Save metric Order count ${stamp}` }).click();
  await saved.getByText('Orders placed, returns included').waitFor();
  await expect
    .poll(async () => (await metrics()).find((m) => m.id === made[0]!.id)?.metric_definition)
    .toBe('Orders placed, returns included');

  // A refused delete (after the confirmation) says so and keeps the metric; the next one deletes it.
  await refuse('**/delete_derived_metric');
  const confirmDelete = page.getByRole('dialog', { name: 'Delete Derived Metric' });
  await saved.getByRole('button', { name: `Delete metric Order count ${stamp}` }).click();
  await confirmDelete.getByText(`Are you sure you want to delete "Order count ${stamp}"?`).waitFor();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Failed to delete derived metric. Please try again.', { exact: true }).waitFor();
  await saved.waitFor();
  expect((await metrics()).some((m) => m.id === made[0]!.id)).toBe(true);
  await page.unroute('**/delete_derived_metric');
  await saved.getByRole('button', { name: `Delete metric Order count ${stamp}` }).click();
  await confirmDelete.getByRole('button', { name: 'Delete' }).click();
  await saved.waitFor({ state: 'detached' });
  expect((await metrics()).some((m) => m.id === made[0]!.id)).toBe(false);
  await context.close();
}, 120_000);

test('failures show the error catalogue texts', async () => {
  const id = await createUseCase(`Errors ${stamp}`);
  const { context, page } = await openPage(browser);
  await signIn(page);
  const fail = (pattern: string | RegExp, status = 500) =>
    page.route(pattern, (route) => route.fulfill({ status, contentType: 'application/json', body: '{}' }));

  // Use case details.
  await fail(`**/api/copilot/onboarding/use_case/v2/${id}`);
  await page.goto(`/use-cases/${id}`);
  await page.getByText('Failed to load use case details. Please try again.', { exact: true }).waitFor();
  await page.unrouteAll();

  // Decision flow load, derived metrics load.
  await fail(/\/get_decision_flow\?/, 502);
  await fail(/\/get_derived_metrics\?/);
  await openEditor(page, id);
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await page.getByText('Failed to fetch decision flow: Bad Gateway', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('Failed to load derived metrics. Please try again.', { exact: true }).waitFor();
  await page.unrouteAll();

  // Saving the definition.
  await fail('**/api/copilot/onboarding/use_case/v2');
  await page.getByRole('tab', { name: 'DEFINITION' }).click();
  await page.getByLabel('Use Case Description').fill('Will not save');
  await page.getByLabel('Use Case Name').click();
  await page.getByText('Failed to save use case. Please try again.').waitFor({ timeout: 10_000 });
  await page.unrouteAll();

  // The list: a failed load is an error with Try Again, never "No use cases yet".
  await fail('**/api/copilot/onboarding/use_cases/v2');
  await page.goto('/use-cases');
  await page.getByText('Failed to load use cases.', { exact: true }).waitFor();
  expect(await page.getByText('No use cases yet').count()).toBe(0);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try Again' }).click();

  // List actions and the assign dialog.
  const card = page
    .getByTestId('use-case-card')
    .filter({ has: page.getByRole('heading', { name: `Errors ${stamp}`, exact: true }) });
  await card.waitFor();
  await fail(`**/api/copilot/onboarding/use_case/${id}`);
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await page.getByText('Failed to activate use case. Please try again.', { exact: true }).waitFor();
  await fail(`**/api/copilot/onboarding/use_cases/${id}/copy_usecase`);
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Copy Use Case' }).click();
  await page.getByText('Failed to copy use case. Please try again.', { exact: true }).waitFor();
  // Archive (after its confirmation) is refused: the card stays.
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: 'Archive Use Case' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await page.getByText('Failed to archive use case. Please try again.', { exact: true }).waitFor();
  await card.waitFor();
  // A refused pin is put back.
  await fail(`**/api/copilot/onboarding/use_cases/${id}/pin`);
  await card.getByRole('button', { name: 'Pin use case' }).click();
  await page.getByText('Failed to update pin status. Please try again.', { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Pin use case' }).waitFor();

  await fail(/\/api\/v1\/user-list-by-org\?/, 503);
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Assign to User' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign Users to Use Case' });
  await assign.getByText('Failed to fetch users: Service Unavailable', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await page.unrouteAll();
  await fail('**/api/copilot/user-access');
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Assign to User' }).click();
  await assign.getByRole('checkbox').first().click();
  await assign.getByRole('button', { name: /^Assign \(/ }).click();
  await assign.getByText('Failed to assign users. Please try again.', { exact: true }).waitFor();
  await page.unrouteAll();
  await page.route('**/api/copilot/user-access', (route) => route.abort('connectionreset'));
  await assign.getByRole('button', { name: /^Assign \(/ }).click();
  await assign
    .getByText('An error occurred while assigning users. Please try again.', { exact: true })
    .waitFor();
  await page.keyboard.press('Escape');
  await page.unrouteAll();

  // Deactivating an active use case is refused: it stays active.
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await card.getByText('active', { exact: true }).waitFor();
  await fail(`**/api/copilot/onboarding/use_case/${id}`);
  await card.getByRole('button', { name: `Actions for Errors ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await page.getByText('Failed to deactivate use case. Please try again.', { exact: true }).waitFor();
  await card.getByText('active', { exact: true }).waitFor();
  await context.close();
}, 90_000);

test('a decision flow that could not be read is not offered for editing; failed generate and save say so and keep the steps', async () => {
  const id = await createUseCase(`Flow errors ${stamp}`);
  await apiCall(
    'POST',
    '/api/copilot/schema_validation/update_decision_flow',
    { use_case_id: id, decision_flow: ['Keep me'] },
    token,
  );
  const { context, page } = await openPage(browser);
  await signIn(page);
  const fail = (pattern: RegExp, status: number) =>
    page.route(pattern, (route) => route.fulfill({ status, contentType: 'application/json', body: '{}' }));

  // The saved step could not be read: no empty list to write over it, Try Again reads it.
  await fail(/\/get_decision_flow\?/, 502);
  await openEditor(page, id);
  await page.getByRole('tab', { name: 'DECISION FLOWS' }).click();
  await page.getByText('Failed to fetch decision flow: Bad Gateway', { exact: true }).waitFor();
  expect(await page.getByText('No decision steps defined').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add First Step' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Add Step' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Generate Decision Flow' }).isDisabled()).toBe(true);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect.poll(() => page.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Keep me');

  // Generating fails: the red box of the spec, the steps unchanged.
  await fail(/\/generate_decision_flow$/, 500);
  await page.getByRole('button', { name: 'Generate Decision Flow' }).click();
  const box = page.getByRole('alert').filter({ hasText: 'Error generating decision flow:' });
  await box.getByText('Failed to generate decision flow: Internal Server Error', { exact: true }).waitFor();
  expect(await page.getByLabel('Step 1', { exact: true }).inputValue()).toBe('Keep me');

  // Saving fails: said on screen, the step kept, and sent with the next edit once it works.
  await fail(/\/update_decision_flow$/, 503);
  await page.getByRole('button', { name: 'Add Step' }).click();
  await page.getByLabel('Step 2', { exact: true }).fill('Call the supplier');
  await page.getByText('Failed to update decision flow: Service Unavailable', { exact: true }).waitFor();
  expect(await flow(id)).toEqual(['Keep me']);
  await page.unrouteAll();
  await page.getByLabel('Step 2', { exact: true }).fill('Call the supplier today');
  await expect.poll(() => flow(id)).toEqual(['Keep me', 'Call the supplier today']);
  await page.getByText('Failed to update decision flow: Service Unavailable').waitFor({ state: 'detached' });
  await context.close();
}, 90_000);

test('the 3-step wizard: Definition, Decision Criteria, Decision Flow, bounded 1–3, each step saved', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/use-cases');
  await page.getByRole('button', { name: 'Guided Setup' }).click();
  await page.waitForURL(/\/use-cases\/wizard$/);
  await page.getByText('Step 1 of 3: Definition').waitFor();
  const steps = page.getByRole('list', { name: 'Steps' });
  expect(await steps.getByRole('listitem').allTextContents()).toEqual([
    '1Definition',
    '2Decision Criteria',
    '3Decision Flow',
  ]);
  expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

  // The name is required before leaving step 1.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Please fill in use case name', { exact: true }).waitFor();
  await page.getByText('Step 1 of 3: Definition').waitFor();

  const name = `Wizard ${stamp}`;
  await page.getByLabel('Use Case Name').fill(name);
  await page.getByLabel('Use Case Description').fill('Made with the guided setup');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 3: Decision Criteria').waitFor();
  await page.getByRole('button', { name: 'Optimize Marketing ROI' }).click();
  await page.getByRole('radio', { name: /Conservative/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 3: Decision Flow').waitFor();
  expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Add First Step' }).click();
  await page.getByLabel('Step 1', { exact: true }).fill('Compare channel ROI');

  // Back to step 2 keeps what was chosen; forward again keeps the step.
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText('Step 2 of 3: Decision Criteria').waitFor();
  expect(
    await page.getByRole('button', { name: 'Optimize Marketing ROI' }).getAttribute('aria-pressed'),
  ).toBe('true');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect
    .poll(() => page.getByLabel('Step 1', { exact: true }).inputValue())
    .toBe('Compare channel ROI');

  const list = await apiCall<{ use_cases: { use_case_id: number; use_case_name: string }[] }>(
    'GET',
    '/api/copilot/onboarding/use_cases/v2',
    undefined,
    token,
  );
  const made = list.use_cases.filter((u) => u.use_case_name === name);
  expect(made).toHaveLength(1);
  const id = made[0]!.use_case_id;
  const saved = await details(id);
  expect(saved.use_case_desc).toBe('Made with the guided setup');
  expect(saved.businessGoals).toEqual(['Optimize Marketing ROI']);
  expect(saved.riskTolerance).toBe('conservative');
  await expect.poll(() => flow(id)).toEqual(['Compare channel ROI']);

  await page.getByRole('button', { name: 'Open in Editor' }).click();
  await page.waitForURL(new RegExp(`/use-cases/${id}$`));
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await context.close();
}, 90_000);
