import type { TFilter, TQueryPlan } from '@catalyst/contracts';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import type { SemanticModel } from '../model/types';
import { isNonAdditiveColumn } from '../cards/words';
import { measureLabel } from './measures';
import { findMentions } from './mentions';

// Shapes of question not read (yet). The readers of shapes (shapes.ts) answer running totals,
// growth between periods, top N per group and averages of period totals when the reading surely
// fits; what they leave (no time grouping, a ratio's growth, an unsaid measure…) comes here.
// Reading such a question as the nearest plan it can express gives a number for another
// question (a monthly total for a running total, an average of orders for an average of daily
// totals): a wrong answer. So these are named, the question is declined with what is missing,
// and the nearest plan is offered as a reading.

export interface MissingCapability {
  /** What cannot be computed yet, as a phrase ("running totals"). */
  what: string;
  /** The plan to offer instead (the nearest question that can be answered), or null. */
  nearest: TQueryPlan | null;
}

const GRAIN_WORDS = new Set(['day', 'week', 'month', 'quarter', 'year', 'hour']);
const GRAIN_ADJECTIVES = new Set(['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual', 'hourly']);
const AVERAGE_WORDS = new Set(['average', 'avg', 'mean', 'typical', 'typically']);

const GROWTH_WORDS = new Set([
  'growth',
  'grow',
  'grew',
  'grown',
  'growing',
  'increase',
  'increased',
  'decrease',
  'decreased',
  'decline',
  'declined',
  'change',
  'changed',
  'percent',
  'percentage',
  'rise',
  'rose',
  'fell',
  'drop',
  'dropped',
]);

const DIFFERENCE_WORDS = ['minus', 'difference', 'gap', 'exceed', 'exceeded', 'outsold'];

const has = (tokens: Token[], words: string[]): boolean => tokens.some((t) => words.includes(t.text));

/** Whether two words follow each other ("running total"). */
const pair = (tokens: Token[], a: string[], b: string[]): boolean =>
  tokens.some((t, i) => a.includes(t.text) && b.includes(tokens[i + 1]?.lemma ?? ''));

/**
 * "online minus retail revenue", "the difference between A and B": one number made of two
 * groups' values. The nearest answer shows each group's value, never their sum.
 */
export function differenceOfTwo(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): MissingCapability | null {
  if (!plan || plan.dimensions.length || !plan.measures.length || !has(tokens, DIFFERENCE_WORDS)) return null;
  const two =
    plan.filters.find((f) => f.op === 'in' && f.values.length === 2) ?? twoValuesSaid(tokens, model);
  if (!two) return null;
  const column = findColumn(model, two.column);
  const same = (f: TFilter) => f.column.table === two.column.table && f.column.column === two.column.column;
  return {
    what: 'the difference between two values',
    nearest: {
      ...plan,
      intent: 'breakdown',
      filters: [...plan.filters.filter((f) => !same(f)), two],
      dimensions: [{ column: two.column, label: column?.label ?? two.column.column }],
    },
  };
}

/** Two values of one column named in the question ("Leeds … York"), as a filter on both. */
function twoValuesSaid(tokens: Token[], model: SemanticModel): TFilter | null {
  const byColumn = new Map<string, { column: TFilter['column']; values: Set<string> }>();
  for (const m of findMentions(tokens, model)) {
    if (m.kind !== 'value' || m.hits.length !== 1) continue;
    const hit = m.hits[0]!;
    const key = `${hit.ref.table}.${hit.ref.column}`;
    const entry = byColumn.get(key) ?? { column: hit.ref, values: new Set<string>() };
    entry.values.add(hit.value);
    byColumn.set(key, entry);
  }
  const pair = [...byColumn.values()].find((e) => e.values.size === 2);
  return pair ? { column: pair.column, op: 'in', values: [...pair.values] } : null;
}

/**
 * The capability a question needs that a plan cannot express, or null. `plan` is the reading
 * the parser made of it (the nearest plan).
 */
export function missingCapability(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
  question: { comparing: boolean; percentSign: boolean } = { comparing: false, percentSign: false },
): MissingCapability | null {
  // "revenue growth vs last year", "by what percent are orders up on last month": one number
  // made of two periods' values.
  if (question.comparing && (question.percentSign || tokens.some((t) => GROWTH_WORDS.has(t.text))))
    return { what: 'growth between periods', nearest: plan };
  // "running total of sales", "cumulative revenue", "how sales added up month by month".
  if (
    has(tokens, ['cumulative', 'cumulatively', 'cumsum']) ||
    pair(tokens, ['running', 'rolling'], ['total', 'sum', 'count', 'average']) ||
    pair(tokens, ['added', 'adding', 'add'], ['up'])
  )
    return { what: 'running totals', nearest: plan };
  // Percentiles the question does not say which of ("percentiles of prices", "the quartiles"):
  // a named one ("the 90th percentile") is read by percentiles.ts before this.
  if (has(tokens, ['percentile', 'percentiles', 'quartile', 'quartiles', 'quantile', 'quantiles']))
    return { what: 'percentiles', nearest: plan };
  if (!plan) return null;
  const difference = differenceOfTwo(tokens, plan, model);
  if (difference) return difference;
  // "top 3 products in each region": a ranking restarted within every group.
  if (plan.limit !== undefined && rankedWithinGroups(tokens, plan.table, model))
    return { what: 'top or bottom N within each group', nearest: { ...plan, limit: undefined } };
  // "average sales per day", "average daily revenue": the mean of each period's total.
  if (averageOfPeriodTotals(tokens, plan, model))
    return {
      what: 'averages of daily, weekly or monthly totals',
      nearest: {
        ...plan,
        measures: plan.measures.map((m) =>
          m.agg === 'avg' && m.column
            ? { ...m, agg: 'sum', label: measureLabel('sum', findColumn(model, m.column)) }
            : m,
        ),
      },
    };
  return null;
}

