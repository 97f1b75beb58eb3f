import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, test } from 'vitest';
import {
  ADMIN,
  apiCall,
  DESKTOP,
  launchBrowser,
  type Login,
  PHONE,
  screenshot,
  signedInPage,
} from '../support/browser';

// Screenshots of the Agents screen (LLM Providers and MCP Servers tabs), Action Flows and Billing,
// light and dark, at 1440 and 375 px, into screenshots/.

let browser: Browser;
let session: Login;
const servers: Server[] = [];

async function serve(
  handler: (body: string, method: string) => { status: number; body?: unknown },
): Promise<string> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const r = handler(raw, req.method ?? 'GET');
      res
        .writeHead(r.status, { 'content-type': 'application/json' })
        .end(r.body === undefined ? '' : JSON.stringify(r.body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await apiCall<Login>('POST', '/api/v1/authentication/login', ADMIN);
  const t = session.token;
  const llm = await serve(() => ({
    status: 200,
    body: { choices: [{ message: { content: '{"ok": true}' } }] },
  }));
  await apiCall(
    'PUT',
    '/api/copilot/agents/llm-provider',
    { baseUrl: `${llm}/v1`, model: 'gpt-4o-mini', apiKey: 'sk-screenshot-key', timeoutMs: 15000 },
    t,
  );
  await apiCall('POST', '/api/copilot/agents/llm-provider/test', undefined, t);

  const tools = [
    'search_tickets',
    'create_ticket',
    'lookup_customer',
    'list_orders',
    'refund_order',
    'escalate',
    'close_ticket',
    'add_note',
    'assign_agent',
    'get_sla',
  ];
  const mcp = await serve((raw, method) => {
    if (method !== 'POST') return { status: 200 };
    const msg = JSON.parse(raw) as { id?: number; method: string };
    if (msg.id === undefined) return { status: 202 };
    const result =
      msg.method === 'initialize'
        ? {
            protocolVersion: '2025-03-26',
            serverInfo: { name: 'helpdesk-mcp', version: '2.3' },
            capabilities: { tools: {} },
          }
        : { tools: tools.map((name) => ({ name, description: name.replace(/_/g, ' ') })) };
    return { status: 200, body: { jsonrpc: '2.0', id: msg.id, result } };
  });
  const helpdesk = await apiCall<{ id: number }>(
    'POST',
    '/api/copilot/agents/mcp-servers',
    { name: 'Helpdesk', url: `${mcp}/mcp`, token: 'mcp-screenshot-token' },
    t,
  );
  await apiCall('POST', `/api/copilot/agents/mcp-servers/${helpdesk.id}/test`, undefined, t);
  const crm = await apiCall<{ id: number }>(
    'POST',
    '/api/copilot/agents/mcp-servers',
    { name: 'CRM (staging)', url: 'http://127.0.0.1:9/mcp' },
    t,
  );
  await apiCall('POST', `/api/copilot/agents/mcp-servers/${crm.id}/test`, undefined, t);

  const flows = [
    {
      name: 'Restock alert',
      description: 'Tell purchasing when a best-seller runs low in any region.',
      triggerType: 'event',
      steps: [
        'Check stock levels per region',
        'Compare with the 4-week sales pace',
        'E-mail purchasing with the shortfall',
      ],
      status: 'active',
    },
    {
      name: 'Weekly revenue digest',
      description: 'A Monday summary of revenue against target for the leadership team.',
      triggerType: 'scheduled',
      steps: [
        'Collect last week’s revenue by region',
        'Compare with target',
        'Post the digest',
        'Flag regions below 90%',
        'Open a decision for each flagged region',
      ],
      status: 'inactive',
    },
    {
      name: 'Partner discount review',
      description: 'Review partner discounts after an alert on partner orders.',
      triggerType: 'manual',
      steps: ['Open the partner order trend'],
      status: 'draft',
    },
  ];
  for (const f of flows.reverse()) {
    const created = await apiCall<{ id: number }>(
      'POST',
      '/api/copilot/action-flows',
      { name: f.name, description: f.description, triggerType: f.triggerType, steps: f.steps },
      t,
    );
    if (f.status !== 'draft')
      await apiCall('POST', `/api/copilot/action-flows/${created.id}/status`, { status: 'active' }, t);
    if (f.status === 'inactive')
      await apiCall('POST', `/api/copilot/action-flows/${created.id}/status`, { status: 'inactive' }, t);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  // Leave the server as other specs expect it: no provider pointing at a stopped test server.
  await apiCall('DELETE', '/api/copilot/agents/llm-provider', undefined, session.token).catch(
    () => undefined,
  );
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const pageFor = (theme: 'light' | 'dark', viewport: { width: number; height: number }) =>
  signedInPage(browser, session, theme, viewport);
const shot = screenshot;

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['1440', DESKTOP],
    ['375', PHONE],
  ] as const) {
    test(`screenshots ${theme} ${size}`, async () => {
      const page = await pageFor(theme, viewport);
      await page.goto('/connections?tab=llm');
      await page.getByText(/Catalyst AI plans answers with gpt-4o-mini/).waitFor({ timeout: 30_000 });
      await page.getByText('Connection works').waitFor();
      await shot(page, `agents-llm-${theme}-${size}`);

      await page.getByRole('tab', { name: 'MCP Servers' }).click();
      await page.getByText('search_tickets').waitFor();
      await shot(page, `agents-mcp-${theme}-${size}`);

      await page.goto('/action-flows');
      await page.getByRole('heading', { name: 'Weekly revenue digest' }).waitFor();
      await shot(page, `action-flows-${theme}-${size}`);
      await page.getByRole('button', { name: 'Create Action Flow' }).click();
      await page.getByRole('dialog').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Create Flow' }).click();
      await page.getByText('Name is required').waitFor();
      await screenshot(page, `action-flows-create-${theme}-${size}`, false);

      await page.goto('/billing');
      const panel = page.getByRole('tabpanel', { name: 'Personal Billing' });
      await panel.getByText('Standard', { exact: true }).click();
      await panel.getByText('$284').waitFor();
      await shot(page, `billing-${theme}-${size}`);
      await page.context().close();
    }, 90_000);
  }
}
