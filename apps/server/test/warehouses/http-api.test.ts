import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpApiWarehouse, rowsOfJson, tableNameOfUrl } from '../../src/warehouses/http-api';
import { WarehouseError } from '../../src/warehouses/common';

const API_KEY = 'sk-test-0123456789abcdef';
const orders = [
  { id: 1, region: 'Europe', amount: 120.5, day: '2026-01-05', tags: { vip: true } },
  { id: 2, region: 'Europe', amount: 80, day: '2026-01-06', tags: { vip: false } },
  { id: 3, region: 'Asia', amount: 42.25, day: '2026-02-01', tags: null },
];

let server: http.Server;
let base: string;
const seen: { auth?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ auth: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401).end('{"error":"bad key"}');
      return;
    }
    const send = (status: number, body: string) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (req.url === '/v1/orders') send(200, JSON.stringify(orders));
    else if (req.url === '/v1/wrapped') send(200, JSON.stringify({ data: orders, page: 1 }));
    else if (req.url === '/v1/object') send(200, JSON.stringify({ hello: 'world' }));
    else if (req.url === '/v1/broken') send(200, '[{"id": 1,');
    else if (req.url === '/v1/huge')
      send(200, JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ i, pad: 'x'.repeat(100) }))));
    else send(404, '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HttpApiWarehouse against a local HTTP server', () => {
  it('fetches a JSON array with the API key and answers queries over it', async () => {
    const wh = new HttpApiWarehouse({ baseUrl: `${base}/v1/orders`, apiKey: API_KEY });
    try {
      await wh.testConnection();
      expect(seen.at(-1)?.auth).toBe(`Bearer ${API_KEY}`);
      expect(await wh.listSchemas()).toEqual(['main']);
      expect((await wh.listTables('main')).map((t) => t.name)).toEqual(['orders']);
      const cols = await wh.describeColumns('main', 'orders');
      expect(cols.map((c) => [c.name, c.type])).toEqual([
        ['id', 'BIGINT'],
        ['region', 'VARCHAR'],
        ['amount', 'DOUBLE'],
        ['day', 'DATE'],
        ['tags', 'STRUCT(vip BOOLEAN)'],
      ]);
      expect(await wh.sampleValues('main', 'orders', 'region', 5)).toEqual(['Europe', 'Asia']);
      const r = await wh.query(
        'SELECT region, sum(amount) AS total FROM orders WHERE amount > ? GROUP BY 1 ORDER BY 1',
        { params: [50] },
      );
      expect(r.rows).toEqual([['Europe', 200.5]]);
      await expect(wh.query('DELETE FROM orders')).rejects.toThrow();
      await expect(wh.query("SELECT * FROM read_text('/etc/hostname')")).rejects.toThrow(
        /disabled by configuration/,
      );
      expect((await wh.query('SELECT count(*) FROM orders')).rows).toEqual([[3]]);
    } finally {
      await wh.close();
    }
  });

  it('reads an object that wraps the array', async () => {
    const wh = new HttpApiWarehouse({ baseUrl: `${base}/v1/wrapped`, apiKey: API_KEY });
    expect((await wh.query('SELECT count(*) FROM wrapped')).rows).toEqual([[3]]);
    await wh.close();
  });

  it('says clearly what is wrong, never echoing the key', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const cases: [HttpApiWarehouse, RegExp][] = [
      [
        new HttpApiWarehouse({ baseUrl: `${base}/v1/orders`, apiKey: 'wrong-key-123' }),
        /^the API refused the API key \(401 Unauthorized\)$/,
      ],
      [
        new HttpApiWarehouse({ baseUrl: `${base}/v1/missing`, apiKey: API_KEY }),
        /^the API answered 404 Not Found$/,
      ],
      [
        new HttpApiWarehouse({ baseUrl: `${base}/v1/object`, apiKey: API_KEY }),
        /did not answer a JSON array/,
      ],
      [new HttpApiWarehouse({ baseUrl: `${base}/v1/broken`, apiKey: API_KEY }), /not valid JSON/],
      [new HttpApiWarehouse({ baseUrl: `${base}/v1/huge`, apiKey: API_KEY, maxBytes: 10_000 }), /too large/],
      [
        new HttpApiWarehouse({ baseUrl: `http://127.0.0.1:${closedPort}/x`, apiKey: API_KEY }),
        new RegExp(`^could not connect to 127\\.0\\.0\\.1:${closedPort}: connection refused$`),
      ],
    ];
    for (const [wh, message] of cases) {
      const err = (await wh.testConnection().catch((e: unknown) => e)) as WarehouseError;
      expect(err).toBeInstanceOf(WarehouseError);
      expect(err.message).toMatch(message);
      expect(err.message).not.toContain(API_KEY);
      await wh.close();
    }
  });

  it('helpers: table names and array shapes', () => {
    expect(tableNameOfUrl('https://api.example.com/v2/Sales-Orders.json?page=1')).toBe('sales_orders');
    expect(tableNameOfUrl('https://api.example.com/')).toBe('data');
    expect(rowsOfJson([1, 'a'])).toEqual([{ value: 1 }, { value: 'a' }]);
    expect(rowsOfJson({ results: [{ a: 1 }] })).toEqual([{ a: 1 }]);
  });
});
