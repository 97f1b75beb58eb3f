import type { TDecisionMetric, TDecisionOutcome } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { metricSeries } from '../../warehouses/metric-series';
import { actorOf } from '../../warehouses/registry';
import type { Caller } from '../use-cases';
import { checkDecisionMetric } from './metric-check';

export interface Baseline {
  from: string;
  to: string;
  mean: number;
  periods: number;
  values: { period: string; value: number | null }[];
  /** The first period of the shift the decision's alert found, when the baseline is the normal periods before it. */
  shiftFrom?: string;
}

/** How many periods before approval form the baseline. */
const BASELINE_PERIODS = { day: 28, week: 8, month: 6 } as const;
/** Fewer periods than this after implementation is too early to say anything. */
const MIN_PERIODS = 2;

async function openUseCaseWarehouse(deps: Deps, caller: Caller, useCaseId: number) {
  const schema = await deps.db
    .selectFrom('use_case_schemas')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  if (!schema) return null;
  return {
    warehouse: await deps.warehouses.open({
      orgId: caller.orgId,
      connId: schema.conn_id,
      actor: actorOf(caller),
    }),
    schema: schema.schema_name,
  };
}

/** First day (ISO date) of the period containing `at`; weeks start on Monday, as date_trunc('week'). */
function periodStart(at: Date, grain: TDecisionMetric['grain']): string {
  const d = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), grain === 'month' ? 1 : at.getUTCDate()),
  );
  if (grain === 'week') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/**
 * What "normal" looks like for the metric: its complete periods before `at`. A decision taken on
 * an alert is judged against the normal periods before the shift the alert found (`shiftFrom`):
 * the weeks of a drop are the problem, not the norm, so a decision that brought the metric back
 * shows as a recovery and one that changed nothing as a shortfall still open. With fewer than two
 * periods of data before the shift, the periods before approval are used, and the baseline says so.
 */
export async function captureBaseline(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
  metric: TDecisionMetric,
  at: Date,
  shiftFrom?: string,
): Promise<Baseline | null> {
  const opened = await openUseCaseWarehouse(deps, caller, useCaseId);
  if (!opened) return null;
  try {
    // The data may end before today (a demo set, a stale source): anchor on the latest data point.
    const probe = await metricSeries(opened.warehouse, opened.schema, metric, {
      from: new Date(at.getTime() - 3 * 365 * 86_400_000),
      to: at,
    });
    if (probe.length === 0) return null;
    // The period `at` falls in is not complete yet: leave it out.
    const current = periodStart(at, metric.grain);
    const complete = probe.filter((p) => p.period < current);
    const shiftStart = shiftFrom
      ? periodStart(new Date(`${shiftFrom.slice(0, 10)}T00:00:00Z`), metric.grain)
      : null;
    const beforeShift = shiftStart
      ? complete.filter((p) => p.period < shiftStart).slice(-BASELINE_PERIODS[metric.grain])
      : [];
    const anchored = beforeShift.filter((p) => p.value !== null).length >= MIN_PERIODS;
    const values = anchored ? beforeShift : complete.slice(-BASELINE_PERIODS[metric.grain]);
    const numbers = values.map((v) => v.value).filter((v): v is number => v !== null);
    if (numbers.length === 0) return null;
    return {
      from: values[0]!.period,
      to: values[values.length - 1]!.period,
      mean: numbers.reduce((a, b) => a + b, 0) / numbers.length,
      periods: numbers.length,
      values,
      ...(anchored && shiftStart && { shiftFrom: shiftStart }),
    };
  } finally {
    await opened.warehouse.close();
  }
}

/** Which periods the baseline is, in words: "the 8 normal weeks before the change the alert found (2026-09-07 to 2026-10-26)". */
function baselineWords(baseline: Baseline, metric: TDecisionMetric): string {
  const span = `${baseline.periods} ${metric.grain}${baseline.periods === 1 ? '' : 's'}`;
  return baseline.shiftFrom
    ? `the ${baseline.periods} normal ${metric.grain}${baseline.periods === 1 ? '' : 's'} before the change the alert found (${baseline.from} to ${baseline.to})`
    : `the ${span} before approval (${baseline.from} to ${baseline.to})`;
}

