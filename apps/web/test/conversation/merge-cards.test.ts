import { describe, expect, it } from 'vitest';
import type { CardModel } from '../../src/components/cards/types';
import { mergeCards } from '../../src/features/conversation/merge-cards';

const chart = (title: string, extra: Record<string, unknown> = {}): CardModel => ({
  type: 'chart',
  data: { title, ...extra },
});
const table = (title: string, extra: Record<string, unknown> = {}): CardModel => ({
  type: 'table',
  data: { title, ...extra },
});
const action = (data: Record<string, unknown>): CardModel => ({ type: 'action', data });

describe('card merge rules (spec document 1 §4)', () => {
  it('appends unmatched cards in order', () => {
    const merged = mergeCards([chart('Revenue')], [table('Rows'), { type: 'metric', data: { metrics: [] } }]);
    expect(merged.map((c) => c.type)).toEqual(['chart', 'table', 'metric']);
  });

  it('matches by type plus data id first, replacing the changed card in place', () => {
    const start = [chart('A', { id: 'c1', v: 1 }), table('T')];
    const merged = mergeCards(start, [chart('Renamed', { id: 'c1', v: 2 })]);
    expect(merged).toHaveLength(2);
    expect(merged[0]!.data).toMatchObject({ id: 'c1', title: 'Renamed', v: 2 });
    expect(merged[1]).toBe(start[1]);
  });

  it('an id of another type does not match', () => {
    const merged = mergeCards([chart('A', { id: 'x' })], [table('A', { id: 'x' })]);
    expect(merged.map((c) => c.type)).toEqual(['chart', 'table']);
  });

  it('matches charts and tables by title when there is no id', () => {
    const merged = mergeCards(
      [chart('Revenue by region', { v: 1 }), table('Revenue by region', { v: 1 })],
      [table('Revenue by region', { v: 2 }), chart('Revenue by region', { v: 3 })],
    );
    expect(merged).toHaveLength(2);
    expect(merged[0]!.data.v).toBe(3);
    expect(merged[1]!.data.v).toBe(2);
  });

  it('keeps the existing object when the matched content did not change', () => {
    const existing = chart('Same', { v: 1 });
    const merged = mergeCards([existing], [chart('Same', { v: 1 })]);
    expect(merged[0]).toBe(existing);
  });

  it('matches action cards by title or by the first action label, and always updates them', () => {
    const byTitle = mergeCards(
      [action({ title: 'Next steps', actions: [{ label: 'A' }] })],
      [action({ title: 'Next steps', actions: [{ label: 'B' }] })],
    );
    expect(byTitle).toHaveLength(1);
    expect((byTitle[0]!.data.actions as { label: string }[])[0]!.label).toBe('B');

    const byLabel = mergeCards(
      [table('T'), action({ actions: ['Drill down', 'Compare'] })],
      [action({ actions: [{ label: 'Drill down' }], extra: true })],
    );
    expect(byLabel).toHaveLength(2);
    expect(byLabel[1]!.data.extra).toBe(true);

    const same = action({ title: 'X', actions: [] });
    const again = action({ title: 'X', actions: [] });
    expect(mergeCards([same], [again])[0]).toBe(again);
  });

  it('an unmatched id-less action card replaces the last id-less action card', () => {
    const start = [
      action({ title: 'First', actions: [{ label: 'a' }] }),
      table('T'),
      action({ title: 'Second', actions: [{ label: 'b' }] }),
      action({ id: 'keep', title: 'With id', actions: [] }),
    ];
    const merged = mergeCards(start, [action({ title: 'Third', actions: [{ label: 'c' }] })]);
    expect(merged).toHaveLength(4);
    expect(merged.map((c) => c.data.title)).toEqual(['First', 'T', 'Third', 'With id']);
  });

  it('an unmatched action card with an id is appended', () => {
    const merged = mergeCards(
      [action({ title: 'Old', actions: [{ label: 'a' }] })],
      [action({ id: 'n', title: 'New', actions: [{ label: 'z' }] })],
    );
    expect(merged.map((c) => c.data.title)).toEqual(['Old', 'New']);
  });

  it('falls back to matching by type for id-less cards (regenerate: a later card of the same type replaces the earlier one)', () => {
    const merged = mergeCards(
      [{ type: 'text', data: { content: ['old'] } }],
      [{ type: 'text', data: { content: ['new'] } }],
    );
    expect(merged).toHaveLength(1);
    expect(merged[0]!.data.content).toEqual(['new']);
  });

  it('does not mutate its inputs', () => {
    const existing = [chart('A')];
    const snapshot = JSON.stringify(existing);
    mergeCards(existing, [chart('B'), table('C')]);
    expect(JSON.stringify(existing)).toBe(snapshot);
  });
});
