// Screenshots of the Agents screen (LLM Providers and MCP Servers tabs), Action Flows and Billing,
// light and dark, at 1440 and 375 px. (Moved here from e2e/specs/agents-screenshots.spec.ts:
// the journeys it drove are asserted by e2e/specs/agents.spec.ts.)
import { createServer } from 'node:http';

async function serve(servers, handler) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c.toString()));
    req.on('end', () => {
      const r = handler(raw, req.method ?? 'GET');
      res
        .writeHead(r.status, { 'content-type': 'application/json' })
        .end(r.body === undefined ? '' : JSON.stringify(r.body));
    });
  });
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

async function setup(kit, servers) {
  const { api } = kit;
  const t = kit.session.token;
  const llm = await serve(servers, () => ({
    status: 200,
    body: { choices: [{ message: { content: '{"ok": true}' } }] },
  }));
  await api(
    'PUT',
    '/api/copilot/agents/llm-provider',
    { baseUrl: `${llm}/v1`, model: 'gpt-4o-mini', apiKey: 'sk-screenshot-key', timeoutMs: 15000 },
    t,
  );
  await api('POST', '/api/copilot/agents/llm-provider/test', undefined, t);
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
  const mcp = await serve(servers, (raw, method) => {
    if (method !== 'POST') return { status: 200 };
    const msg = JSON.parse(raw);
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
  const helpdesk = await api(
    'POST',
    '/api/copilot/agents/mcp-servers',
    { name: 'Helpdesk', url: `${mcp}/mcp`, token: 'mcp-screenshot-token' },
    t,
  );
  await api('POST', `/api/copilot/agents/mcp-servers/${helpdesk.id}/test`, undefined, t);
  const crm = await api(
    'POST',
    '/api/copilot/agents/mcp-servers',
    { name: 'CRM (staging)', url: 'http://127.0.0.1:9/mcp' },
    t,
  );
  await api('POST', `/api/copilot/agents/mcp-servers/${crm.id}/test`, undefined, t);
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
    const created = await api(
      'POST',
      '/api/copilot/action-flows',
      { name: f.name, description: f.description, triggerType: f.triggerType, steps: f.steps },
      t,
    );
    if (f.status !== 'draft')
      await api('POST', `/api/copilot/action-flows/${created.id}/status`, { status: 'active' }, t);
    if (f.status === 'inactive')
      await api('POST', `/api/copilot/action-flows/${created.id}/status`, { status: 'inactive' }, t);
  }
}

export async function agentsScene(kit) {
  const servers = [];
  try {
    await setup(kit, servers);
    for (const { theme, size, suffix } of kit.variants) {
      await kit.withPage({ theme, size, session: kit.session }, async (page) => {
        await page.goto('/connections?tab=llm');
        await page.getByText(/Catalyst AI plans answers with gpt-4o-mini/).waitFor({ timeout: 30_000 });
        await page.getByText('Connection works').waitFor();
        await kit.shot(page, `agents-llm-${suffix}`);
        await page.getByRole('tab', { name: 'MCP Servers' }).click();
        await page.getByText('search_tickets').waitFor();
        await kit.shot(page, `agents-mcp-${suffix}`);
        await page.goto('/action-flows');
        await page.getByRole('heading', { name: 'Weekly revenue digest' }).waitFor();
        await kit.shot(page, `action-flows-${suffix}`);
        await page.getByRole('button', { name: 'Create Action Flow' }).click();
        await page.getByRole('dialog').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Create Flow' }).click();
        await page.getByText('Name is required').waitFor();
        await kit.shot(page, `action-flows-create-${suffix}`, false);
        await page.goto('/billing');
        const panel = page.getByRole('tabpanel', { name: 'Personal Billing' });
        await panel.getByText('Standard', { exact: true }).click();
        await panel.getByText('$284').waitFor();
        await kit.shot(page, `billing-${suffix}`);
      });
    }
  } finally {
    // Leave the server as the specs expect it: no provider pointing at a stopped test server.
    await kit
      .api('DELETE', '/api/copilot/agents/llm-provider', undefined, kit.session.token)
      .catch(() => undefined);
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  }
}