const fmt = (n: number) =>
  Math.abs(n) >= 100
    ? Math.round(n).toLocaleString('en-US')
    : n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The metric since implementation against the baseline's expected path, stated no stronger than the data allows. */
export async function decisionOutcome(
  deps: Deps,
  caller: Caller,
  row: {
    status: string;
    use_case_id: number;
    metric: unknown;
    baseline: unknown;
    implemented_at: Date | string | null;
  },
): Promise<TDecisionOutcome> {
  const metric = (row.metric as TDecisionMetric | null) ?? null;
  const baseline = (row.baseline as Baseline | null) ?? null;
  const base = {
    metric,
    baseline: baseline
      ? { from: baseline.from, to: baseline.to, mean: baseline.mean, periods: baseline.periods }
      : null,
    points: [],
    comparison: null,
  };
  if (!metric)
    return {
      ...base,
      status: 'no_metric',
      statement:
        'This decision is not tied to a metric, so its outcome is not measured. Tie it to an alert or a metric to track it.',
    };
  if (row.status === 'pending' || row.status === 'rejected')
    return {
      ...base,
      status: 'awaiting_approval',
      statement: `The baseline of ${metric.label} is captured when the decision is approved.`,
    };
  if (!baseline)
    return {
      ...base,
      status: 'awaiting_implementation',
      statement: `No baseline of ${metric.label} could be read when the decision was approved, so the outcome cannot be compared.`,
    };
  if (row.status !== 'implemented' || !row.implemented_at)
    return {
      ...base,
      status: 'awaiting_implementation',
      statement: `Baseline captured: ${metric.label} averaged ${fmt(baseline.mean)} per ${metric.grain} over ${baselineWords(baseline, metric)}. The comparison starts when the decision is implemented.`,
    };

  const implementedAt = new Date(row.implemented_at);
  // The stored metric is checked again before it becomes SQL (it may predate the check).
  const checked = await checkDecisionMetric(deps, row.use_case_id, row.metric);
  const opened = await openUseCaseWarehouse(deps, caller, row.use_case_id);
  if (!opened)
    return {
      ...base,
      status: 'too_early',
      statement: 'The use case has no data source any more, so the outcome cannot be measured.',
    };
  let after: { period: string; value: number | null }[];
  try {
    // The current period is not complete: counting it would show a false drop.
    const current = periodStart(deps.now(), metric.grain);
    after = (
      await metricSeries(opened.warehouse, opened.schema, checked, {
        from: implementedAt,
        to: new Date(deps.now().getTime() + 86_400_000),
      })
    ).filter((p) => p.period < current);
  } finally {
    await opened.warehouse.close();
  }
  const points = [
    ...baseline.values.map((v) => ({ period: v.period, actual: v.value, expected: baseline.mean })),
    ...after.map((v) => ({ period: v.period, actual: v.value, expected: baseline.mean })),
  ];
  const measured = after.map((v) => v.value).filter((v): v is number => v !== null);
  if (measured.length < MIN_PERIODS) {
    return {
      ...base,
      points,
      status: 'too_early',
      statement: `Implemented on ${implementedAt.toISOString().slice(0, 10)}; ${measured.length} ${metric.grain}${measured.length === 1 ? '' : 's'} of data since then is too little to compare with the baseline (${fmt(baseline.mean)} per ${metric.grain}).`,
    };
  }
  const actualMean = measured.reduce((a, b) => a + b, 0) / measured.length;
  const change = baseline.mean === 0 ? 0 : (actualMean - baseline.mean) / Math.abs(baseline.mean);
  const pct = `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`;
  const strength =
    measured.length < 6
      ? 'An early reading: too few periods to separate the decision from normal variation.'
      : 'Other changes in the same period may also explain part of the difference.';
  return {
    ...base,
    points,
    status: 'measured',
    comparison: { periods: measured.length, actualMean, expectedMean: baseline.mean, change },
    statement: `Since implementation on ${implementedAt.toISOString().slice(0, 10)}, ${metric.label} averaged ${fmt(actualMean)} per ${metric.grain} over ${measured.length} ${metric.grain}s, against ${fmt(baseline.mean)} expected from ${baselineWords(baseline, metric)}: ${pct}. ${strength}`,
  };
}
