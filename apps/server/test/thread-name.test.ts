import { describe, expect, it } from 'vitest';
import { shortName } from '../src/features/conversations/ask';

// A new thread is named after its first question (issue 14: the sidebar and the header show it).
describe('shortName', () => {
  it('keeps a question that fits, with its spaces tidied', () => {
    expect(shortName('  total profit\nby region ', 80)).toBe('total profit by region');
    expect(shortName('x'.repeat(80), 80)).toBe('x'.repeat(80));
  });

  it('cuts a long question after its last whole word, with an ellipsis, within the limit', () => {
    const question =
      'According to the shipping policy, within how many working days do parcels to island addresses arrive?';
    const name = shortName(question, 80);
    expect(name).toBe('According to the shipping policy, within how many working days do parcels to…');
    expect(name.length).toBeLessThanOrEqual(80);
  });

  it('leaves no dangling punctuation before the ellipsis', () => {
    expect(shortName('Revenue, profit, cost, quantity, returns, margin, refunds', 32)).toBe(
      'Revenue, profit, cost, quantity…',
    );
  });

  it('cuts a single overlong word where it must', () => {
    expect(shortName('a'.repeat(100), 80)).toBe(`${'a'.repeat(79)}…`);
  });
});
