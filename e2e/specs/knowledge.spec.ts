import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  BASE_URL,
  DESKTOP,
  launchBrowser,
  type Login,
  PHONE,
  screenshot,
  signedInPage,
} from '../support/browser';

// Spec document 2 §2.4, §4.4, §8 and issue 12/14: the use case's Knowledge tab. Relationships
// between the demo's star schema tables (shown with their origin, removed, restored, added),
// searchable schema and table pickers with the spec's empty and error texts, sections ticked
// from saved data, suggestions that follow the selected tables, load failures shown as errors,
// and the kind and date format columns are read as. Screenshots light/dark at 1440 and 375 px.

let browser: Browser;
let session: Login;
let demoId: number;
const stamp = Date.now().toString(36);
const SV = '/api/copilot/schema_validation';
const O = '/api/copilot/onboarding';

/** Waits for a value the page shows after a server round trip (the shared machine can be slow). */
const poll = <T>(fn: () => Promise<T> | T, options: { timeout?: number } = {}) =>
  expect.poll(fn, { timeout: 15_000, ...options });

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCall<T>(method, path, body, session.token);

interface Connection {
  conn_id: number;
  conn_name: string;
}
const connections = async () =>
  (await call<{ connections: Connection[] }>('GET', '/api/copilot/db_conn/get_conns')).connections;

