import type { TUseCase } from '@catalyst/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutoSaver, createFlowSync } from '../../src/features/use-cases/autosave';
import { addChip, statusOf, visibleUseCases } from '../../src/features/use-cases/status';
import { parseJsonObject } from '../../src/features/use-cases/tool-configs';

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

describe('nothing lost when the user leaves (flush)', () => {
  it('saves a pending change at once, ignoring the debounce and the 2 s gap, with keepalive when asked', async () => {
    const calls: [F, boolean][] = [];
    const s = createAutoSaver<F>({
      isSavable: (f) => f.name.trim() !== '',
      save: async (f, send) => void calls.push([f, send.keepalive]),
    });
    s.schedule({ name: 'A', n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    s.schedule({ name: 'A', n: 2 });
    await s.flush({ keepalive: true });
    expect(calls).toEqual([
      [{ name: 'A', n: 1 }, false],
      [{ name: 'A', n: 2 }, true],
    ]);
    expect(s.dirty).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('waits for a save in flight, then saves the latest value', async () => {
    const saved: F[] = [];
    let release: () => void = () => undefined;
    const s = createAutoSaver<F>({
      isSavable: () => true,
      save: (f) =>
        new Promise<void>((r) => {
          saved.push(f);
          release = r;
        }),
    });
    s.schedule({ name: 'A', n: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    s.schedule({ name: 'A', n: 2 });
    const flushed = s.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toEqual([{ name: 'A', n: 1 }]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await flushed;
    expect(saved).toEqual([
      { name: 'A', n: 1 },
      { name: 'A', n: 2 },
    ]);
  });

  it('keeps a change whose save failed, and saves it on the next flush', async () => {
    let fail = true;
    const saved: F[] = [];
    const s = createAutoSaver<F>({
      isSavable: () => true,
      save: async (f) => {
        if (fail) throw new Error('offline');
        saved.push(f);
      },
    });
    s.schedule({ name: 'A', n: 1 });
    await s.flush();
    expect(s.dirty).toBe(true);
    fail = false;
    await s.flush();
    expect(saved).toEqual([{ name: 'A', n: 1 }]);
  });

  it('sends the latest decision steps at once, and idle() waits for them to land', async () => {
    const sent: [string[], boolean][] = [];
    let release: () => void = () => undefined;
    const q = createFlowSync({
      send: (s, o) =>
        new Promise<void>((r) => {
          sent.push([s, o.keepalive]);
          release = r;
        }),
    });
    q.push(['draft'], 'text');
    void q.flush({ keepalive: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([[['draft'], true]]);
    let idle = false;
    void q.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(idle).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(50);
    expect(idle).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
  });

  it('keeps decision steps that could not be sent', async () => {
    const errors: unknown[] = [];
    const q = createFlowSync({
      send: async () => {
        throw new Error('Failed to update decision flow: Bad Gateway');
      },
      onError: (e) => errors.push(e),
    });
    q.push(['a', 'b'], 'other');
    await q.flush();
    expect(q.unsent).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
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
});

describe('tool configuration JSON (spec document 2 §5)', () => {
  it('applies only text that parses to a JSON object', () => {
    expect(parseJsonObject('{"Authorization": "x"}')).toEqual({ Authorization: 'x' });
    expect(parseJsonObject('{broken')).toBeNull();
    expect(parseJsonObject('[1]')).toBeNull();
  });
});
