import type { TCard } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../use-cases';
import type { AnswerEvent } from '../conversations';
import { driverCards, driverFollowUps, withUsual, type StoredDriver } from './investigate-drivers';
import { getRecommendation } from './recommendations';

interface Details {
  metric?: { label: string };
  segment?: { attribute: string; value: string } | null;
  window?: { from: string; to: string; weeks?: number };
  actual?: number;
  expected?: number;
  /** Recommendations stored before the scan compared against an expected value. */
  beforeMean?: number;
  afterMean?: number;
  relativeChange?: number;
  drivers?: StoredDriver[];
  series?: { t: string; v: number }[];
  /** An incident's measures that moved on its root, lead first. */
  metrics?: { label: string; actual: number; expected: number; relativeChange: number }[];
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Parses "rec-12" or "12" into the recommendation id. */
export function alertIdOf(value: string | number): number | null {
  const m = /^(?:rec-)?(\d{1,9})$/.exec(String(value).trim());
  return m ? Number(m[1]) : null;
}

/**
 * The answer to an alert conversation's opening (empty) message: the metric's trend with the
 * anomaly window marked, the drivers as a chart and a table, the narrative with its numbers,
 * and what to do next (drill further, or make a decision).
 */
export async function* investigateAlert(
  deps: Deps,
  caller: Caller,
  alertId: string | number,
  action: string,
): AsyncGenerator<AnswerEvent> {
  const id = alertIdOf(alertId);
  if (id === null) throw new AppError('BAD_REQUEST', `"${alertId}" is not an alert id.`);
  yield { type: 'loader', text: action === 'explore' ? 'Exploring the alert…' : 'Investigating the alert…' };
  const rec = await getRecommendation(deps, caller, id);
  const d = rec.details as Details;
  const label = d.metric?.label ?? 'Metric';
  const where = d.segment ? ` · ${d.segment.value}` : '';
  const windowFrom = d.window?.from ?? '';
  const cards: TCard[] = [];
  const actual = d.actual ?? d.afterMean;
  const expected = d.expected ?? d.beforeMean;
  if (d.metrics && d.metrics.length > 1) {
    // An incident: every measure that moved on its root, over the same weeks.
    cards.push({
      type: 'metric',
      data: {
        id: `alert-${id}-metric`,
        title: `What moved${d.segment ? ` in ${d.segment.value}` : ''} since ${windowFrom}`,
        description: 'Weekly average over the shift, each against the value expected for those weeks',
        metrics: d.metrics.map((m) => ({
          label: m.label,
          value: round(m.actual),
          change: m.relativeChange,
          trend: m.relativeChange > 0 ? 'up' : m.relativeChange < 0 ? 'down' : 'neutral',
        })),
      },
    });
  } else if (actual !== undefined && expected !== undefined) {
    cards.push({
      type: 'metric',
      data: {
        id: `alert-${id}-metric`,
        title: `${label}${where}`,
        description:
          d.expected !== undefined
            ? `Weekly average since ${windowFrom} against the value expected for those weeks`
            : `Weekly average since ${windowFrom} against the 8 weeks before`,
        metrics: [
          {
            label: 'Recent weekly average',
            value: round(actual),
            change: d.relativeChange ?? null,
            trend: (d.relativeChange ?? 0) > 0 ? 'up' : (d.relativeChange ?? 0) < 0 ? 'down' : 'neutral',
          },
          {
            label: d.expected !== undefined ? 'Expected weekly average' : 'Previous weekly average',
            value: round(expected),
          },
        ],
      },
    });
  }
  const series = (d.series ?? []).slice(-26);
  if (series.length >= 2) {
    cards.push({
      type: 'chart',
      data: {
        id: `alert-${id}-trend`,
        title: `${label}${where} by week`,
        description: `The shaded series marks the anomaly window from ${windowFrom}.`,
        interpretation: rec.brief_summary,
        options: {
          chart: { type: 'line' },
          xAxis: { categories: series.map((p) => p.t), title: 'Week' },
          yAxis: { title: label },
          series: [
            { name: label, data: series.map((p) => round(p.v)) },
            { name: 'Anomaly window', data: series.map((p) => (p.t >= windowFrom ? round(p.v) : null)) },
          ],
        },
      },
    });
  }
  const inSegment = d.segment ? ` in ${d.segment.value}` : '';
  cards.push(...driverCards(id, `${label}${inSegment}`, withUsual(d.drivers ?? []).slice(0, 8)));
  cards.push({
    type: 'text',
    data: {
      id: `alert-${id}-story`,
      title: rec.title,
      content: rec.full_description.split(/(?<=\.) (?=[A-Z])/),
    },
  });
  const followUps = driverFollowUps({
    label,
    segment: d.segment ?? null,
    drivers: withUsual(d.drivers ?? []),
  });
  cards.push({
    type: 'action',
    data: {
      id: `alert-${id}-next`,
      title: 'Next steps',
      context: { alertId: `rec-${id}`, alertTitle: rec.title, useCaseId: String(rec.usecase_id) },
      actions: followUps,
    },
  });
  yield { type: 'cards', cards };
  yield { type: 'done', content: rec.brief_summary, confidence: 1, plan: null, status: 'answered' };
}
