import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOnce } from '../src/answer/answer';
import { ask, NOW, openDemo, type Demo } from './setup';

let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

const ordersCount = async (): Promise<number> =>
  Number((await demo.warehouse.query('SELECT count(*) FROM orders')).rows[0]![0]);

describe('hostile questions decline or answer, never throw or inject', () => {
  it.each([
    ["'; DROP TABLE orders; --"],
    ["Revenue in Europe'; DROP TABLE orders; --"],
    ['How many orders where region = "x\' OR 1=1 --"?'],
    ['x'.repeat(10_000)],
    ['😀🔥💥 🤖'],
    [''],
    ['   '],
    ['\u0000\u0001\u0002'],
    ['SELECT * FROM orders'],
    ['revenue '.repeat(200)],
  ])('%j', async (question) => {
    const before = await ordersCount();
    const a = await ask(demo, question);
    expect(['answered', 'declined']).toContain(a.status);
    expect(await ordersCount()).toBe(before);
    if (a.status === 'answered') {
      expect(a.sql).not.toMatch(/DROP|DELETE|UPDATE|INSERT|;/i);
      for (const p of a.params) expect(a.sql).not.toContain(String(p));
    }
  });
  it('a quoted hostile value becomes a bound parameter, not SQL', async () => {
    const before = await ordersCount();
    const a = await ask(demo, 'How many orders have channel "Online\'; DROP TABLE orders; --"?');
    expect(a.sql).not.toContain('DROP');
    expect(await ordersCount()).toBe(before);
  });
  it('survives arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (question) => {
        const a = await answerOnce({ question, model: demo.model, warehouse: demo.warehouse, now: NOW });
        expect(['answered', 'declined']).toContain(a.status);
      }),
      { numRuns: 150 },
    );
  });
  it('declines with a clarification card of readings when unsure', async () => {
    const a = await answerOnce({
      question: 'revenue by region',
      model: demo.model,
      warehouse: demo.warehouse,
      now: NOW,
      threshold: 0.99,
    });
    expect(a.status).toBe('declined');
    const card = a.cards[0];
    expect(card?.type).toBe('action');
    if (card?.type === 'action') {
      expect(card.data.actions.length).toBeGreaterThanOrEqual(2);
      expect(card.data.actions[0]!.label).toBe('Total Revenue by Region');
      const again = await ask(demo, card.data.actions[0]!.question);
      expect(again.reading).toBe('Total Revenue by Region');
    }
  });
});
