import type { TRecommendation } from '@catalyst/contracts';
import { describe, expect, it } from 'vitest';
import { greetingFor, SEVERITY_CLASSES, toAlert, updatedHint } from '../../src/features/decision-hub/alerts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('the greeting', () => {
  it('says morning before 12, afternoon before 18, evening after', () => {
    expect(greetingFor(0)).toBe('Good morning');
    expect(greetingFor(11)).toBe('Good morning');
    expect(greetingFor(12)).toBe('Good afternoon');
    expect(greetingFor(17)).toBe('Good afternoon');
    expect(greetingFor(18)).toBe('Good evening');
    expect(greetingFor(23)).toBe('Good evening');
  });
});

describe('the "Updated" hint', () => {
  it('appears only from 2 minutes on, in minutes, hours, then days', () => {
    expect(updatedHint(NOW, NOW)).toBeNull();
    expect(updatedHint(NOW - 119_999, NOW)).toBeNull();
    expect(updatedHint(NOW - 2 * MIN, NOW)).toBe('Updated 2 minutes ago');
    expect(updatedHint(NOW - 59 * MIN, NOW)).toBe('Updated 59 minutes ago');
    expect(updatedHint(NOW - 60 * MIN, NOW)).toBe('Updated 1 hour ago');
    expect(updatedHint(NOW - 180 * MIN, NOW)).toBe('Updated 3 hours ago');
    expect(updatedHint(NOW - 49 * 60 * MIN, NOW)).toBe('Updated 2 days ago');
  });
});

const rec = (over: Partial<TRecommendation> = {}): TRecommendation =>
  ({
    id: 42,
    title: 'Revenue in Europe dropped 31%',
    brief_summary: 'Revenue in Europe fell from 10,200 to 7,040 a week.',
    full_description: '…',
    impact_level: 'High Impact',
    generated_at: ago(3 * 60 * MIN),
    action: 'investigate',
    usecase_id: 7,
    use_case_name: 'Retail Sales',
    status: 'active',
    category: 'Revenue',
    ...over,
  }) as TRecommendation;

describe('a recommendation as an alert', () => {
  it('maps id, title, summary, use case, age and action', () => {
    expect(toAlert(rec(), NOW)).toEqual({
      id: 'rec-42',
      recommendationId: 42,
      title: 'Revenue in Europe dropped 31%',
      description: 'Revenue in Europe fell from 10,200 to 7,040 a week.',
      severity: 'high',
      category: 'Revenue',
      useCaseId: 7,
      useCaseName: 'Retail Sales',
      timeAgo: '3 hours ago',
      action: 'investigate',
      metrics: [],
    });
  });
  it('lists the measures of an incident and every use case that raised it', () => {
    const alert = toAlert(
      rec({
        affected_metrics: [
          { label: 'Revenue', change: -0.372 },
          { label: 'Quantity', change: -0.45 },
          { label: 'Cost', change: 0.004 },
        ],
        use_cases: [
          { id: 7, name: 'Retail Sales' },
          { id: 9, name: 'Europe Operations' },
        ],
      }),
      NOW,
    );
    expect(alert.metrics).toEqual([
      { label: 'Revenue', change: '−37%', direction: 'down' },
      { label: 'Quantity', change: '−45%', direction: 'down' },
      { label: 'Cost', change: '+0%', direction: 'up' },
    ]);
    expect(alert.useCaseName).toBe('Retail Sales, Europe Operations');
    // One metric is the title already: no list.
    expect(toAlert(rec({ affected_metrics: [{ label: 'Revenue', change: -0.3 }] }), NOW).metrics).toEqual([]);
  });
  it('maps each impact level to its severity, and unknown levels to low', () => {
    expect(toAlert(rec({ impact_level: 'Critical Alert' }), NOW).severity).toBe('critical');
    expect(toAlert(rec({ impact_level: 'High Impact' }), NOW).severity).toBe('high');
    expect(toAlert(rec({ impact_level: 'Medium Impact' }), NOW).severity).toBe('medium');
    expect(toAlert(rec({ impact_level: 'Low Impact' }), NOW).severity).toBe('low');
    expect(
      toAlert(rec({ impact_level: 'Something else' as TRecommendation['impact_level'] }), NOW).severity,
    ).toBe('low');
  });
  it('lowercases the action', () => {
    expect(toAlert(rec({ action: 'Explore' as TRecommendation['action'] }), NOW).action).toBe('explore');
  });
  it('colours severities low blue, medium amber, high green, critical red', () => {
    expect(SEVERITY_CLASSES.low).toContain('blue');
    expect(SEVERITY_CLASSES.medium).toContain('amber');
    expect(SEVERITY_CLASSES.high).toContain('green');
    expect(SEVERITY_CLASSES.critical).toContain('red');
  });
});
