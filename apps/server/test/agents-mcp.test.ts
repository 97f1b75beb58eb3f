import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';

const TOKEN = 'mcp-token-5e4d3c2b1a';
const base = '/api/copilot/agents/mcp-servers';

interface RpcRequest {
  jsonrpc: string;
  id?: number;
  method: string;
  params?: { cursor?: string };
}

/**
 * A tiny streamable-HTTP MCP server: JSON or SSE replies, a session id, a bearer token, and two
 * pages of tools. `mode` lets a test break it on purpose.
 */
async function fakeMcp() {
  const state = {
    mode: 'json' as 'json' | 'sse' | 'html' | 'tools-error' | 'no-tools',
    methods: [] as string[],
    sessions: [] as (string | undefined)[],
    deleted: 0,
  };
  const server: Server = createServer((req, res) => {
    if (req.method === 'DELETE') {
      state.deleted++;
      res.writeHead(200).end();
      return;
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res
          .writeHead(401, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      if (state.mode === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not mcp</html>');
        return;
      }
      const msg = JSON.parse(raw) as RpcRequest;
      state.methods.push(msg.method);
      state.sessions.push(req.headers['mcp-session-id'] as string | undefined);
      if (msg.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      let reply: object;
      if (msg.method === 'initialize') {
        reply = {
          protocolVersion: '2025-03-26',
          serverInfo: { name: 'test-mcp', version: '1.0' },
          capabilities: state.mode === 'no-tools' ? {} : { tools: {} },
        };
      } else if (msg.method === 'tools/list') {
        if (state.mode === 'tools-error') {
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: msg.id,
              error: { code: -32601, message: 'Method not found' },
            }),
          );
          return;
        }
        reply =
          msg.params?.cursor === 'page-2'
            ? { tools: [{ name: 'create_ticket', description: 'Opens a support ticket' }] }
            : { tools: [{ name: 'search_orders', description: 'Finds orders' }], nextCursor: 'page-2' };
      } else {
        reply = {};
      }
      const body = { jsonrpc: '2.0', id: msg.id, result: reply };
      const headers = { 'mcp-session-id': 'session-1' };
      if (state.mode === 'sse') {
        res.writeHead(200, { ...headers, 'content-type': 'text/event-stream' });
        res.write(
          `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info' } })}\n\n`,
        );
        res.end(`event: message\ndata: ${JSON.stringify(body)}\n\n`);
      } else {
        res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return {
    url,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('MCP servers of an organisation', () => {
  let t: TestApp;
  let mcp: Awaited<ReturnType<typeof fakeMcp>>;
  let admin: string;
  let serverId: number;
  const bodies: string[] = [];
  const call = async (
    token: string,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => {
    const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
    bodies.push(res.body);
    return res;
  };

  beforeAll(async () => {
    // The fake MCP server listens on 127.0.0.1, a private address: allowed here on purpose.
    t = await createTestApp('pglite', { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' });
    mcp = await fakeMcp();
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
    await mcp?.close();
  });
  beforeEach(() => {
    mcp.state.mode = 'json';
    mcp.state.methods.length = 0;
    mcp.state.sessions.length = 0;
  });

  it('registers a server with its token sealed and never returned', async () => {
    const res = await call(admin, 'POST', base, { name: 'Support desk', url: mcp.url, token: TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Support desk',
      url: mcp.url,
      hasToken: true,
      tools: [],
      lastTest: null,
    });
    serverId = res.json().id;
    const row = await t.deps.db.selectFrom('mcp_servers').selectAll().executeTakeFirstOrThrow();
    expect(row.token).toMatch(/^v1\./);
    expect(row.token).not.toContain(TOKEN);
    const list = await call(admin, 'GET', base);
    expect(list.json()).toMatchObject({ canManage: true, servers: [{ id: serverId, hasToken: true }] });
  });

  it('tests it with initialize, initialized and every page of tools/list, and keeps the tools', async () => {
    const res = await call(admin, 'POST', `${base}/${serverId}/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      serverName: 'test-mcp 1.0',
      protocolVersion: '2025-03-26',
      message: expect.stringMatching(/^Connected in \d+ ms: test-mcp 1\.0 lists 2 tools\.$/),
      tools: [
        { name: 'search_orders', description: 'Finds orders' },
        { name: 'create_ticket', description: 'Opens a support ticket' },
      ],
    });
    expect(mcp.state.methods).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/list',
    ]);
    // The session id of the initialize answer goes with every later request.
    expect(mcp.state.sessions).toEqual([undefined, 'session-1', 'session-1', 'session-1']);
    const saved = (await call(admin, 'GET', base)).json().servers[0];
    expect(saved.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'search_orders',
      'create_ticket',
    ]);
    expect(saved.lastTest).toMatchObject({ ok: true });
  });

  it('reads replies sent as server-sent events', async () => {
    mcp.state.mode = 'sse';
    const res = (await call(admin, 'POST', `${base}/${serverId}/test`)).json();
    expect(res).toMatchObject({ ok: true, tools: [{ name: 'search_orders' }, { name: 'create_ticket' }] });
  });

  it('names the failure: wrong token, JSON-RPC error, not an MCP endpoint, nothing listening', async () => {
    const wrong = (await call(admin, 'POST', `${base}/test`, { url: mcp.url, token: 'wrong-token' })).json();
    expect(wrong).toMatchObject({
      ok: false,
      message: '401 from the MCP server: check the token',
      tools: [],
    });

    mcp.state.mode = 'tools-error';
    expect((await call(admin, 'POST', `${base}/test`, { url: mcp.url, token: TOKEN })).json()).toMatchObject({
      ok: false,
      message: 'tools/list failed: Method not found',
    });

    mcp.state.mode = 'html';
    expect(
      (await call(admin, 'POST', `${base}/test`, { url: mcp.url, token: TOKEN })).json().message,
    ).toMatch(/did not answer with JSON-RPC/);

    mcp.state.mode = 'no-tools';
    expect((await call(admin, 'POST', `${base}/test`, { url: mcp.url, token: TOKEN })).json()).toMatchObject({
      ok: true,
      message: expect.stringMatching(/offers no tools/),
    });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(
      (await call(admin, 'POST', `${base}/test`, { url: `http://127.0.0.1:${port}/mcp` })).json(),
    ).toMatchObject({
      ok: false,
      message: `could not connect to http://127.0.0.1:${port}: connection refused`,
    });

    // A failed test of a saved server is recorded, but keeps the tools it listed before.
    mcp.state.mode = 'tools-error';
    await call(admin, 'POST', `${base}/${serverId}/test`);
    const saved = (await call(admin, 'GET', base)).json().servers[0];
    expect(saved.lastTest).toMatchObject({ ok: false, message: 'tools/list failed: Method not found' });
    expect(saved.tools).toHaveLength(2);
  });

  it('refuses bad input with 4xx: no name, a non-http URL, a duplicate name', async () => {
    for (const payload of [
      { name: '', url: mcp.url },
      { name: 'x', url: 'file:///etc/passwd' },
      { name: 'x', url: 'http://10.0.0.8/mcp' },
      { name: 'x', url: 'http://[::1]:9/mcp' },
      { name: 'x', url: 'gopher://example.com' },
      { name: 'x', url: 'http://a:b@example.com/mcp' },
      { name: 'x' },
      { name: 'x', url: mcp.url, token: 'has space' },
    ]) {
      const res = await call(admin, 'POST', base, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const dup = await call(admin, 'POST', base, { name: 'support DESK', url: mcp.url });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/already exists/);
  });

  it('updates a server; a new host needs the token again', async () => {
    const moved = await call(admin, 'PUT', `${base}/${serverId}`, {
      url: mcp.url.replace('127.0.0.1', 'localhost'),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toMatch(/enter the token again/);
    const renamed = await call(admin, 'PUT', `${base}/${serverId}`, { name: 'Helpdesk' });
    expect(renamed.json()).toMatchObject({ name: 'Helpdesk', hasToken: true });
    expect(renamed.json().tools).toHaveLength(2);
  });

  it("keeps other organisations' servers out of reach (404) and changes to members with orgs.write", async () => {
    await t.createUser({ username: 'rival', password: 'Rival#12345', orgName: 'Rival Org', isAdmin: true });
    const rival = await t.login('rival', 'Rival#12345');
    expect((await call(rival, 'GET', base)).json().servers).toEqual([]);
    expect((await call(rival, 'POST', `${base}/${serverId}/test`)).statusCode).toBe(404);
    expect((await call(rival, 'PUT', `${base}/${serverId}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(rival, 'DELETE', `${base}/${serverId}`)).statusCode).toBe(404);

    await t.createUser({ username: 'member', password: 'Member#12345' });
    const member = await t.login('member', 'Member#12345');
    expect((await call(member, 'GET', base)).statusCode).toBe(403);
    expect((await call(member, 'POST', base, { name: 'Mine', url: mcp.url })).statusCode).toBe(403);
    expect((await call(member, 'POST', `${base}/${serverId}/test`)).statusCode).toBe(403);
  });

  it('deletes a server', async () => {
    expect((await call(admin, 'DELETE', `${base}/${serverId}`)).json()).toEqual({ status: 'Success' });
    expect((await call(admin, 'GET', base)).json().servers).toEqual([]);
    expect((await call(admin, 'DELETE', `${base}/${serverId}`)).statusCode).toBe(404);
  });

  it('documents the agents and action-flow routes in the OpenAPI document', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode, spec.body.slice(0, 200)).toBe(200);
    const paths = Object.keys(spec.json().paths);
    for (const path of [
      '/api/copilot/agents/llm-provider',
      '/api/copilot/agents/llm-provider/test',
      '/api/copilot/agents/mcp-servers/{id}/test',
      '/api/copilot/action-flows/{id}/status',
    ])
      expect(paths).toContain(path);
  });

  it('never returned the token', () => {
    for (const body of bodies) expect(body).not.toContain(TOKEN);
  });
});
