import type { TRecommendation } from '@catalyst/contracts';
import { ageMs, formatTimeAgo, MINUTE } from '../../lib/format';

export type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface AlertItem {
  id: string;
  recommendationId: number;
  title: string;
  description: string;
  severity: Severity;
  category: string;
  useCaseId: number;
  /** Every use case over the same data that raised this incident, its own first (spec: "use case name"). */
  useCaseName: string;
  timeAgo: string;
  action: string;
  /** The measures that moved in this incident with their change, e.g. "Revenue −37%"; empty for an alert of one metric. */
  metrics: { label: string; change: string; direction: 'up' | 'down' }[];
}

/** "−37%" / "+12%": the sign a reader expects, with a true minus sign. */
const signedPercent = (r: number) => `${r >= 0 ? '+' : '−'}${Math.round(Math.abs(r) * 100)}%`;

const SEVERITY: Record<string, Severity> = {
  'Critical Alert': 'critical',
  'High Impact': 'high',
  'Medium Impact': 'medium',
  'Low Impact': 'low',
  Product: 'low',
};

/** Greeting by hour (spec document 1 §2.6): morning before 12, afternoon before 18, else evening. */
export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The "Updated N minutes/hours ago" hint of Attention Required, shown only from 2 minutes on (spec document 1 §9). */
export function updatedHint(updatedAt: number, now = Date.now()): string | null {
  if (ageMs(updatedAt, now) < 2 * MINUTE) return null;
  return `Updated ${formatTimeAgo(updatedAt, { now })}`;
}

/** A recommendation as an alert card (spec document 1 §3): id "rec-"+id, severity, category, age, lowercased action. */
export function toAlert(r: TRecommendation, now = Date.now()): AlertItem {
  return {
    id: `rec-${r.id}`,
    recommendationId: r.id,
    title: r.title,
    description: r.brief_summary,
    severity: SEVERITY[r.impact_level] ?? 'low',
    category: r.category,
    useCaseId: r.usecase_id,
    useCaseName: (r.use_cases?.length ? r.use_cases.map((u) => u.name) : [r.use_case_name]).join(', '),
    timeAgo: formatTimeAgo(r.generated_at, { now }),
    action: r.action.toLowerCase(),
    // One metric is already the title; an incident lists what moved.
    metrics:
      (r.affected_metrics?.length ?? 0) > 1
        ? r.affected_metrics.map((m) => ({
            label: m.label,
            change: signedPercent(m.change),
            direction: m.change >= 0 ? ('up' as const) : ('down' as const),
          }))
        : [],
  };
}

/** Severity colours (spec document 1 §9): low blue, medium amber, high green, critical red. */
export const SEVERITY_CLASSES: Record<Severity, string> = {
  low: 'bg-blue-500/12 text-blue-700 dark:text-blue-300 border-blue-500/30',
  medium: 'bg-amber-500/12 text-amber-800 dark:text-amber-300 border-amber-500/30',
  high: 'bg-green-500/12 text-green-800 dark:text-green-300 border-green-500/30',
  critical: 'bg-red-500/12 text-red-700 dark:text-red-300 border-red-500/30',
};