/** A CSV File Source of its own, loaded. */
async function csvSource(name: string, file: string, csv: string): Promise<number> {
  const form = new FormData();
  form.append('conn_name', name);
  form.append('file', new Blob([csv], { type: 'text/csv' }), file);
  const response = await fetch(`${BASE_URL}/api/copilot/upload-files/upload-csv`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const { conn_id } = (await response.json()) as { conn_id: number };
  await poll(
    async () =>
      (await call<{ status: string }[]>('GET', `/api/copilot/upload-files/csv?conn_id=${conn_id}`)).map(
        (f) => f.status,
      ),
    { timeout: 60_000 },
  ).toEqual(['UPLOADED']);
  return conn_id;
}

const newUseCase = async (name: string) =>
  (await call<{ use_case_id: number }>('POST', `${O}/use_case/v2`, { usecase_name: name, tools: [] }))
    .use_case_id;

async function knowledgeOf(page: Page, id: number) {
  await page.goto(`/use-cases/${id}`);
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('Knowledge Configuration').waitFor();
}
const relationships = (page: Page) => page.getByRole('list', { name: 'Relationships', exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  demoId = session.defaultUseCaseId!;
});
afterAll(async () => {
  await browser?.close();
});

test('the demo star schema: its four tables ticked, the relationships profiling found with their origin; remove, restore and add', async () => {
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  await knowledgeOf(page, demoId);
  await poll(() => page.getByLabel('Connection').locator('option:checked').textContent()).toBe(
    'Retail Sales (demo)',
  );
  await poll(() => page.getByRole('combobox', { name: 'Schema' }).textContent()).toBe('main');
  for (const table of ['orders', 'customers', 'products', 'stores'])
    expect(await page.getByRole('checkbox', { name: `Select ${table}` }).getAttribute('data-state')).toBe(
      'checked',
    );

  const list = relationships(page);
  await list.getByRole('listitem').first().waitFor();
  const listed = async () => {
    const out: string[] = [];
    for (const item of await list.getByRole('listitem').all()) {
      const name = await item.getByRole('button').getAttribute('aria-label');
      const origin = await item.getByText(/^(Declared|Inferred|Added by a user)$/).textContent();
      out.push(`${name!.replace('Remove relationship ', '')} ${origin}`);
    }
    return out.sort();
  };
  expect(await listed()).toEqual([
    'orders.customer_id → customers.customer_id Inferred',
    'orders.product_id → products.product_id Inferred',
    'orders.store_id → stores.store_id Inferred',
  ]);

  // A removal sticks: profiling the table again does not bring it back.
  await page.getByRole('button', { name: 'Remove relationship orders.store_id → stores.store_id' }).click();
  await page
    .getByRole('list', { name: 'Removed relationships' })
    .getByText('orders.store_id → stores.store_id')
    .waitFor();
  await poll(() => list.getByRole('listitem').count()).toBe(2);
  const reprofiled = page.waitForResponse((r) => r.url().includes('/select_and_fetch_columns'));
  await page.getByRole('checkbox', { name: 'Select stores' }).click();
  await page.getByRole('checkbox', { name: 'Select stores' }).click();
  expect((await reprofiled).status()).toBe(200);
  await page.getByRole('button', { name: 'Find Relationships' }).click();
  await page.getByText('Relationships checked').waitFor();
  expect(await list.getByText('orders.store_id').count()).toBe(0);
  const stored = await call<{ relationships: { to_table: string; is_removed: boolean }[] }>(
    'GET',
    `${SV}/relationships?usecase_id=${demoId}`,
  );
  expect(stored.relationships.find((r) => r.to_table === 'stores')?.is_removed).toBe(true);
  await page.getByRole('button', { name: 'Restore relationship orders.store_id → stores.store_id' }).click();
  await list.getByText('stores.store_id').waitFor();

  // Adding one that cannot be a relationship says why; a valid one is listed as added by a user.
  const form = page.getByRole('group', { name: 'Add a relationship' });
  await form.getByLabel('Table', { exact: true }).selectOption('customers');
  await form.getByLabel('Column', { exact: true }).selectOption('customer_id');
  await form.getByLabel('Refers to table').selectOption('orders');
  await form.getByLabel('Key column').selectOption('customer_id');
  await form.getByRole('button', { name: 'Add Relationship' }).click();
  await form
    .getByRole('alert')
    .getByText(/orders\.customer_id is not a key/)
    .waitFor();
  await form.getByLabel('Table', { exact: true }).selectOption('stores');
  await form.getByLabel('Column', { exact: true }).selectOption('store_id');
  await form.getByLabel('Refers to table').selectOption('products');
  await form.getByLabel('Key column').selectOption('product_id');
  await form.getByRole('button', { name: 'Add Relationship' }).click();
  const added = list.getByRole('listitem').filter({
    has: page.getByRole('button', { name: 'Remove relationship stores.store_id → products.product_id' }),
  });
  await added.getByText('Added by a user').waitFor();
  await added.getByRole('button', { name: /^Remove relationship/ }).click();
  await added.waitFor({ state: 'detached' });
  await page.context().close();
});

test('sections are ticked from saved data, and the schema and table pickers search with the spec’s texts', async () => {
  const id = await newUseCase(`Knowledge ${stamp}`);
  await csvSource(`Shops ${stamp}`, 'shops.csv', 'shop_id,city\n1,Oslo\n2,Rome\n');
  const demo = (await connections()).find((c) => c.conn_name === 'Retail Sales (demo)')!;
  await call('POST', `${O}/use_case/add_schema_data`, {
    usecase_id: id,
    conn_id: demo.conn_id,
    schema: 'main',
  });
  const tables = await call<{ table_id: number; table_name: string }[]>(
    'GET',
    `${SV}/usecase_db_tables/${id}`,
  );
  const orders = tables.find((t) => t.table_name === 'orders')!.table_id;
  await call('POST', `${SV}/usecase_db_tables/select_and_fetch_columns`, { table_ids: [orders] });
  await call('POST', `${SV}/add_derived_metric`, {
    usecase_id: id,
    derived_metric: 'Orders',
    metric_definition: 'Number of orders',
    calculation: 'COUNT(*)',
    type: 'general',
  });
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  const toolsSaved = page.waitForResponse(
    (r) => r.url().endsWith(`${O}/use_case/v2`) && r.request().method() === 'PUT',
  );
  await knowledgeOf(page, id);
  const sections = page.getByRole('group', { name: 'Select Sections' });
  await poll(() => sections.getByRole('checkbox', { checked: true }).count()).toBe(2);
  expect((await toolsSaved).status()).toBe(200);
  const saved = await call<{ tools: string[] }>('GET', `${O}/use_case/v2/${id}`);
  expect([...saved.tools].sort()).toEqual(['database', 'derived-metrics']);

  // The schema combobox searches: a miss says "No schema found.", a hit picks.
  const schema = page.getByRole('combobox', { name: 'Schema' });
  await poll(() => schema.textContent()).toBe('main');
  await schema.click();
  await page.getByPlaceholder('Search schemas...').fill('zzz');
  await page.getByText('No schema found.').waitFor();
  await page.getByPlaceholder('Search schemas...').fill('ma');
  await page.keyboard.press('Enter');
  await poll(() => schema.textContent()).toBe('main');

  // The table list searches too.
  const search = page.getByLabel('Search tables');
  await search.fill('ord');
  await poll(() => page.getByRole('checkbox', { name: /^Select / }).count()).toBe(1);
  await search.fill('zzz');
  await page.getByText('No item found.').waitFor();
  await search.fill('');

  // Suggestions for a calculation follow the selected tables (saved metrics are read-only rows:
  // Add Metric opens one to write in).
  await page.getByRole('button', { name: 'Add Metric' }).click();
  const suggestionsFor = async (typed: string) => {
    const calc = page.getByLabel('Calculation').first();
    await calc.fill(typed);
    await calc.focus();
    const list = page.getByRole('list', { name: 'Computation suggestions' });
    return (await list.count()) ? list.getByRole('button').allTextContents() : [];
  };
  const loaded = page.waitForResponse((r) => r.url().includes('/autosuggest_columns'));
  await page.getByRole('checkbox', { name: 'Select stores' }).click();
  await loaded;
  await poll(() => suggestionsFor('SUM(reg')).toContain('region');
  // Leaving the field and coming back within the list's 200 ms keeps the list open.
  await page
    .getByLabel('Calculation')
    .first()
    .evaluate((input: HTMLInputElement) => {
      input.blur();
      input.focus();
    });
  await page.waitForTimeout(400);
  expect(await page.getByRole('list', { name: 'Computation suggestions' }).isVisible()).toBe(true);
  const reloaded = page.waitForResponse((r) => r.url().includes('/autosuggest_columns'));
  await page.getByRole('checkbox', { name: 'Select stores' }).click();
  await reloaded;
  await poll(() => suggestionsFor('SUM(regi')).not.toContain('region');

  // Another connection and schema: the old tables are gone and the suggestions follow the new ones.
  await page.getByLabel('Connection').selectOption({ label: `Shops ${stamp}` });
  await schema.click();
  const afterSchema = page.waitForResponse((r) => r.url().includes('/autosuggest_columns'));
  await page.getByRole('option', { name: 'main' }).click();
  await afterSchema;
  await page.getByRole('checkbox', { name: 'Select shops' }).waitFor();
  expect(await page.getByRole('checkbox', { name: 'Select orders' }).count()).toBe(0);
  await poll(() => suggestionsFor('COUNT(ord')).toEqual([]);
  const shops = page.waitForResponse((r) => r.url().includes('/autosuggest_columns'));
  await page.getByRole('checkbox', { name: 'Select shops' }).click();
  await shops;
  await poll(() => suggestionsFor('COUNT(ci')).toContain('city');
  await page.context().close();
});

test('a table or column change the server refuses says so and is not shown as made', async () => {
  const id = await newUseCase(`Refused ${stamp}`);
  const demo = (await connections()).find((c) => c.conn_name === 'Retail Sales (demo)')!;
  await call('POST', `${O}/use_case/add_schema_data`, {
    usecase_id: id,
    conn_id: demo.conn_id,
    schema: 'main',
  });
  const tables = await call<{ table_id: number; table_name: string }[]>(
    'GET',
    `${SV}/usecase_db_tables/${id}`,
  );
  const orders = tables.find((t) => t.table_name === 'orders')!.table_id;
  await call('POST', `${SV}/usecase_db_tables/select_and_fetch_columns`, { table_ids: [orders] });
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  const refuse = (pattern: RegExp) =>
    page.route(pattern, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
  const state = (name: string) => page.getByRole('checkbox', { name }).getAttribute('data-state');
  await knowledgeOf(page, id);
  await poll(() => state('Select orders')).toBe('checked');

  await refuse(/\/usecase_db_tables\/select_and_fetch_columns$/);
  await page.getByRole('checkbox', { name: 'Select stores' }).click();
  await page.getByText('Failed to select and fetch columns', { exact: true }).waitFor();
  await poll(() => state('Select stores')).toBe('unchecked');
  await refuse(/\/usecase_db_tables\/select$/);
  await page.getByRole('checkbox', { name: 'Select orders' }).click();
  await page.getByText('Failed to update table selection', { exact: true }).waitFor();
  await poll(() => state('Select orders')).toBe('checked');

  await refuse(/\/table_column_metadata\/update$/);
  await page.getByRole('button', { name: 'Columns of orders' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Business name of order_id').fill('Order number');
  await dialog.getByLabel('Definition of order_id').click();
  await page.getByText('Failed to update column metadata', { exact: true }).waitFor();
  // What was typed stays, to be saved on the next blur.
  expect(await dialog.getByLabel('Business name of order_id').inputValue()).toBe('Order number');
  await dialog.getByRole('checkbox', { name: 'Use order_id' }).click();
  await page.getByText('Failed to update column', { exact: true }).waitFor();
  await poll(() => state('Use order_id')).toBe('checked');
  await page.unrouteAll();
  const saved = page.waitForResponse((r) => r.url().includes('/table_column_metadata/update'));
  await dialog.getByLabel('Business name of order_id').click();
  await dialog.getByLabel('Definition of order_id').click();
  expect((await saved).status()).toBe(200);
  const columns = await call<{ db_column_name: string; business_name: string }[]>(
    'GET',
    `${SV}/table_column_metadata/${orders}`,
  );
  expect(columns.find((c) => c.db_column_name === 'order_id')?.business_name).toBe('Order number');
  await page.context().close();
});

test('a load failure shows the spec’s error with a retry, never an empty list; empty lists say so', async () => {
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  const fail = (pattern: RegExp, status: number, statusText: string) =>
    page.route(pattern, (route) =>
      route.fulfill({
        status,
        headers: { 'content-type': 'application/json', 'x-status-text': statusText },
        body: JSON.stringify({ error: 'UPSTREAM_FAILED', message: 'The source did not answer.' }),
      }),
    );
  await fail(/\/db_conn\/get_conns$/, 500, 'Internal Server Error');
  await fail(/\/usecase_db_tables\/\d+$/, 502, 'Bad Gateway');
  await fail(/\/connections\/\d+\/schemas\/$/, 502, 'Bad Gateway');
  await knowledgeOf(page, demoId);
  await page.getByText(/^Error loading connections: Failed to fetch connections: /).waitFor();
  await page.getByText('Error loading tables: Failed to fetch use case tables').waitFor();
  await page.getByText(/^Error: Failed to fetch schemas for connection \d+: /).waitFor();
  expect(await page.getByText('No tables found for this schema').count()).toBe(0);
  await page.unroute(/\/usecase_db_tables\/\d+$/);
  await page
    .getByRole('alert')
    .filter({ hasText: 'Error loading tables' })
    .getByRole('button', { name: 'Retry' })
    .click();
  await page.getByRole('checkbox', { name: 'Select orders' }).waitFor();
  await page.unroute(/\/connections\/\d+\/schemas\/$/);
  await page.getByRole('button', { name: 'Retry loading schemas' }).click();
  await page.getByRole('button', { name: 'Retry loading schemas' }).waitFor({ state: 'detached' });

  await fail(/\/relationships\?usecase_id=/, 500, 'Internal Server Error');
  await fail(/\/table_column_metadata\/\d+$/, 500, 'Internal Server Error');
  await page.reload();
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('Error loading relationships: Failed to fetch relationships').waitFor();
  await page.getByRole('button', { name: 'Columns of orders' }).click();
  await page
    .getByRole('dialog')
    .getByText('Error loading columns: Failed to fetch table column metadata')
    .waitFor();
  await page.keyboard.press('Escape');
  await page.unrouteAll();

  // Empty answers show the spec's empty texts.
  await page.route(/\/connections\/\d+\/schemas\/$/, (route) => route.fulfill({ json: [] }));
  await page.route(/\/usecase_db_tables\/\d+$/, (route) => route.fulfill({ json: [] }));
  await page.reload();
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('No tables found for this schema').waitFor();
  await page.getByText('No schemas found for this connection').first().waitFor();
  await page.unrouteAll();
  await page.route(/\/db_conn\/get_conns$/, (route) => route.fulfill({ json: { connections: [] } }));
  await page.reload();
  await page.getByRole('tab', { name: 'KNOWLEDGE' }).click();
  await page.getByText('No database connections found. Please add connections first.').waitFor();
  await page.context().close();
});

test('dates kept as text are recognised, shown and editable; a format that does not fit is refused with the reason', async () => {
  const days = Array.from({ length: 90 }, (_, i) => new Date(Date.UTC(2000, 0, 3 + i)));
  const csv = [
    'day,symbol,close',
    ...days.map(
      (d, i) =>
        `${d.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()} ${d.getUTCFullYear()},ACME,${100 + i}`,
    ),
  ].join('\n');
  const connId = await csvSource(`Stock prices ${stamp}`, 'prices.csv', `${csv}\n`);
  const id = await newUseCase(`Stocks ${stamp}`);
  await call('POST', `${O}/use_case/add_schema_data`, { usecase_id: id, conn_id: connId, schema: 'main' });
  const page = await signedInPage(browser, session, 'light', DESKTOP);
  await knowledgeOf(page, id);
  await page.getByRole('checkbox', { name: 'Select prices' }).click();
  await page.getByRole('button', { name: 'Columns of prices' }).click();
  const dialog = page.getByRole('dialog');
  const readAs = dialog.getByLabel('Read day as');
  await poll(() => readAs.inputValue(), { timeout: 30_000 }).toBe('date');
  const format = dialog.getByLabel('Date format of day');
  expect(await format.locator('option:checked').textContent()).toBe('Jan 31 2000');
  await dialog.getByText('recognised').first().waitFor();
  expect(await dialog.getByLabel('Read close as').inputValue()).toBe('number');
  await screenshot(page, 'knowledge-columns-dates-1440-light', false);

  await format.selectOption({ label: '31.01.2000' });
  await page.getByText('None of the values of day read as dates written like 31.01.2000').waitFor();
  expect(await format.locator('option:checked').textContent()).toBe('Jan 31 2000');
  await readAs.selectOption('text');
  await page.getByText('day is read as text').waitFor();
  await poll(() => dialog.getByLabel('Date format of day').count()).toBe(0);
  // Read as a date again without naming a format: the one its values are written in is found.
  await readAs.selectOption('date');
  await page.getByText('day is read as date, written like Jan 31 2000').waitFor();
  expect(await dialog.getByLabel('Date format of day').locator('option:checked').textContent()).toBe(
    'Jan 31 2000',
  );
  await dialog.getByText('set by a user').first().waitFor();
  await page.keyboard.press('Escape');

  // And a question over time is answered by month from those dates.
  await page.goto('/use-cases');
  await page
    .getByTestId('use-case-card')
    .filter({ has: page.getByRole('heading', { name: `Stocks ${stamp}`, exact: true }) })
    .getByRole('button', { name: 'Analyze' })
    .click();
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill('average close by month');
  await input.press('Enter');
  await page.getByRole('cell', { name: 'Feb 2000', exact: true }).waitFor({ timeout: 60_000 });
  await page.getByRole('cell', { name: /^Mar 2000/ }).waitFor();
  await page.context().close();
});

test('screenshots of the Knowledge tab with relationships, light and dark, 1440 and 375 px', async () => {
  for (const theme of ['light', 'dark'] as const)
    for (const [width, viewport] of [
      [1440, DESKTOP],
      [375, PHONE],
    ] as const) {
      const page = await signedInPage(browser, session, theme, viewport);
      await knowledgeOf(page, demoId);
      await relationships(page).getByRole('listitem').first().waitFor();
      await poll(() => page.getByRole('combobox', { name: 'Schema' }).textContent()).toBe('main');
      await screenshot(page, `knowledge-relationships-${width}-${theme}`);
      await page.context().close();
    }
});
