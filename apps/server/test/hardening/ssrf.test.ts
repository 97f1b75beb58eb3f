import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  guardedFetch,
  isPrivateAddress,
  OutboundBlockedError,
} from '../../src/lib/outbound';
import { loadConfig } from '../../src/config';
import { bearer, createTestApp, type TestApp } from '../helpers/app';

/** SSRF: URLs users type in (HTTP API sources, LLM providers, MCP servers) must not reach private networks. */
describe('outbound requests to user-given URLs', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/hop') {
        res.writeHead(302, { location: `http://127.0.0.2:${port}/inside` });
        return res.end();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 1, amount: 10 }]));
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('knows the private, loopback, link-local and metadata ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      // The whole IPv4-mapped range is refused (issue 13): the IPv4 form of a public address works.
      '::ffff:8.8.8.8',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses other schemes and literal private addresses before any request', () => {
    expect(() => checkOutboundUrl('file:///etc/passwd', { allow: [] })).toThrow(/Only http and https/);
    expect(() => checkOutboundUrl('gopher://example.com/', { allow: [] })).toThrow(/Only http and https/);
    expect(() => checkOutboundUrl('http://169.254.169.254/latest/meta-data/', { allow: [] })).toThrow(
      OutboundBlockedError,
    );
    expect(() => checkOutboundUrl('http://[::1]:8080/', { allow: [] })).toThrow(OutboundBlockedError);
    expect(checkOutboundUrl('http://10.0.0.5/', { allow: ['10.0.0.0/8'] }).hostname).toBe('10.0.0.5');
  });

  it('checks the address a name resolves to at connect time, and every redirect', async () => {
    const blocked = guardedFetch({ allow: [] });
    const byName = (await blocked(`http://localhost:${port}/data`).catch((e: unknown) => e)) as Error;
    expect(byName).toBeInstanceOf(Error);
    expect(String((byName.cause as Error | undefined)?.message ?? byName.message)).toMatch(
      /private or local address/,
    );
    expect(hits).toEqual([]);

    const allowed = guardedFetch({ allow: ['localhost'] });
    expect(await (await allowed(`http://localhost:${port}/data`)).json()).toEqual([{ id: 1, amount: 10 }]);
    // An allowed host that redirects to a private address it does not name is stopped at the hop.
    const hop = (await allowed(`http://localhost:${port}/hop`).catch((e: unknown) => e)) as Error;
    expect(hop).toBeInstanceOf(OutboundBlockedError);
    expect(hits).toEqual(['/data', '/hop']);
  });

  it('rejects a malformed allow-list at start', () => {
    expect(() => loadConfig({ CATALYST_OUTBOUND_ALLOWLIST: 'api.internal, 10.0.0.0/99' })).toThrow(
      /CATALYST_OUTBOUND_ALLOWLIST/,
    );
    expect(
      loadConfig({ CATALYST_OUTBOUND_ALLOWLIST: ' api.internal , 10.0.0.0/8,127.0.0.1' }).outboundAllowList,
    ).toEqual(['api.internal', '10.0.0.0/8', '127.0.0.1']);
  });

  describe('through the data-source API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite');
    });
    afterAll(async () => t?.close());

    it('refuses an HTTP API source on a private address, saying how to allow it', async () => {
      const token = await t.login();
      for (const baseUrl of [
        `http://127.0.0.1:${port}/v1/accounts`,
        `http://localhost:${port}/v1/accounts`,
        'http://169.254.169.254/latest/meta-data/iam',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/copilot/db_conn/add_db_conn',
          headers: bearer(token),
          payload: { conn_name: 'Internal', db_type: 'api', apiType: 'custom', apiKey: 'k-123', baseUrl },
        });
        expect(res.statusCode, baseUrl).toBe(400);
        expect(res.json().message, baseUrl).toMatch(/private or local address.*CATALYST_OUTBOUND_ALLOWLIST/);
      }
      expect(hits.filter((h) => h.startsWith('/v1'))).toEqual([]);
    });
  });
});