/**
 * "the 2 best stores per region", "in every region, which store sells most": a ranking with a
 * limit, restarted within groups named by "each", "every", "within" or "per". Not when the
 * groups are what is ranked ("for each type, …; the top 3 types"), nor "per" before a unit of a
 * ratio ("the highest price per unit").
 */
function rankedWithinGroups(tokens: Token[], table: string, model: SemanticModel): boolean {
  const ranked = rankedWords(tokens);
  // "the highest cost per shipment" over shipments, "the lowest cost per click" beside a count of
  // clicks: a ratio to the rows or to an amount, not a grouping.
  const rows = lemma(splitIdentifier(table).pop() ?? '');
  const amounts = new Set(
    model.tables
      .find((t) => t.name === table)
      ?.columns.filter((c) => c.kind === 'number' && !c.isKey)
      .map((c) => lemma(splitIdentifier(c.name).pop() ?? '')),
  );
  if (!ranked.size) return false;
  return tokens.some((t, i) => {
    let k = i + 1;
    while (['the', 'a', 'an', 'of'].includes(tokens[k]?.text ?? '')) k++;
    const next = tokens[k];
    if (!next || GRAIN_WORDS.has(next.lemma) || ranked.has(next.lemma)) return false;
    if (t.text === 'each' || t.text === 'every' || t.text === 'within') return true;
    return (
      t.text === 'per' && !RATIO_UNITS.has(next.lemma) && next.lemma !== rows && !amounts.has(next.lemma)
    );
  });
}

const RANK_WORDS = new Set([
  'top',
  'bottom',
  'best',
  'worst',
  'biggest',
  'largest',
  'smallest',
  'busiest',
  'highest',
  'lowest',
  'most',
  'least',
]);

/** The words right after a rank word or a count ("top 3 product categories"): what is ranked. */
function rankedWords(tokens: Token[]): Set<string> {
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    const counted =
      t.number !== null &&
      ['which', 'what', 'the', 'our', 'first', 'last'].includes(tokens[i - 1]?.text ?? '');
    if (!RANK_WORDS.has(t.text) && !counted) return;
    let k = i + 1;
    while (tokens[k] && (tokens[k]!.number !== null || RANK_WORDS.has(tokens[k]!.text))) k++;
    for (const x of tokens.slice(k, k + 2)) out.add(x.lemma);
  });
  return out;
}

/** Words after "per" that make a ratio, not a grouping. */
const RATIO_UNITS = new Set([
  'unit',
  'item',
  'order',
  'person',
  'capita',
  'head',
  'customer',
  'employee',
  'user',
]);

/**
 * "average revenue per day", "the average daily order count": an average over periods of a
 * total. A plan can group by the period (the totals) or average the rows, not both. Only when
 * the period is one of a date column (the plan groups by its grain), and what is averaged adds
 * up (an average daily price is a plain average).
 */
function averageOfPeriodTotals(tokens: Token[], plan: TQueryPlan, model: SemanticModel): boolean {
  const avg = tokens.findIndex((t) => AVERAGE_WORDS.has(t.text));
  if (avg < 0) return false;
  const perPeriod = tokens.some(
    (t, i) => ['per', 'a', 'each'].includes(t.text) && GRAIN_WORDS.has(tokens[i + 1]?.lemma ?? ''),
  );
  const periodAdjective = tokens.some((t) => GRAIN_ADJECTIVES.has(t.text));
  if (!(perPeriod && plan.dimensions.some((d) => d.grain)) && !periodAdjective) return false;
  if (plan.dimensions.some((d) => !d.grain)) return false;
  return plan.measures.some((m) => {
    if (m.agg === 'count' || m.agg === 'count_distinct') return true;
    if (m.agg !== 'avg' && m.agg !== 'sum') return false;
    const column = m.column && findColumn(model, m.column);
    return !!column && !isNonAdditiveColumn(column);
  });
}

const findColumn = (model: SemanticModel, ref: { table: string; column: string }) =>
  model.tables.find((t) => t.name === ref.table)?.columns.find((c) => c.name === ref.column);
