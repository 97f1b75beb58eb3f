import { measureLabel } from '../measures';
import { BUSINESS_WEIGHTS } from '../weights';
import { columnOf, doubt, explain, isDated, nameColumn, tableOf, type Draft } from './draft';
import type { ModelColumn } from '../../model/types';
import type { Mention } from '../mentions';
import { groupColumn } from './groupings';
import { RANK_ASC, RANK_DESC } from './words';
import { entityCount, extremeSibling, type FoundMeasure } from './measures';

// Rankings: "the top 4 brands by sales", "which three customers spent the most", "the 2
// busiest stores in each region", "which month had the highest revenue", "the worst month for
// profit". What is ranked is the thing named after the rank word (or after "which"/"what"),
// else the split already made; a ranking within each group is a top N per group. A superlative
// right before a measure with nothing to rank ("the highest temperature") is its maximum.

const WHICH = new Set(['which', 'what', 'who']);
const SMALL_WORDS = new Set([
  'the',
  'our',
  'a',
  'an',
  'of',
  'most',
  '-',
  'selling',
  'performing',
  'earning',
  'grossing',
]);

/** Whether a token is joined by a hyphen to the word after it ("5-star", "3-day"). */
const joinedToWord = (text: string, t: { end: number }): boolean =>
  text[t.end] === '-' && /\p{L}/u.test(text[t.end + 1] ?? '');

/** The number said with a ranking ("top 5", "which three", "the 2 busiest"), and where. */
function countNear(d: Draft, at: number): { n: number; at: number } | null {
  for (const k of [at + 1, at - 1, at - 2, at + 2]) {
    const t = d.tokens[k];
    if (!t || t.number === null || !Number.isInteger(t.number) || t.number < 1 || t.number > 1000) continue;
    if (d.explained.has(k)) continue;
    // "2025's top 3": a year is a period, not a count.
    if (t.number >= 1900 && t.number <= 2100) continue;
    // "the most 5-star ratings": a number joined to a word describes, it does not count.
    if (joinedToWord(d.text, t)) continue;
    return { n: t.number, at: k };
  }
  return null;
}

