import type { DuckDbWarehouse } from '@catalyst/engine';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineAnswerer } from '../src/features/conversations/engine-answerer';
import { createTestApp, createUseCaseOver, type TestApp } from './helpers/app';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';
import { ask, connectedSocket, listen, type Reply } from './helpers/listen';

interface Card {
  type: string;
  data: {
    options?: {
      chart: { type: string };
      xAxis?: { categories?: string[] };
      yAxis?: { format?: { style: string; currency?: string } };
      series: { data: unknown[] }[];
    };
    data?: Record<string, unknown>[];
    evidence?: { sql: string; displaySql?: string; periods?: string[]; rowCount: number };
  };
}

describe('conversations answered by Catalyst AI', () => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let socket: Socket;
  let useCaseId: number;

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await createTestApp(
      'pglite',
      {},
      {
        warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }),
        answerer: engineAnswerer({ llm: null }),
      },
    );
    const url = await listen(t.app);
    const admin = await t.login();
    useCaseId = await createUseCaseOver(t, admin, { name: 'Retail', connId: 7 });
    socket = await connectedSocket(url, admin);
  });
  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
    warehouse?.close();
  });

  it('answers "revenue by region" with a bar chart and a table whose numbers match SQL, then a follow-up by month as a line', async () => {
    const reply = (await ask(socket, {
      message: 'total revenue by region',
      usecase_id: useCaseId,
      thread_id: '',
      isNewThread: true,
    })) as Reply;
    const cards = reply.cards as Card[];
    const chart = cards.find((c) => c.type === 'chart');
    const table = cards.find((c) => c.type === 'table');
    expect(chart?.data.options?.chart.type, JSON.stringify(cards).slice(0, 500)).toBe('bar');
    const expected = await warehouse.query('select region, sum(revenue) from main.orders group by region');
    const byRegion = Object.fromEntries(expected.rows.map((r) => [String(r[0]), Number(r[1])]));
    const categories = chart!.data.options!.xAxis!.categories!;
    const values = chart!.data.options!.series[0]!.data as number[];
    expect([...categories].sort()).toEqual(Object.keys(byRegion).sort());
    categories.forEach((region, i) => expect(values[i]).toBeCloseTo(byRegion[region]!, 4));
    expect(table?.data.data).toHaveLength(3);
    expect(chart!.data.evidence?.sql).toMatch(/SUM/i);
    expect(chart!.data.evidence?.rowCount).toBe(3);
    expect(chart!.data.evidence?.displaySql).toBe(chart!.data.evidence?.sql);
    expect(chart!.data.options?.yAxis?.format).toEqual({ style: 'currency', currency: 'USD' });

    const follow = (await ask(socket, {
      message: 'and by month?',
      usecase_id: useCaseId,
      thread_id: reply.threadId,
      isNewThread: false,
    })) as Reply;
    const line = (follow.cards as Card[]).find((c) => c.type === 'chart');
    expect(line?.data.options?.chart.type, JSON.stringify(follow.cards).slice(0, 400)).toBe('line');
    expect(line?.data.evidence?.periods).toEqual([
      expect.stringMatching(/^data covers \w{3} \d+(, \d{4})? – \w{3} \d+, \d{4}$/),
    ]);
    const saved = await t.deps.db
      .selectFrom('thread_messages')
      .select(['confidence', 'plan'])
      .where('thread_id', '=', reply.threadId!)
      .orderBy('id')
      .execute();
    expect(saved).toHaveLength(2);
    expect(saved[0]!.confidence).toBeGreaterThan(0.5);
    expect(saved[1]!.plan).toBeTruthy();
  });

  it('declines a hostile question without an error and without touching the data', async () => {
    for (const message of ["'; DROP TABLE orders; --", '🙂🙂🙂', 'x'.repeat(9_999)]) {
      const reply = (await ask(socket, {
        message,
        usecase_id: useCaseId,
        thread_id: '',
        isNewThread: true,
      })) as Reply;
      expect(reply.controls.some((c) => c.content_type === 'error')).toBe(false);
    }
    const count = await warehouse.query('select count(*) from main.orders');
    expect(Number(count.rows[0]![0])).toBe(120);
  });
});
