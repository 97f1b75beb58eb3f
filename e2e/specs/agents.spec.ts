import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openPage, signIn } from '../support/browser';

// The Agents, Action Flows and Billing screens against the real server. The LLM provider and
// the MCP server are tiny HTTP servers this spec starts on 127.0.0.1; the app server calls them.

let browser: Browser;
let llm: Server;
let mcp: Server;
const llmRequests: { authorization?: string; model?: string }[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}
function stop(server: Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

beforeAll(async () => {
  browser = await launchBrowser();
  llm = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      llmRequests.push({
        authorization: req.headers.authorization,
        model: (JSON.parse(raw || '{}') as { model?: string }).model,
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content: '{"ok": true}' } }] }));
    });
  });
  mcp = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST') return void res.writeHead(200).end();
      const msg = JSON.parse(raw) as { id?: number; method: string };
      if (msg.id === undefined) return void res.writeHead(202).end();
      const result =
        msg.method === 'initialize'
          ? {
              protocolVersion: '2025-03-26',
              serverInfo: { name: 'e2e-mcp', version: '1.0' },
              capabilities: { tools: {} },
            }
          : { tools: [{ name: 'lookup_customer', description: 'Finds a customer' }] };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }));
    });
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await stop(llm);
  await stop(mcp);
});

test('an administrator connects an LLM provider and tests it', async () => {
  const port = await listen(llm);
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/llm-connections');
  await page.waitForURL('**/connections?tab=llm');
  await page.getByRole('heading', { level: 1, name: 'Agents' }).waitFor();
  await page.getByText('Catalyst AI answers with its embedded engine').waitFor();
  await page.getByLabel('Base URL').fill(`http://127.0.0.1:${port}/v1`);
  await page.getByLabel('Model').fill('e2e-model');
  await page.getByLabel('API key').fill('sk-e2e-secret-key');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByText('Connection works').waitFor();
  await page.getByText(/Connected in \d+ ms: e2e-model answered\./).waitFor();
  expect(llmRequests.at(-1)).toEqual({ authorization: 'Bearer sk-e2e-secret-key', model: 'e2e-model' });

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Catalyst AI plans answers with e2e-model at 127.0.0.1:${port}.`).waitFor();
  // The key is not shown again; the saved one is used for a test of the saved host.
  expect(await page.getByLabel('API key').inputValue()).toBe('');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await page.getByText(/Connected in \d+ ms/).waitFor();
  expect(llmRequests.at(-1)?.authorization).toBe('Bearer sk-e2e-secret-key');
  // Removed again, so later specs on this server do not call a provider that is gone.
  await page.getByRole('button', { name: 'Remove provider' }).click();
  await page.getByText('Catalyst AI answers with its embedded engine').waitFor();
  await context.close();
});

test('an MCP server is registered and lists its tools', async () => {
  const port = await listen(mcp);
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/mcp-connections');
  await page.waitForURL('**/connections?tab=mcp');
  await page.getByText('Catalyst AI does not call MCP tools yet').waitFor();
  await page.getByRole('button', { name: 'Add MCP Server' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('E2E tools');
  await dialog.getByLabel('Server URL').fill(`http://127.0.0.1:${port}/mcp`);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await dialog.getByText(/e2e-mcp 1\.0 lists 1 tool\./).waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('listitem', { name: 'E2E tools' });
  await card.getByRole('button', { name: 'Test connection' }).click();
  await card.getByText('lookup_customer').waitFor();
  await context.close();
});

test('an action flow is created, paused, and still paused after a reload', async () => {
  const name = `Restock alert ${Date.now()}`;
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/action-flows');
  await page.getByRole('heading', { level: 1, name: 'Action Flows' }).waitFor();
  await page.getByRole('button', { name: 'Create Action Flow' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Flow' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Tell purchasing when stock runs low');
  await dialog.getByLabel('Trigger').selectOption('event');
  await dialog.getByLabel('Step 1', { exact: true }).fill('Check stock levels');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  await dialog.getByLabel('Step 2', { exact: true }).fill('E-mail purchasing');
  await dialog.getByRole('button', { name: 'Create Flow' }).click();

  const card = page.getByRole('listitem', { name });
  const status = card.getByTestId('flow-status');
  await expect.poll(() => status.textContent()).toBe('draft');
  const saved = (to: string) =>
    page.waitForResponse(
      (r) =>
        r.url().includes('/api/copilot/action-flows/') &&
        r.url().endsWith('/status') &&
        r.request().postData()?.includes(to) === true &&
        r.ok(),
    );
  await Promise.all([saved('active'), card.getByRole('button', { name: `Activate ${name}` }).click()]);
  await expect.poll(() => status.textContent()).toBe('active');
  await Promise.all([saved('inactive'), card.getByRole('button', { name: `Pause ${name}` }).click()]);
  await expect.poll(() => status.textContent()).toBe('inactive');

  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Action Flows' }).waitFor();
  await expect
    .poll(() => page.getByRole('listitem', { name }).getByTestId('flow-status').textContent())
    .toBe('inactive');
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Activate ${name}` })
    .waitFor();
  // The same flows on the Agents screen's tab.
  await page.goto('/connections?tab=flows');
  await page.getByRole('listitem', { name }).waitFor();
  await context.close();
});

test('the billing total follows the chosen plan and pack', async () => {
  const { context, page } = await openPage(browser);
  await signIn(page);
  await page.goto('/billing');
  await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
  const panel = page.getByRole('tabpanel', { name: 'Personal Billing' });
  const total = panel.getByTestId('personal-summary-total');
  await expect.poll(() => total.textContent()).toBe('$249 /month');
  await panel.getByText('Standard', { exact: true }).click();
  await expect.poll(() => total.textContent()).toBe('$284 /month');
  await panel.getByText('Lite', { exact: true }).click();
  await expect.poll(() => total.textContent()).toBe('$184 /month');
  expect(await panel.getByRole('button', { name: 'Purchase' }).isDisabled()).toBe(true);
  // The organisation's tab keeps its own choice.
  await page.getByRole('tab', { name: 'Organization Billing' }).click();
  await expect.poll(() => page.getByTestId('organization-summary-total').textContent()).toBe('$249 /month');
  await context.close();
});