/** Returns false when the ranking cannot be made into a plan (the reading should be left). */
export function rank(d: Draft, taken: Set<number>): boolean {
  const t = d.tokens;
  const at = t.findIndex((x, i) => (RANK_DESC.has(x.text) || RANK_ASC.has(x.text)) && !d.explained.has(i));
  const rankedPeriod = d.time.grain?.ranked || rankedGrain(d);
  const whichAt = t.findIndex((x) => WHICH.has(x.text));
  if (at < 0 && !rankedPeriod) return true;
  // A rank word read as what is counted ("the quietest month" counts the facts) still says
  // which end is asked for.
  const countedAsc = t.some((x) => BUSY.has(x.text) && RANK_ASC.has(x.text));
  const dir: 'asc' | 'desc' = (at >= 0 ? RANK_ASC.has(t[at]!.text) : countedAsc) ? 'asc' : 'desc';
  if (at >= 0) explain(d, at);
  // "best-selling", "top-performing": the second half says what the rank is about.
  if (at >= 0 && ['selling', 'performing', 'earning', 'grossing'].includes(t[at + 1]?.text ?? ''))
    explain(d, at + 1);
  const count = (at >= 0 ? countNear(d, at) : null) ?? (whichAt >= 0 ? countNear(d, whichAt) : null);
  if (count) explain(d, count.at);
  // What is ranked: a thing named after the rank word (and its count), or after which/what.
  let thing: ReturnType<typeof groupColumn> & { start: number; end: number } = null as never;
  for (const from of [at, whichAt, count?.at ?? -1].filter((x) => x >= 0)) {
    let k = from + 1;
    while (
      SMALL_WORDS.has(t[k]?.text ?? '') ||
      (t[k]?.number !== null && t[k]?.number !== undefined && k === count?.at)
    )
      k++;
    const m = d.mentions
      .filter((x) => x.start === k && (x.kind === 'column' || x.kind === 'table') && !taken.has(x.start))
      .sort((a, b) => b.end - b.start - (a.end - a.start))
      .map((x) => ({ x, g: groupColumn(d, x, d.base!.name) ?? ownRows(d, x) }))
      .find(
        (x) =>
          x.g &&
          !d.dimensions.some((dim) => dim.item.column.column === x.g!.column.name) &&
          // "the quietest shipping month": the period is ranked, its date is no thing.
          !(rankedPeriod && x.g.column.isTime),
      );
    if (m) {
      thing = { ...m.g!, start: m.x.start, end: m.x.end };
      break;
    }
  }
  // "the region with the fewest orders", "stores that had the most returns": the thing before.
  if (!thing && at >= 0) {
    let k = at - 1;
    while (['the', 'a'].includes(t[k]?.text ?? '')) k--;
    if (
      ['with', 'has', 'had', 'have', 'having', 'that', 'which', 'makes', 'made', 'sold', 'sells'].includes(
        t[k]?.text ?? '',
      )
    ) {
      let e = k;
      while (['that', 'which', 'has', 'had', 'have'].includes(t[e - 1]?.text ?? '') && e - 1 < k) e--;
      const m = d.mentions
        .filter((x) => x.end === e && (x.kind === 'column' || x.kind === 'table') && !taken.has(x.start))
        .map((x) => ({ x, g: groupColumn(d, x, d.base!.name) }))
        .find((x) => x.g);
      if (m) {
        thing = { ...m.g!, start: m.x.start, end: m.x.end };
        explain(d, e, k + 1);
      }
    }
  }
  if (whichAt >= 0) explain(d, whichAt);
  if (thing) {
    explain(d, thing.start, thing.end);
    for (let k = thing.start; k < thing.end; k++) taken.add(k);
    const dim = {
      column: { table: thing.column.table, column: thing.column.name },
      label: thing.column.label,
    };
    // Ranked within each group said with "each"/"per"/"every"/"in every": the groups come first.
    const within = d.dimensions.length > 0;
    d.dimensions.push({ item: dim, start: thing.start, end: thing.end });
    if (within) d.perGroupLimit = count?.n ?? 1;
    else d.limit = count?.n ?? (plural(d, thing.end - 1) ? undefined : 1);
  } else if (rankedPeriod || d.dimensions.length) {
    if (d.dimensions.length > 1) return false;
    // "the busiest day", "which month": one; "the best months": all of them, best first.
    const noun = at >= 0 ? t[at + 1] : undefined;
    const singular = !!noun && noun.text === noun.lemma && /^[a-z]+$/.test(noun.text);
    d.limit = count?.n ?? (rankedPeriod || whichAt >= 0 || singular ? 1 : undefined);
  } else if (t.some((x) => x.text === 'when') && d.timeColumn && at >= 0) {
    // "when did we make the least profit": the period, by month (by day within a month).
    const col = d.timeColumn;
    const p = d.time.period;
    const days = p?.from && p.to ? (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 : Infinity;
    const grain = days <= 31 ? 'day' : 'month';
    t.forEach((x, i) => x.text === 'when' && explain(d, i));
    d.dimensions.push({
      item: { column: { table: col.table, column: col.name }, grain, label: `${col.label} (${grain})` },
      start: 0,
      end: 0,
    });
    d.limit = count?.n ?? 1;
  } else {
    // "the highest temperature in Madrid": nothing to rank, the measure's extreme.
    const m = d.measures[0];
    if (
      at < 0 ||
      !m ||
      !m.item.column ||
      m.item.metric ||
      !['sum', 'avg'].includes(m.item.agg) ||
      m.start < at
    ) {
      doubt(d, BUSINESS_WEIGHTS.rankOfNothing, 'a ranking of one number');
      return true;
    }
    const agg: 'max' | 'min' = dir === 'desc' ? 'max' : 'min';
    const measured = columnOf(d.model, m.item.column);
    const column = (measured && extremeSibling(d, measured, agg)) ?? measured;
    m.item = {
      ...m.item,
      agg,
      ...(column ? { column: { table: column.table, column: column.name } } : {}),
      label: measureLabel(agg, column),
    };
    return true;
  }
  d.order = [{ kind: 'measure', index: 0, dir }];
  if (d.limit === undefined && d.perGroupLimit === undefined && count === null && at >= 0 && !rankedPeriod)
    doubt(d, BUSINESS_WEIGHTS.rankWithoutCount, 'how many to show was not said');
  return true;
}

/** Whether the token is a plural noun ("products" rather than "product"). */
function plural(d: Draft, at: number): boolean {
  const x = d.tokens[at];
  return !!x && x.lemma !== x.text;
}

/** Rank words that mean "with the most facts" when nothing else is measured. */
const BUSY = new Set(['busiest', 'quietest', 'slowest', 'popular', 'frequent', 'frequently', 'often']);

/**
 * The count a ranking is by when no measure is named: things named after "most", "fewest" or
 * "by" ("the store with the most orders", "top stores by orders"), or the facts themselves for
 * "busiest" ("the busiest day of the week" counts orders).
 */
export function rankedCount(d: Draft, taken: Set<number>): FoundMeasure | null {
  const t = d.tokens;
  const ranked =
    d.time.grain?.ranked || t.some((x) => RANK_DESC.has(x.text) || RANK_ASC.has(x.text) || BUSY.has(x.text));
  if (!ranked) return null;
  const facts = d.model.tables.filter((x) => isDated(d.model, x));
  for (const m of d.mentions) {
    if (m.kind !== 'table' || taken.has(m.start)) continue;
    const prev = t[m.start - 1]?.text ?? '';
    if (!['most', 'fewest', 'least', 'by', 'more', 'fewer'].includes(prev)) continue;
    const table = [...m.tables].sort((a, b) => b.quality - a.quality)[0]!.table;
    if (!facts.includes(table)) continue;
    // "by orders": the grouping word is the ranking's; "most" is left for the ranking to read.
    if (prev === 'by') explain(d, m.start - 1);
    return { ...entityCount(d, table), start: m.start, end: m.end };
  }
  const busy = t.findIndex((x) => BUSY.has(x.text));
  if (busy < 0) return null;
  const fact = facts.sort((a, b) => (b.rowCount ?? 0) - (a.rowCount ?? 0))[0];
  if (!fact || !tableOf(d.model, fact.name)) return null;
  // A rank word stays for the ranking to read; "popular", "often" only say what is counted.
  const rankWord = RANK_DESC.has(t[busy]!.text) || RANK_ASC.has(t[busy]!.text);
  if (!rankWord) explain(d, busy);
  return { ...entityCount(d, fact), entity: undefined, start: busy, end: rankWord ? busy : busy + 1 };
}

const GRAINS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/**
 * "the highest revenue week this year", "our best sales month": a period noun beside a rank
 * word asks for the period ranked; sets the time grain it ranks by.
 */
function rankedGrain(d: Draft): boolean {
  if (d.time.grain || !d.timeColumn) return false;
  const t = d.tokens;
  const rankAt = t.findIndex((x) => RANK_DESC.has(x.text) || RANK_ASC.has(x.text));
  if (rankAt < 0) return false;
  const at = t.findIndex((x, i) => GRAINS[x.text] && i > rankAt && i <= rankAt + 3 && !d.explained.has(i));
  if (at < 0) return false;
  explain(d, at);
  d.time = {
    ...d.time,
    grain: { grain: GRAINS[t[at]!.text]!, start: t[at]!.start, end: t[at]!.end, ranked: true },
  };
  return true;
}

/**
 * "which station has the most docks", "which product has the highest list price": the base's
 * own rows ranked, shown by their name when each row has its own.
 */
function ownRows(d: Draft, m: Mention): { column: ModelColumn; quality: number } | null {
  const base = d.base!;
  if (m.kind !== 'table' || !m.tables.some((x) => x.table === base)) return null;
  const name = nameColumn(base, { strict: true });
  if (!name || (name.distinctCount ?? 0) < (base.rowCount ?? Infinity)) return null;
  return { column: name, quality: 1 };
}
