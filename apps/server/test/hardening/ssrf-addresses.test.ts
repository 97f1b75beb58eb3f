import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  guardedFetch,
  guardedLookup,
  isPrivateAddress,
  OutboundBlockedError,
} from '../../src/lib/outbound';
import { bearer, createTestApp, type TestApp } from '../helpers/app';

/**
 * SSRF over every form an address can take (issue 13 item 3): http://[::ffff:127.0.0.1]:PORT was
 * normalised by the URL parser to [::ffff:7f00:1], which the check did not recognise, and reached
 * loopback. Every IPv6 range that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo)
 * is refused, in every spelling, as literal or through DNS.
 */

const LOOPBACK_FORMS = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::FFFF:7F00:0001',
  '0:0:0:0:0:ffff:7f00:1',
  '0000:0000:0000:0000:0000:ffff:127.0.0.1',
  '::ffff:a9fe:a9fe', // 169.254.169.254, the cloud metadata service
  '::ffff:10.0.0.1',
  '::ffff:8.8.8.8', // the whole mapped range: a public address has its IPv4 form
  '::127.0.0.1', // IPv4-compatible (::/96)
  '::7f00:1',
  '64:ff9b::127.0.0.1', // NAT64
  '64:ff9b::7f00:1',
  '64:ff9b:1::a00:1', // local-use NAT64
  '2002:7f00:1::1', // 6to4 of 127.0.0.1
  '2002:7f00:1::',
  '2002::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
  '::ffff:0:7f00:1', // SIIT
  'fe80::1%eth0', // zone ids do not hide link-local
  'FE80::1',
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  'fd12:3456::1',
  '0x7f.1',
  '2130706433',
  '017700000001',
  '127.1',
];

describe('private addresses in every spelling', () => {
  it.each(LOOPBACK_FORMS)('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it('leaves public addresses alone', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:82a::200e'])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  const urls = [
    'http://[::ffff:127.0.0.1]:8080/',
    'http://[::ffff:7f00:1]/',
    'http://[::FFFF:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::1]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
    'http://[::]/',
    'http://[::1]:80/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://127.000.000.001/',
    'https://0.0.0.0/',
  ];
  it.each(urls)('refuses %s before any request', (url) => {
    expect(() => checkOutboundUrl(url, { allow: [] })).toThrow(OutboundBlockedError);
  });

  it('refuses a zone id the URL parser does not accept', () => {
    expect(() => checkOutboundUrl('http://[fe80::1%25eth0]/', { allow: [] })).toThrow(/not a valid URL/);
  });

  it('matches the allow-list against the normalised address', () => {
    expect(checkOutboundUrl('http://[::ffff:127.0.0.1]:9/', { allow: ['127.0.0.1'] }).hostname).toBe(
      '[::ffff:7f00:1]',
    );
    expect(() => checkOutboundUrl('http://[::ffff:127.0.0.2]:9/', { allow: ['127.0.0.1'] })).toThrow(
      OutboundBlockedError,
    );
    expect(checkOutboundUrl('http://[::ffff:10.1.2.3]/', { allow: ['10.0.0.0/8'] }).hostname).toBe(
      '[::ffff:a01:203]',
    );
  });
});

describe('names that resolve to such addresses', () => {
  /** A resolver that answers every name with these addresses (the machine has no DNS server to point at). */
  const resolver =
    (addresses: string[]) =>
    (_host: string, _options: dns.LookupOptions, callback: (...args: unknown[]) => void) =>
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const lookup = (addresses: string[], allow: string[] = []) =>
    new Promise<unknown>((resolve) =>
      (guardedLookup({ allow }, resolver(addresses) as never) as (...args: unknown[]) => void)(
        'inside.example',
        { all: true },
        (err: unknown, result: unknown) => resolve(err ?? result),
      ),
    );

  it.each([['::ffff:7f00:1'], ['::ffff:127.0.0.1'], ['64:ff9b::a9fe:a9fe'], ['2002:a00:1::']])(
    'refuses a name resolving to %s',
    async (address) => {
      expect(await lookup([address])).toBeInstanceOf(OutboundBlockedError);
    },
  );

  it('refuses a name when any of its addresses is private', async () => {
    expect(await lookup(['93.184.216.34', '::ffff:7f00:1'])).toBeInstanceOf(OutboundBlockedError);
    expect(await lookup(['93.184.216.34'])).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('a real request to a mapped loopback address', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"id":1}]');
    });
    // Dual stack: the server answers on 127.0.0.1 and on ::ffff:127.0.0.1 alike.
    await new Promise<void>((resolve) => server.listen(0, '::', resolve));
    port = (server.address() as AddressInfo).port;
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('never reaches the server through fetch', async () => {
    const fetcher = guardedFetch({ allow: [] });
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/a`,
      `http://[::ffff:7f00:1]:${port}/b`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/c`,
    ]) {
      const error = await fetcher(url).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, url).toBeInstanceOf(OutboundBlockedError);
    }
    expect(hits).toEqual([]);
  });

  /** The loopback server's address in every IPv6 form that embeds 127.0.0.1 (and a v4 one for contrast). */
  const mappedUrls = (path: string) =>
    [
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '2130706433',
      '0x7f.1',
      '017700000001',
      '127.1',
    ].map((host) => `http://${host}:${port}${path}`);

  it('refuses an LLM provider and an MCP server on such an address, and never calls it', async () => {
    const token = await t.login();
    const refused: string[] = [];
    for (const [path, body] of [
      ['/api/copilot/agents/llm-provider/test', (url: string) => ({ baseUrl: url, model: 'm', apiKey: 'k' })],
      ['/api/copilot/agents/mcp-servers/test', (url: string) => ({ url })],
    ] as const) {
      for (const url of mappedUrls(path.includes('llm') ? '/v1' : '/mcp')) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: bearer(token),
          payload: body(url),
        });
        if (!/private or local address/.test(res.body))
          refused.push(`${path} ${url}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused, refused.join('\n')).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('refuses an HTTP API source on a mapped address through the API', async () => {
    const token = await t.login();
    for (const baseUrl of mappedUrls('/v1/accounts')) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/copilot/db_conn/add_db_conn',
        headers: bearer(token),
        payload: { conn_name: 'Inside', db_type: 'api', apiType: 'custom', apiKey: 'k-123', baseUrl },
      });
      expect(res.statusCode, baseUrl).toBe(400);
      expect(res.json().message, baseUrl).toMatch(/private or local address/);
    }
    expect(hits).toEqual([]);
  });
});
