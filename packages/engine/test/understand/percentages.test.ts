import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenize } from '../../src/nlp/text';
import { ask, expectSameRows, openDemo, type Demo } from '../setup';

// The demo's orders hold their discount as a fraction of one (0.15 is 15 %).
let demo: Demo;
beforeAll(async () => {
  demo = await openDemo();
});
afterAll(async () => {
  await demo.warehouse.close();
});

describe('percentages said in a question', () => {
  it('reads a percent sign on its own as the word percent', () => {
    expect(tokenize('online % of revenue').map((t) => t.text)).toEqual([
      'online',
      'percent',
      'of',
      'revenue',
    ]);
    expect(tokenize('a 15% discount').map((t) => t.text)).toEqual(['a', '15%', 'discount']);
    // After a rate it is the rate's unit.
    expect(tokenize('margin % by region').map((t) => t.text)).toEqual(['margin', 'by', 'region']);
  });
  it.each([
    ['How many orders had a discount of 18% or more?', 'SELECT count(*) FROM orders WHERE discount >= 0.18'],
    [
      'How many orders had a discount of at least 18 percent?',
      'SELECT count(*) FROM orders WHERE discount >= 0.18',
    ],
    ['How many orders had a discount above 10%?', 'SELECT count(*) FROM orders WHERE discount > 0.1'],
  ])('compares "%s" with the rate as it is stored', async (question, sql) => {
    await expectSameRows(demo, await ask(demo, question), sql);
  });
  it('asks for a share when the percent sign is the only word of it', async () => {
    const answer = await ask(demo, 'online % of revenue');
    expect(answer.status).toBe('answered');
    expect(answer.rows).toHaveLength(1);
    const share = Number(answer.rows[0]![answer.rows[0]!.length - 1]);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(1);
  });
});

describe('short forms of business nouns', () => {
  it('are read as the words', () => {
    expect(tokenize('appts per cust').map((t) => t.text)).toEqual(['appointments', 'per', 'customer']);
    expect(tokenize('appts per cust').map((t) => t.raw)).toEqual(['appts', 'per', 'cust']);
  });
});
