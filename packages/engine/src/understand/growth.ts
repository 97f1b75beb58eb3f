import type { TQueryPlan, TTimeRange } from '@catalyst/contracts';
import { previousRange } from '../answer/periods';
import { measureSemantics } from '../cards/semantics';
import type { SemanticModel } from '../model/types';
import type { Understanding } from './understanding';
import { findMentions } from './mentions';
import { cut, readAggregate, spansOf, type ShapeInput } from './shape-input';

// Growth: a measure's change between two periods, as a fraction of the earlier one's value
// ("bookings growth this quarter vs the quarter before", "how much did costs rise in 2025
// compared with 2024", "by what percent are visits up year to date vs the same time last year").
// The question without its growth and comparison words is read as usual over the later period;
// the plan then reads the earlier one beside it (`comparisonRange`), giving per group (or once)
// both values, the change and the % change (change / |earlier|). Growth along a time grouping
// ("monthly growth of sign-ups") is each period's change from the one before (`periodChange`).

/** Words that ask how much a measure moved. */
const GROWTH =
  /\b(?:growth|grow|grows|grew|grown|growing|increase[ds]?|increasing|decrease[ds]?|decreasing|decline[ds]?|declining|change[ds]?|changing|rise|rises|rose|risen|rising|fell|fall|falls|fallen|drop|drops|dropped|percent(?:age)? change|% change)\b(?: (?:in|of)\b)?/gi;
/** "up"/"down" ask for a change only beside a question of how much ("by what percent is X up"). */
const UP_DOWN = /\b(?:up|down)\b/gi;
const HOW_MUCH = /\b(?:by )?(?:what percent(?:age)?|how much|how many percent)\b|%/i;
/** Words about the answer's unit or the question's form, said around a growth. */
const FILLER =
  /\b(?:by what percent(?:age)?|by how much|how many percent|in percent(?:age)?(?: terms)?|as a percent(?:age)?|percent(?:age)?|in %|%)(?=\W|$)|%/gi;
/** "the month before", "the prior quarter": the period just before the one named. */
const PERIOD_BEFORE =
  /\b(?:vs\.?|versus|compared (?:to|with)|against|over|on|from)\s+(?:the\s+)?(?:(?:previous|prior|preceding)\s+(week|month|quarter|year)|(week|month|quarter|year)\s+(?:before|prior|earlier))\b/i;

/** Measures whose relative change reads plainly: not ratios or percentages (points or %?). */
function growable(plan: TQueryPlan, model: SemanticModel): boolean {
  return (
    plan.measures.length > 0 &&
    plan.measures.every((m) => {
      if (m.agg === 'min' || m.agg === 'max') return false;
      return measureSemantics(m, model).unit !== 'ratio';
    })
  );
}

/** Growth words of the question that are no column's name ("price change" may be a column). */
function growthSpans(input: ShapeInput): { start: number; end: number }[] {
  const { question, tokens, model } = input;
  const named = findMentions(tokens, model).filter(
    (m) => m.kind === 'column' && m.hits.some((h) => h.quality >= 0.9),
  );
  const inColumn = (s: { start: number; end: number }): boolean =>
    named.some((m) => tokens[m.start]!.start <= s.start && s.end <= tokens[m.end - 1]!.end);
  const spans = spansOf(question, GROWTH);
  if (HOW_MUCH.test(question)) spans.push(...spansOf(question, UP_DOWN));
  return spans.filter((s) => !inColumn(s));
}

export function readGrowth(input: ShapeInput): Understanding | null {
  const { question, time, model } = input;
  // Growth is of two periods, or along a time grouping.
  if (!spansOf(question, GROWTH).length && !(HOW_MUCH.test(question) && /\b(?:up|down)\b/i.test(question)))
    return null;
  const before = PERIOD_BEFORE.exec(question);
  if (!time.compared && !time.comparison && !before && !time.grain) return null;
  const words = growthSpans(input);
  if (!words.length) return null;
  const filler = spansOf(question, FILLER);
  if (time.compared) {
    // Two periods named: the later one is read, the earlier one set beside it.
    const [earlier, later] = time.compared.periods;
    const [earlierSpan, , comparing] = time.compared.spans;
    const u = readAggregate(input, cut(question, [...words, ...filler, earlierSpan!, comparing!]));
    const range = u.plan?.timeRange;
    if (!u.plan || !range || range.from !== later.from || range.to !== later.to) return null;
    return compared(u, sameDays(range, { ...range, ...earlier }, input.now), model);
  }
  if (time.comparison || before) {
    const span = time.comparison ?? { start: before!.index, end: before!.index + before![0].length };
    const u = readAggregate(input, cut(question, [...words, ...filler, span]));
    const plan = u.plan;
    if (!plan) return null;
    // "monthly growth, month over month": each period against the one before it.
    if (!plan.timeRange || plan.dimensions.some((d) => d.grain)) {
      return time.comparison?.kind === 'previous_period' ? alongTime(u, model) : null;
    }
    const yearBefore =
      time.comparison?.kind === 'previous_year' || before?.[1] === 'year' || before?.[2] === 'year';
    const against = previousRange({ ...plan, comparison: yearBefore ? 'previous_year' : 'previous_period' });
    if (!against) return null;
    // "the month before" a quarter is no period just before it.
    const unit = (before?.[1] ?? before?.[2])?.toLowerCase();
    if (unit && unit !== 'year' && !spans(plan.timeRange, unit)) return null;
    return compared(u, against, model);
  }
  // No second period: growth along a time grouping ("weekly growth of orders in 2025").
  const u = readAggregate(input, cut(question, [...words, ...filler]));
  return u.plan?.dimensions.some((d) => d.grain) ? alongTime(u, model) : null;
}

