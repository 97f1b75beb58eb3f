import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce } from '../src/answer/answer';
import type { LlmConfig } from '../src/llm/client';
import { NOW, openDemo, type Demo } from './setup';

/** A tiny OpenAI-compatible server whose reply the test chooses. */
let reply: (body: { messages: { content: string }[] }) => {
  status: number;
  content?: string;
  delayMs?: number;
};
let server: Server;
let llm: LlmConfig;
let demo: Demo;
let requests = 0;

beforeAll(async () => {
  demo = await openDemo();
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests++;
      const r = reply(JSON.parse(raw) as { messages: { content: string }[] });
      setTimeout(() => {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { content: r.content ?? '' } }] }));
      }, r.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  llm = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    model: 'test',
    apiKey: 'k',
    timeoutMs: 500,
  };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await demo.warehouse.close();
});

const planJson = JSON.stringify({
  intent: 'breakdown',
  table: 'orders',
  measures: [{ agg: 'sum', column: { table: 'orders', column: 'profit' }, label: 'Profit' }],
  dimensions: [{ column: { table: 'products', column: 'category' }, label: 'Category' }],
  filters: [],
  order: [],
});

describe('optional LLM planning', () => {
  it('uses a valid plan from the LLM', async () => {
    reply = (body) =>
      body.messages[0]!.content.startsWith('Rewrite')
        ? { status: 200, content: '{"sentences":["Profit is led by one category."]}' }
        : { status: 200, content: planJson };
    const a = await answerOnce({
      question: 'how are we doing on margin per category?',
      model: demo.model,
      warehouse: demo.warehouse,
      now: NOW,
      llm,
    });
    expect(a.evidence.source).toBe('llm');
    expect(a.reading).toBe('Profit by Category');
    expect(a.rows.length).toBe(4);
  });
  it('falls back to the embedded engine on an invalid plan', async () => {
    reply = () => ({
      status: 200,
      content: JSON.stringify({
        intent: 'breakdown',
        table: 'secret_table',
        measures: [],
        dimensions: [],
        filters: [],
        order: [],
      }),
    });
    const a = await answerOnce({
      question: 'Revenue by region',
      model: demo.model,
      warehouse: demo.warehouse,
      now: NOW,
      llm,
    });
    expect(a.evidence.source).toBe('embedded');
    expect(a.reading).toBe('Total Revenue by Region');
  });
  it('falls back on an HTTP error and on a timeout', async () => {
    reply = () => ({ status: 500 });
    expect(
      (
        await answerOnce({
          question: 'Revenue by region',
          model: demo.model,
          warehouse: demo.warehouse,
          now: NOW,
          llm,
        })
      ).evidence.source,
    ).toBe('embedded');
    reply = () => ({ status: 200, content: planJson, delayMs: 1500 });
    const started = Date.now();
    const a = await answerOnce({
      question: 'Revenue by region',
      model: demo.model,
      warehouse: demo.warehouse,
      now: NOW,
      llm,
    });
    expect(a.evidence.source).toBe('embedded');
    expect(Date.now() - started).toBeLessThan(1400);
  });
  it('drops a narrative with numbers that are not in the result', async () => {
    reply = (body) =>
      body.messages[0]!.content.startsWith('Rewrite')
        ? { status: 200, content: '{"sentences":["Revenue grew 999999 %."]}' }
        : { status: 500 };
    const a = await answerOnce({
      question: 'Revenue by region',
      model: demo.model,
      warehouse: demo.warehouse,
      now: NOW,
      llm,
    });
    const text = a.cards.find((c) => c.type === 'text');
    expect(text?.type === 'text' && text.data.content?.join(' ')).not.toContain('999999');
    expect(requests).toBeGreaterThan(0);
  });
});
