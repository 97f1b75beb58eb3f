import type { TUseCase } from '@catalyst/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoSaver, createFlowSync } from '../../src/features/use-cases/autosave';
import { addChip, distance, statusOf, visibleUseCases } from '../../src/features/use-cases/status';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface F {
  name: string;
  n: number;
}

function saver() {
  const saved: F[] = [];
  const s = createAutoSaver<F>({
    isSavable: (f) => f.name.trim() !== '',
    save: async (f) => void saved.push(f),
    now: () => Date.now(),
  });
  return { s, saved };
}

describe('auto-save (spec document 2 §4.2)', () => {
  it('saves once after 1 s of quiet, with the latest value', async () => {
    const { s, saved } = saver();
    s.schedule({ name: 'A', n: 1 });
    await vi.advanceTimersByTimeAsync(500);
    s.schedule({ name: 'A', n: 2 });
    await vi.advanceTimersByTimeAsync(999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([{ name: 'A', n: 2 }]);
  });

  it('skips nameless and unchanged values', async () => {
    const { s, saved } = saver();
    s.schedule({ name: '  ', n: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(saved).toEqual([]);
    s.markSaved({ name: 'A', n: 1 });
    s.schedule({ name: 'A', n: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(saved).toEqual([]);
  });

  it('never saves within 2 s of the previous save, and does not lose the change', async () => {
    const { s, saved } = saver();
    s.schedule({ name: 'A', n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(1);
    s.schedule({ name: 'A', n: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([
      { name: 'A', n: 1 },
      { name: 'A', n: 2 },
    ]);
  });
});

describe('decision flow sync (spec document 2 §4.3)', () => {
  it('waits 500 ms after text edits and 100 ms after other edits', async () => {
    const sent: string[][] = [];
    const q = createFlowSync({ send: async (s) => void sent.push(s) });
    q.push(['a'], 'text');
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['a']]);
    q.push(['b'], 'other');
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([['a'], ['b']]);
  });

  it('starts no sync while one is in flight and then sends only the latest steps', async () => {
    const sent: string[][] = [];
    let release: () => void = () => undefined;
    const q = createFlowSync({
      send: (s) =>
        new Promise<void>((r) => {
          sent.push(s);
          release = r;
        }),
    });
    q.push(['1'], 'other');
    await vi.advanceTimersByTimeAsync(100);
    expect(q.inFlight).toBe(true);
    q.push(['2'], 'other');
    await vi.advanceTimersByTimeAsync(100);
    q.push(['3'], 'other');
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([['1']]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['1'], ['3']]);
  });
});

describe('list rules', () => {
  const uc = (id: number, name: string, extra: Partial<TUseCase> = {}) =>
    ({
      use_case_id: id,
      use_case_name: name,
      created_at: `2026-01-0${id}`,
      pinned: false,
      is_deleted: false,
      is_onboarded: false,
      ...extra,
    }) as TUseCase;
  const list = [
    uc(1, 'Zeta', { is_onboarded: true }),
    uc(2, 'Alpha', { pinned: true }),
    uc(3, 'Mid', { is_deleted: true, is_onboarded: true }),
  ];

  it('derives the status as §4.1', () => {
    expect(list.map(statusOf)).toEqual(['active', 'draft', 'archived']);
  });
  it('All hides archived; each tab shows its status; sorts by name, creation and pin', () => {
    expect(visibleUseCases(list, 'all', 'default').map((u) => u.use_case_id)).toEqual([1, 2]);
    expect(visibleUseCases(list, 'archived', 'default').map((u) => u.use_case_id)).toEqual([3]);
    expect(visibleUseCases(list, 'all', 'name').map((u) => u.use_case_name)).toEqual(['Alpha', 'Zeta']);
    expect(visibleUseCases(list, 'all', 'created_at').map((u) => u.use_case_id)).toEqual([2, 1]);
    expect(visibleUseCases(list, 'all', 'pinned').map((u) => u.use_case_id)).toEqual([2, 1]);
  });
  it('custom chips are trimmed, non-empty and de-duplicated', () => {
    expect(addChip(['A'], '  B ')).toEqual(['A', 'B']);
    expect(addChip(['A'], ' A ')).toEqual(['A']);
    expect(addChip(['A'], '   ')).toEqual(['A']);
  });
  it('says how long ago', () => {
    expect(distance(0, 10_000)).toBe('less than a minute');
    expect(distance(0, 5 * 60_000)).toBe('5 minutes');
    expect(distance(0, 65 * 60_000)).toBe('about 1 hour');
  });
});

describe('tool configuration JSON (spec document 2 §5)', () => {
  it('applies only text that parses to a JSON object', async () => {
    const { parseJsonObject } = await import('../../src/features/use-cases/tool-configs');
    expect(parseJsonObject('{"Authorization": "x"}')).toEqual({ Authorization: 'x' });
    expect(parseJsonObject('{broken')).toBeNull();
    expect(parseJsonObject('[1]')).toBeNull();
  });
});