/**
 * The earlier period over the same days as a later one that runs to today ("this month vs last
 * month" on the 22nd: Oct 1–22 against Nov 1–22), as comparisons of single figures are made; a
 * whole month against part of one would read as a fall. Periods a whole number of months apart
 * that start on the 1st; others are kept as named.
 */
function sameDays(later: TTimeRange, earlier: TTimeRange, now: Date): TTimeRange {
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (!later.from || !later.to || !earlier.from || !earlier.to) return earlier;
  const [lf, ef] = [day(later.from), day(earlier.from)];
  // "2026 vs 2025" asked in November: the later period has run only to today.
  const tomorrow = new Date(today + 86_400_000);
  const lt = day(later.to) > tomorrow && lf < tomorrow ? tomorrow : day(later.to);
  if (lt.getTime() !== tomorrow.getTime() || lf.getUTCDate() !== 1 || ef.getUTCDate() !== 1) return earlier;
  const apart = (lf.getUTCFullYear() - ef.getUTCFullYear()) * 12 + lf.getUTCMonth() - ef.getUTCMonth();
  const to = new Date(Date.UTC(lt.getUTCFullYear(), lt.getUTCMonth() - apart, lt.getUTCDate()));
  // The same day number must exist in the earlier month (not Mar 31 → Feb 31).
  if (to.getUTCDate() !== lt.getUTCDate() || to > day(earlier.to)) return earlier;
  const last = new Date(to.getTime() - 86_400_000);
  const short = last.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return {
    ...earlier,
    to: to.toISOString().slice(0, 10),
    label: `${earlier.label} (to ${short}, the same days)`,
  };
}

/** Whether a period is one whole (or to-date) unit: a month, a quarter, a week. */
function spans(range: TTimeRange, unit: string): boolean {
  if (!range.from || !range.to) return false;
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(`${range.to}T00:00:00Z`);
  const days = (to.getTime() - from.getTime()) / 86_400_000;
  if (unit === 'day') return days === 1;
  if (unit === 'week') return days <= 7 && from.getUTCDay() === 1;
  const months = unit === 'month' ? 1 : 3;
  const end = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  return from.getUTCDate() === 1 && (unit === 'month' || from.getUTCMonth() % 3 === 0) && to <= end;
}

/** The reading over the later period, the earlier one beside it. */
function compared(u: Understanding, against: TTimeRange, model: SemanticModel): Understanding | null {
  const plan = u.plan!;
  if (!plan.timeRange || !growable(plan, model)) return null;
  // Periods grouped by their own buckets do not meet: each group is compared across periods.
  if (plan.dimensions.some((d) => d.grain)) return null;
  if (plan.limit !== undefined || plan.share || plan.having.length || plan.filterLogic === 'or') return null;
  if (plan.order.some((o) => o.kind === 'measure')) return null;
  return {
    ...u,
    plan: {
      ...plan,
      intent: plan.dimensions.length ? 'breakdown' : 'compare_periods',
      comparison: undefined,
      comparisonRange: { ...against, column: plan.timeRange.column },
    },
  };
}

/** Each period of the time grouping beside its change from the period before. */
function alongTime(u: Understanding, model: SemanticModel): Understanding | null {
  const plan = u.plan!;
  const times = plan.dimensions.filter((d) => d.grain && d.grain !== 'weekday');
  if (times.length !== 1 || plan.dimensions.some((d) => d.grain === 'weekday')) return null;
  if (!growable(plan, model) || plan.limit !== undefined || plan.share || plan.having.length) return null;
  if (plan.order.some((o) => o.kind === 'measure')) return null;
  return { ...u, plan: { ...plan, intent: 'trend', comparison: undefined, periodChange: true } };
}
