import { describe, expect, it } from 'vitest';
import { describeFinding, type Driver, type Finding } from '../src/features/decision-hub/describe-finding';

/** A driver of a sum whose values made `totalBefore` before the change. */
const driver = (
  attribute: string,
  value: string,
  before: number,
  after: number,
  totalDelta: number,
  totalBefore = 1000,
): Driver => ({
  attribute,
  column: attribute.toLowerCase(),
  value,
  before,
  after,
  contribution: after - before,
  share: (after - before) / totalDelta,
  usual: before / totalBefore,
});

function finding(drivers: Driver[]): Finding {
  return {
    measure: { key: 'revenue', label: 'Revenue', additive: true },
    metric: {
      label: 'Revenue',
      table: 'orders',
      timeColumn: 'order_date',
      expression: 'SUM("revenue")',
      filters: [],
      grain: 'week',
    },
    segment: null,
    windowStart: '2026-11-02',
    windowEnd: '2026-11-16',
    weeks: 3,
    actual: 700,
    expected: 1000,
    relativeChange: -0.3,
    score: -6,
    share: 1,
    impact: 'High Impact',
    reason: 'anomaly',
    series: [],
    drivers,
  };
}

describe('the words of a finding', () => {
  it('names the values whose part in the change outgrows their usual part', () => {
    // Europe is 40 % of revenue and lost 250 of the 300: it explains the drop; Asia only follows.
    const text = describeFinding(
      finding([driver('Region', 'Europe', 400, 150, -300), driver('Region', 'Asia', 600, 550, -300)]),
    );
    expect(text.full).toContain(
      'Biggest drivers: Region = Europe (400 → 150, 83% of the change, against 40% of Revenue usually).',
    );
    expect(text.full).not.toContain('Asia');
  });

  it('says so when the change is spread in proportion to size, instead of naming the biggest value as its cause', () => {
    const text = describeFinding(
      finding([
        driver('Category', 'Electronics', 600, 420, -300),
        driver('Category', 'Apparel', 400, 280, -300),
      ]),
    );
    expect(text.full).toContain(
      'No single Category value explains it: the change is spread in proportion to their usual size.',
    );
    expect(text.full).toContain(
      'Largest in amount: Category = Electronics (600 → 420, 60% of the change); Category = Apparel (400 → 280, 40% of the change).',
    );
    expect(text.full).not.toContain('Biggest drivers');
    // A value that moved a little more than the whole (65 % of the change from 55 % of revenue) is noise, not a cause.
    const near = describeFinding(
      finding([
        driver('Segment', 'Corporate', 550, 355, -300),
        driver('Segment', 'Consumer', 450, 345, -300),
      ]),
    );
    expect(near.full).toContain('No single Segment value explains it');
  });
});

describe('the amounts of a finding', () => {
  it('shows a money measure in its currency and a fall with a minus sign', () => {
    const f = finding([]);
    const text = describeFinding({
      ...f,
      measure: { ...f.measure, currency: 'EUR' },
      actual: 102_627.4,
      expected: 183_000,
      relativeChange: -0.44,
    });
    expect(text.brief).toBe(
      "Weekly Revenue averaged €102,627 over the last 3 weeks, against €183,000 expected from the weeks before and last year's pattern (\u221244%).",
    );
  });

  it('keeps plain numbers for measures that are not money', () => {
    expect(describeFinding(finding([])).brief).toContain('averaged 700 over the last 3 weeks, against 1,000');
  });
});
