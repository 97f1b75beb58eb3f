import type { TMeasure, TTimeGrain } from '@catalyst/contracts';
import type { Understanding } from './understanding';
import { ref } from './context';
import { addsUp } from './running-totals';
import { columnOf, cut, readAggregate, spansOf, timeColumnOf, type ShapeInput } from './shape-input';
import { isMoneyColumn } from '../cards/words';
import type { SemanticModel } from '../model/types';
import { splitIdentifier } from '../nlp/text';

// The average of period totals: "average daily bookings", "mean weekly sign-ups in 2025", "on
// average, how many tickets do we close per day". The mean of each day's (week's…) total is the
// total divided by the number of days: a ratio measure, SUM(x) (or COUNT) over the distinct days
// of the date column (`over` with a measure `grain`). Days without any row are not counted: the
// mean is over the days that have rows, and the label says so. What does not add up (a price, a
// rate, a temperature) is no total: "average monthly price" stays a plain average.

const AVERAGE = /\b(?:on average|on avg|the average|an average|average|avg\.?|the mean|mean)\b,?/gi;
const ADJECTIVE: Record<string, TTimeGrain> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
  annual: 'year',
};
/** "per day", "a week", "each month", "daily"; not "for each year", a grouping. */
const PER_PERIOD =
  /(?<!\b(?:for|in|of|by|from) )\b(?:(?:per|a|an|each|every) (day|week|month|quarter|year)|(daily|weekly|monthly|quarterly|yearly|annual))\b/gi;
const ORDER: TTimeGrain[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Amounts that flow in over time, counted or summed per period ("units", "visits"). */
const FLOWS = new Set([
  'quantity',
  'qty',
  'units',
  'items',
  'volume',
  'seats',
  'tickets',
  'visits',
  'views',
  'clicks',
  'sessions',
  'downloads',
  'signups',
  'bookings',
  'orders',
  'sold',
  'shipments',
  'calls',
  'transactions',
  'takings',
  'receipts',
]);

/**
 * What a period's total means: rows (orders, bookings), money or a quantity. A measurement of
 * each row (a delay, a distance, a wind speed) adds up to a total nobody averages per day:
 * "average delay per day" means the flights' average, which a period total would not give.
 */
function flows(m: TMeasure, model: SemanticModel): boolean {
  if (!addsUp(m, model)) return false;
  if (m.agg === 'count') return true;
  const column = columnOf(model, m.column);
  if (!column) return false;
  const words = splitIdentifier(`${column.name} ${column.label}`).map((w) => w.toLowerCase());
  return isMoneyColumn(column) || words.some((w) => FLOWS.has(w));
}

export function readPeriodAverage(input: ShapeInput): Understanding | null {
  const { question, model } = input;
  const averages = spansOf(question, AVERAGE);
  const periods = [...question.matchAll(PER_PERIOD)];
  if (!averages.length || periods.length !== 1) return null;
  const said = periods[0]!;
  const grain = said[1] ? (said[1].toLowerCase() as TTimeGrain) : ADJECTIVE[said[2]!.toLowerCase()]!;
  // "the average daily takings" → "the total takings": what is averaged is a total.
  const text = cut(question, [{ start: said.index, end: said.index + said[0].length }])
    .replace(/\bon (?:average|avg)\b,?/gi, ' ')
    .replace(/\b(?:an |the )?(?:average|avg\.?|mean)\b/gi, 'total');
  const u = readAggregate(input, cut(text, []));
  const plan = u.plan;
  if (!plan || plan.measures.length !== 1 || plan.intent === 'list') return null;
  const m = plan.measures[0]!;
  if (!flows(m, model) || plan.share || plan.comparison || plan.comparisonRange) return null;
  // Grouped by time, only by longer periods ("average daily sales by month"), or by weekday.
  const fits = plan.dimensions.every(
    (d) =>
      !d.grain || (d.grain === 'weekday' ? grain === 'day' : ORDER.indexOf(d.grain) > ORDER.indexOf(grain)),
  );
  const time = timeColumnOf(plan, model);
  if (!fits || !time || time.kind !== 'date') return null;
  const table = model.tables.find((t) => t.name === plan.table)?.label.toLowerCase() ?? plan.table;
  const average: TMeasure = {
    ...m,
    label: `${m.label} per ${grain} (average over the ${grain}s with ${table})`,
    over: {
      agg: 'count_distinct',
      column: ref(time),
      grain,
      label: `${grain[0]!.toUpperCase()}${grain.slice(1)}s with ${table}`,
    },
  };
  return {
    ...u,
    plan: { ...plan, intent: plan.dimensions.length ? plan.intent : 'value', measures: [average] },
  };
}
