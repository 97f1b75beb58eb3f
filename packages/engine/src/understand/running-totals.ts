import type { TMeasure } from '@catalyst/contracts';
import { isNonAdditiveColumn } from '../cards/words';
import type { SemanticModel } from '../model/types';
import type { Understanding } from './understanding';
import { columnOf, cut, readAggregate, spansOf, type ShapeInput } from './shape-input';

// "cumulative sales by week", "the running total of bookings per day", "how did costs add up
// month by month": the question without those words read as usual (a sum or count over time),
// each period then showing its total so far (the plan's `cumulative`).

/** Words that ask for the total so far ("the running total of" says no more than "cumulative"). */
const RUNNING =
  /\b(?:cumulative(?:ly)?|cumsum|(?:the |a )?running (?:total|sum|count)s?(?: of)?|(?:added|adding|adds|add) up|accumulat(?:e|ed|es|ing))\b/gi;
/** Said of a total that moves with the periods: not a running total from the start. */
const ROLLING = /\b(?:rolling|moving|trailing)\b/i;

/** Sums and counts of rows or of amounts: what a total so far can add up. */
export function addsUp(m: TMeasure, model: SemanticModel): boolean {
  if (m.over || m.metric || m.where?.length) return false;
  if (m.agg === 'count') return true;
  if (m.agg !== 'sum') return false;
  const column = columnOf(model, m.column);
  return !!column && !isNonAdditiveColumn(column);
}

export function readRunningTotal(input: ShapeInput): Understanding | null {
  const { question, model, time } = input;
  const spans = spansOf(question, RUNNING);
  if (!spans.length || ROLLING.test(question) || time.compared) return null;
  const u = readAggregate(input, cut(question, spans));
  const plan = u.plan;
  if (!plan || !plan.measures.length || plan.intent === 'list') return null;
  // Along one time grouping (one series per other group), never weekdays: they do not follow.
  const times = plan.dimensions.filter((d) => d.grain && d.grain !== 'weekday');
  if (times.length !== 1 || plan.dimensions.some((d) => d.grain === 'weekday')) return null;
  if (!plan.measures.every((m) => addsUp(m, model))) return null;
  if (plan.limit !== undefined || plan.share || plan.having.length || plan.comparison) return null;
  if (plan.order.some((o) => o.kind !== 'dimension' || plan.dimensions[o.index ?? 0] !== times[0]))
    return null;
  return { ...u, plan: { ...plan, intent: 'trend', cumulative: true } };
}
