import { describe, expect, it } from 'vitest';
import { groupFindings, standoutDrivers, type GroupableFinding } from '../../src/insights';

const europe = { attribute: 'region', value: 'Europe' };
const asia = { attribute: 'region', value: 'Asia' };

/** A finding of the latest three weeks (Nov 2–16) unless told otherwise. */
function finding(over: Partial<GroupableFinding> = {}): GroupableFinding {
  return {
    segment: null,
    from: '2026-11-02',
    to: '2026-11-16',
    score: -6,
    relativeChange: -0.3,
    drivers: [],
    ...over,
  };
}
/** A driver carrying `share` of the change from `usual` of the measure. */
const driver = (attribute: string, value: string, share: number, usual: number) => ({
  attribute,
  value,
  share,
  usual,
});

describe('one incident per root cause', () => {
  it('makes several measures of one segment and window one incident listing them all', () => {
    const findings = [
      finding({ segment: europe, score: -5.6 }), // revenue
      finding({ segment: europe, score: -6.0 }), // profit
      finding({ segment: europe, score: -5.3 }), // cost
      finding({ segment: europe, score: -10.4, from: '2026-11-09' }), // quantity, a week shorter
    ];
    const groups = groupFindings(findings);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.root).toBe('region=Europe');
    expect(groups[0]!.primary.sort()).toEqual([0, 1, 2, 3]);
    expect(groups[0]!.related).toEqual([]);
  });

  it('folds in the total and the other slices whose standout driver is that segment', () => {
    const findings = [
      finding({ segment: europe, score: -10 }),
      // Quantity overall: 92 % of its drop came from Europe, usually 30 % of it.
      finding({ score: -4.8, relativeChange: -0.14, drivers: [driver('region', 'Europe', 0.92, 0.3)] }),
      // A category whose drop is mostly Europe's.
      finding({
        segment: { attribute: 'category', value: 'Office Supplies' },
        score: -4.3,
        drivers: [driver('region', 'Europe', 0.64, 0.3), driver('channel', 'Online', 0.5, 0.55)],
      }),
    ];
    const [group, ...rest] = groupFindings(findings);
    expect(rest).toEqual([]);
    expect(group).toEqual({ root: 'region=Europe', primary: [0], related: [1, 2] });
  });

  it('keeps different root causes apart', () => {
    const findings = [
      finding({ segment: europe, score: -10 }),
      finding({ segment: asia, score: 5, relativeChange: 0.25 }),
      // A ratio on the total driven by a category: not Europe's story.
      finding({ score: 7.8, relativeChange: 1.57, drivers: [driver('category', 'Electronics', 1, 0.25)] }),
      // The same segment months earlier is another episode.
      finding({ segment: europe, from: '2026-06-01', to: '2026-06-15' }),
      // A total whose biggest part is Europe only in proportion to its size is not explained by it.
      finding({ score: -4.5, drivers: [driver('region', 'Europe', 0.35, 0.3)] }),
    ];
    const groups = groupFindings(findings);
    expect(groups.map((g) => [g.root, g.primary, g.related])).toEqual([
      ['region=Europe', [0], []],
      ['*', [2], []],
      ['region=Europe', [3], []],
      ['region=Asia', [1], []],
      ['*', [4], []],
    ]);
  });

  it('groups totals moved by the same driver, or spread alike in the same direction, but not across drivers', () => {
    const byElectronics = [driver('category', 'Electronics', 0.9, 0.25)];
    const groups = groupFindings([
      finding({ score: 7, relativeChange: 1.5, drivers: byElectronics }),
      finding({ score: -5, relativeChange: -0.2, drivers: byElectronics }),
      finding({ score: -5, relativeChange: -0.12 }),
      finding({ score: -4.2, relativeChange: -0.1 }),
      finding({ score: 4.4, relativeChange: 0.1 }),
    ]);
    expect(groups.map((g) => g.primary.sort())).toEqual([[0, 1], [2, 3], [4]]);
  });
});

describe('standout drivers', () => {
  it('names only values whose part in the change clearly outgrows their usual part', () => {
    const drivers = [
      driver('category', 'Electronics', 0.79, 0.62), // large, but close to its size
      driver('region', 'Europe', 0.83, 0.4),
      driver('channel', 'Partner', 0.3, 0.15), // twice its part, 15 points more: just enough
      driver('segment', 'Corporate', 0.3, 0.1),
      driver('region', 'Asia', -0.2, 0.3),
    ];
    expect(standoutDrivers(drivers).map((d) => d.value)).toEqual(['Europe', 'Corporate', 'Partner']);
    expect(standoutDrivers([driver('category', 'Electronics', 0.6, 0.55)])).toEqual([]);
  });
});
