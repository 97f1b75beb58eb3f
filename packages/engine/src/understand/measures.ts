import type { TMeasureAggregate, TMeasure } from '@catalyst/contracts';
import type { ModelColumn } from '../model/types';
import { AGG_WORDS, DISTINCT_WORDS } from './keywords';
import { adjectiveColumn, synonymsOf } from '../nlp/lexicon';
import { lemma, splitIdentifier } from '../nlp/text';
import { isEntityColumn, markUsed, mentionCovering, penalise, ref, type ParseContext } from './context';
import type { Resolved } from './resolve';
import { isMoneyColumn } from '../cards/words';
import { DOUBT_WEIGHTS } from './weights';

const AGG_LABEL: Record<TMeasureAggregate, string> = {
  count: 'Count',
  count_distinct: 'Distinct',
  sum: 'Total',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
  median: 'Median',
  percentile: 'Percentile of',
};
/** Aggregate words that name an aggregate, not an ordering. */
export const EXPLICIT = new Set([
  'sum',
  'total',
  'average',
  'avg',
  'mean',
  'maximum',
  'max',
  'minimum',
  'min',
  'combined',
  'overall',
]);
const BRIDGE = new Set([
  'of',
  'the',
  'all',
  'and',
  ',',
  'their',
  'its',
  'in',
  'for',
  'number',
  'value',
  'amount',
  'a',
  'an',
]);

export const measureLabel = (agg: TMeasureAggregate, column?: ModelColumn, tableLabel?: string): string =>
  agg === 'count' ? `Count of ${tableLabel ?? 'rows'}` : `${AGG_LABEL[agg]} ${column?.label ?? ''}`.trim();

export interface CountWord {
  start: number;
  end: number;
  sumOf?: ModelColumn;
}

/** "how many", "number of", "count", "total number of": positions of counting phrases. */
export function findCountWords(ctx: ParseContext): CountWord[] {
  const out: CountWord[] = [];
  const t = ctx.tokens;
  for (let i = 0; i < t.length; i++) {
    const covering = mentionCovering(ctx, i);
    if (covering?.kind === 'column' && covering.end - covering.start > 1) {
      // "number of customers" naming a column no_of_customers: its total.
      if (
        covering.start === i &&
        ['number', 'numbers', 'count', 'no', 'num'].includes(t[i]!.text) &&
        covering.column.kind === 'number' &&
        covering.column.entityType === 'KPI' &&
        !ctx.consumed.has(i)
      ) {
        out.push({ start: i, end: covering.end, sumOf: covering.column });
        i = covering.end - 1;
      }
      continue;
    }
    const w = t[i]!.text;
    const prev = t[i - 1]?.text ?? '';
    if (EXPLICIT.has(prev) && prev !== 'total') continue;
    // "the phone numbers of all employees": a column's own numbers, not a count.
    const before = mentionCovering(ctx, i - 1);
    if (
      (w === 'numbers' || w === 'number') &&
      before?.kind === 'column' &&
      before.end === i &&
      before.column.kind === 'text'
    )
      continue;
    if (w === 'how' && t[i + 1]?.text === 'many') out.push({ start: i, end: i + 2 });
    else if (
      w === 'number' &&
      (t[i + 1]?.text === 'and' || t[i + 1]?.text === ',') &&
      AGG_WORDS[t[i + 2]?.text ?? '']
    )
      out.push({ start: i, end: i + 1 });
    else if ((w === 'number' || w === 'numbers') && t[i + 1]?.text === 'of')
      out.push({ start: t[i - 1]?.text === 'total' ? i - 1 : i, end: i + 2 });
    else if (
      (w === 'count' || w === 'counts' || w === 'frequency' || w === 'tally') &&
      t[i - 1]?.text !== 'how'
    )
      out.push({ start: i, end: i + 1 });
  }
  // "the number of wines" beside a column No, "the total number of clubs" beside a column
  // Total: the counting words are not those columns.
  for (const c of out) {
    if (c.sumOf) continue;
    let k = c.end;
    while (['the', 'all', 'different', 'distinct'].includes(t[k]?.text ?? '')) k++;
    const countsTable = mentionCovering(ctx, k)?.kind === 'table';
    for (let i = c.start; i < c.end; i++) {
      const m = mentionCovering(ctx, i);
      if (m?.kind !== 'column' || m.start !== i || m.end !== i + 1 || (m.quality >= 1 && !countsTable))
        continue;
      if (['number', 'numbers'].includes(t[i]!.text) || (t[i]!.text === 'total' && countsTable))
        ctx.consumed.add(i);
    }
  }
  // "count the number of …" is one count.
  return out.filter((c) => {
    let k = c.end;
    while (['the', 'total', 'a'].includes(t[k]?.text ?? '')) k++;
    const next = out.find((o) => o !== c && o.start <= k && o.start >= c.end);
    if (next && !c.sumOf) markUsed(ctx, c.start, next.start);
    return !next || !!c.sumOf;
  });
}

/** The base table's column that references `table` ("distinct artists" → volume.Artist_ID). */
function foreignKeyTo(ctx: ParseContext, table: string): ModelColumn | undefined {
  for (const j of ctx.model.joins) {
    if (j.from[0]!.table === ctx.base.name && j.to[0]!.table === table)
      return ctx.base.columns.find((c) => c.name === j.from[0]!.column);
  }
  return undefined;
}

/** A column that refers to other rows (an id that repeats in this table), not the table's own key. */
function referenceColumn(ctx: ParseContext, column: ModelColumn): boolean {
  if (column.table !== ctx.base.name || (column.distinctCount ?? 0) >= (ctx.base.rowCount ?? 0)) return false;
  if (ctx.base.primaryKey.includes(column.name)) return false;
  const refs = ctx.model.joins.some((j) =>
    j.from.some((f) => f.table === column.table && f.column === column.name),
  );
  return refs || namedId(column.name);
}

/** "most" or "least" right before a graded adjective ("the most expensive"), else undefined. */
export function gradedDegree(t: { text: string }[], at: number): 'most' | 'least' | undefined {
  const before = t[at - 1]?.text;
  return (before === 'most' || before === 'least') && adjectiveColumn(t[at]?.text ?? '') ? before : undefined;
}

/** Whether a column holds the quality an adjective grades ("cheapest" of a price or a fee). */
function grades(quality: string, column: ModelColumn): boolean {
  const words = splitIdentifier(column.name).map(lemma);
  return [quality, ...synonymsOf(quality)].some((w) => words.includes(w));
}

/** Whether an amount holds a price: named so, or money. */
function holdsPrice(column: ModelColumn): boolean {
  return grades('price', column) || isMoneyColumn(column);
}

/** Only values lie between two positions ("king" in "the number of king beds"). */
function valuesBetween(ctx: ParseContext, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let k = from; k < to;) {
    const m = mentionCovering(ctx, k);
    if (m?.kind !== 'value' || m.start !== k) return false;
    k = m.end;
  }
  return true;
}

/** "hours_played", "Total_Passengers", "Num_Employees": a column that holds a count of things. */
function countingColumn(column: ModelColumn): boolean {
  const words = splitIdentifier(column.name);
  return words.some(
    (w) =>
      ['number', 'num', 'no', 'count', 'total', 'amount', 'quantity', 'qty'].includes(w) ||
      (/[^s]s$/.test(w) && lemma(w) !== w),
  );
}

/** "how many beds" with a column named beds: the column counts things itself. */
function pluralCountColumn(col: Extract<Resolved, { kind: 'column' }>): boolean {
  const words = splitIdentifier(col.column.name);
  return col.quality >= 1 && words.length === 1 && /[^s]s$/.test(words[0]!);
}

/** Keys and codes: numbers that identify, never added up. */
/** A name whose last word is "id" ("customer_id", "StuID", "yearid"; not "amount_paid"). */
const namedId = (name: string): boolean => splitIdentifier(name).at(-1) === 'id';
export const idLike = (c: ModelColumn): boolean => c.isKey || namedId(c.name);

const COUNTISH = new Set(['most', 'least', 'fewest']);
/** "the volume with the minimum weeks": an explicit aggregate word used as a ranking. */
const withThe = (t: ParseContext['tokens'], at: number): boolean =>
  ['maximum', 'minimum', 'max', 'min'].includes(t[at]!.text) &&
  t[at - 1]?.text === 'the' &&
  ['with', 'has', 'have', 'had'].includes(t[at - 2]?.text ?? '');
const grouped = (ctx: ParseContext): boolean =>
  ctx.tokens.some((x) => ['each', 'per', 'every'].includes(x.text));

function lastNumericColumn(
  ctx: ParseContext,
  before: number,
): Extract<Resolved, { kind: 'column' }> | undefined {
  const cols = ctx.resolved.filter(
    (r): r is Extract<Resolved, { kind: 'column' }> =>
      r.kind === 'column' &&
      !ctx.consumed.has(r.start) &&
      r.column.kind === 'number' &&
      r.column.entityType === 'KPI',
  );
  const earlier = cols.filter((c) => c.end <= before);
  return earlier.length === 1 ? earlier[0] : cols.length === 1 ? cols[0] : undefined;
}

function nextColumn(
  ctx: ParseContext,
  from: number,
  numericOnly: boolean,
): Extract<Resolved, { kind: 'column' }> | undefined {
  for (let k = from; k < Math.min(ctx.tokens.length, from + 7); k++) {
    const m = mentionCovering(ctx, k);
    if (m?.kind === 'table' && m.start === k) {
      k = m.end - 1;
      continue;
    }
    if (m?.kind === 'column' && m.start === k) {
      const after = mentionCovering(ctx, m.end);
      if (isEntityColumn(ctx, m.column) && after?.kind === 'column' && after.start === m.end) {
        k = m.end - 1; // "player positions": the entity word only qualifies
        continue;
      }
      if (ctx.consumed.has(m.start)) return undefined;
      if (!numericOnly || m.column.kind === 'number' || m.column.kind === 'date') {
        // "total amount of transactions": among equally named columns prefer a measure.
        if (numericOnly && m.column.entityType !== 'KPI') {
          const kpi = m.alternatives.find((c) => c.entityType === 'KPI');
          if (kpi) return { ...m, column: kpi };
        }
        return m;
      }
      const alt = numericOnly
        ? m.alternatives.find((c) => c.kind === 'number' && c.entityType === 'KPI')
        : undefined;
      return alt ? { ...m, column: alt } : undefined;
    }
    if (m) return undefined;
    const w = ctx.tokens[k]!.text;
    if (!BRIDGE.has(w) && !(w in AGG_WORDS) && !DISTINCT_WORDS.has(w)) return undefined;
  }
  return undefined;
}

const RANK_WORDS = new Set(['rank', 'ranking', 'placing']);
const BEST = new Set(['highest', 'top', 'best']);
const WORST = new Set(['lowest', 'worst']);

/**
 * A rank counts down from the best: "the highest rank" is rank 1, its minimum, and "the lowest
 * rank" its maximum. Said as "maximum" or "minimum", the number is meant.
 */
function rankWise(agg: TMeasureAggregate, word: string, column: ModelColumn): TMeasureAggregate {
  if (column.kind !== 'number' || !splitIdentifier(column.name).some((w) => RANK_WORDS.has(w.toLowerCase())))
    return agg;
  if (agg === 'max' && BEST.has(word)) return 'min';
  if (agg === 'min' && WORST.has(word)) return 'max';
  return agg;
}

/**
 * Aggregations named by words: "average age", "the minimum, average and maximum price",
 * "how many different ranks". Returns the measures in question order.
 */
export function findMeasures(
  ctx: ParseContext,
  counts: CountWord[],
): { measures: TMeasure[]; pendingSuperlatives: number[]; superlativeMeasures: number[] } {
  const measures: { at: number; m: TMeasure; superlative: boolean }[] = [];
  const pending: number[] = [];
  const t = ctx.tokens;
  let run: { at: number; agg: TMeasureAggregate }[] = [];
  for (let i = 0; i < t.length; i++) {
    const covering = mentionCovering(ctx, i);
    const adjective = adjectiveColumn(t[i]!.text);
    // "youngest" may also have been read as the age column itself.
    if (ctx.used.has(i) || (covering && !(adjective && covering.kind === 'column' && covering.end === i + 1)))
      continue;
    // "the coldest reading": a superlative of a graded quality is its minimum or maximum.
    // "the most expensive": the superlative of the adjective after it (shape.ts), not a count.
    if (gradedDegree(t, i + 1)) continue;
    const agg =
      AGG_WORDS[t[i]!.text] ??
      (adjective && t[i]!.text.endsWith('est') ? (adjective.dir === 'desc' ? 'max' : 'min') : undefined);
    if (!agg) continue;
    if (covering) ctx.consumed.add(covering.start);
    if (t[i]!.text === 'total' && (t[i + 1]?.text === 'number' || t[i + 1]?.text === 'count')) continue;
    let n = i + 1;
    while ([',', 'and', 'or'].includes(t[n]?.text ?? '')) n++;
    const adjacentAgg = n === i + 1 ? AGG_WORDS[t[n]?.text ?? ''] : undefined;
    // "the maximum total amount paid by a customer": a ranking of totals, like "the highest total".
    const rankOfAggregate =
      (agg === 'max' || agg === 'min') && (adjacentAgg === 'sum' || adjacentAgg === 'avg');
    if (adjacentAgg && (!EXPLICIT.has(t[i]!.text) || rankOfAggregate) && agg !== adjacentAgg) {
      pending.push(i); // "highest average price": an ordering, then the measure
      continue;
    }
    run.push({ at: i, agg });
    const nextAgg = AGG_WORDS[t[n]?.text ?? ''];
    if (nextAgg && n > i + 1) continue; // "average and total amount": collect the list first
    const next = nextColumn(ctx, i + 1, true);
    // "the cheapest product", "the youngest customer": a quality's superlative is of the column
    // it grades (a price, an age), never of the thing's key; the thing is ranked by that quality.
    // Nor is "the top customer" the largest customer id: things are ranked at the top by a
    // measure.
    const keyNext = !!next && (next.column.isKey || idLike(next.column));
    const col =
      keyNext && ((adjective && !grades(adjective.word, next!.column)) || t[i]!.text === 'top')
        ? undefined
        : next;
    // "the cheapest clicks": a price said of an amount that is no money (a count of clicks has no
    // price); what it would be read on is not known. (Other qualities grade more than one kind of
    // amount: "the shortest" trip or person.)
    if (
      col &&
      adjective?.word === 'price' &&
      !keyNext &&
      col.column.kind === 'number' &&
      !holdsPrice(col.column)
    )
      penalise(ctx, DOUBT_WEIGHTS.priceOfNoMoney, `"${t[i]!.raw}" said of ${col.column.label}`);
    // "the largest number of documents" ranks by a count too, unless a measure column is named so.
    const countRank =
      !EXPLICIT.has(t[i]!.text) &&
      ['number', 'count', 'amount'].includes(t[i + 1]?.text ?? '') &&
      t[i + 2]?.text === 'of' &&
      (!col || col.column.entityType !== 'KPI');
    if (
      countRank ||
      (COUNTISH.has(t[i]!.text) &&
        (!col || col.start > i + 2 || col.column.entityType !== 'KPI' || col.quality < 0.9))
    ) {
      // "the most documents": a ranking by count, not a maximum.
      run.pop();
      pending.push(i);
      continue;
    }
    const nextIsAgg = AGG_WORDS[t[n]?.text ?? ''];
    if (col && col.column.kind === 'date' && run.some((r) => r.agg === 'sum' || r.agg === 'avg')) {
      penalise(ctx, 0.3, `cannot add up dates (${col.column.label})`);
    }
    if (col && idLike(col.column) && run.some((r) => r.agg === 'sum' || r.agg === 'avg'))
      penalise(ctx, 0.3, `cannot add up identifiers (${col.column.label})`);
    if (col) {
      for (const r of run) {
        const agg = rankWise(r.agg, t[r.at]!.text, col.column);
        measures.push({
          at: r.at,
          m: { agg, column: ref(col.column), label: measureLabel(agg, col.column) },
          superlative: !EXPLICIT.has(t[r.at]!.text) || withThe(t, r.at),
        });
        markUsed(ctx, r.at, r.at + 1);
      }
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
      // "average price and score": the same aggregates over a list of columns.
      for (let k = col.end; ['and', ','].includes(t[k]?.text ?? '');) {
        const more = mentionCovering(ctx, k + 1);
        if (
          more?.kind !== 'column' ||
          more.start !== k + 1 ||
          more.column.kind !== 'number' ||
          idLike(more.column) ||
          ctx.consumed.has(more.start)
        )
          break;
        for (const r of run)
          measures.push({
            at: r.at + 0.1,
            m: { agg: r.agg, column: ref(more.column), label: measureLabel(r.agg, more.column) },
            superlative: false,
          });
        ctx.consumed.add(more.start);
        markUsed(ctx, k, more.end);
        k = more.end;
      }
      run = [];
    } else if (!nextIsAgg) {
      // "how tall is each team, on average": the aggregate follows its column.
      const prevCol = EXPLICIT.has(t[i]!.text) ? lastNumericColumn(ctx, i) : undefined;
      if (prevCol) {
        for (const r of run) {
          measures.push({
            at: r.at,
            m: { agg: r.agg, column: ref(prevCol.column), label: measureLabel(r.agg, prevCol.column) },
            superlative: false,
          });
          markUsed(ctx, r.at, r.at + 1);
        }
        ctx.consumed.add(prevCol.start);
        markUsed(ctx, prevCol.start, prevCol.end);
      } else
        for (const r of run) {
          const adj = adjectiveColumn(t[r.at]!.text);
          const adjCol =
            adj && grouped(ctx)
              ? ctx.base.columns.find(
                  (c) => c.kind === 'number' && splitIdentifier(c.name).map(lemma).includes(adj.word),
                )
              : undefined;
          if (adjCol) {
            measures.push({
              at: r.at,
              m: { agg: r.agg, column: ref(adjCol), label: measureLabel(r.agg, adjCol) },
              superlative: false,
            });
            markUsed(ctx, r.at, r.at + 1);
            for (const m of ctx.resolved)
              if (m.kind === 'column' && m.column === adjCol) {
                ctx.consumed.add(m.start);
                markUsed(ctx, m.start, m.end);
              }
          } else if ((r.agg === 'max' || r.agg === 'min') && !adj) pending.push(r.at);
        }
      run = [];
    }
  }
  for (const c of counts) {
    if (ctx.used.has(c.start) && ctx.used.has(c.end - 1)) continue;
    if (c.sumOf) {
      const agg = ['average', 'avg', 'mean'].includes(t[c.start - 1]?.text ?? '') ? 'avg' : 'sum';
      if (agg === 'avg') markUsed(ctx, c.start - 1, c.start);
      if (t[c.start - 1]?.text === 'total') markUsed(ctx, c.start - 1, c.start);
      measures.push({
        at: c.start,
        m: { agg, column: ref(c.sumOf), label: measureLabel(agg, c.sumOf) },
        superlative: false,
      });
      ctx.consumed.add(c.start);
      markUsed(ctx, c.start, c.end);
      continue;
    }
    markUsed(ctx, c.start, c.end);
    if (DISTINCT_WORDS.has(t[c.start - 1]?.text ?? '')) markUsed(ctx, c.start - 1, c.start);
    let k = c.end;
    while (['of', 'the', 'all'].includes(t[k]?.text ?? '')) k++;
    const distinctBefore = DISTINCT_WORDS.has(t[c.start - 1]?.text ?? '');
    const distinctAfter =
      DISTINCT_WORDS.has(t[k]?.text ?? '') ||
      ((t[k]?.text === 'kind' || t[k]?.text === 'type') && t[k + 1]?.text === 'of');
    const distinct = distinctBefore || distinctAfter;
    if (distinctAfter) {
      markUsed(ctx, k, t[k]!.text === 'kind' || t[k]!.text === 'type' ? k + 2 : k + 1);
      k += t[k]!.text === 'kind' || t[k]!.text === 'type' ? 2 : 1;
    }
    // "how many different kinds of X"
    if (
      ['kind', 'kinds', 'type', 'types', 'sort', 'sorts'].includes(t[k]?.text ?? '') &&
      t[k + 1]?.text === 'of' &&
      !mentionCovering(ctx, k)
    ) {
      markUsed(ctx, k, k + 2);
      k += 2;
    }
    let col = nextColumn(ctx, k, false);
    // "how many king beds": values may come before the counted column.
    const atK = mentionCovering(ctx, k);
    if (!col && atK?.kind === 'value' && atK.start === k) {
      const after = mentionCovering(ctx, atK.end);
      // The value's own column word ("beds" of bedType) may also be the measure itself.
      const kpi =
        after?.kind === 'column'
          ? after.column.entityType === 'KPI'
            ? after.column
            : after.alternatives.find((a) => a.entityType === 'KPI')
          : undefined;
      if (after?.kind === 'column' && after.start === atK.end && kpi) col = { ...after, column: kpi };
      // "how many corporate customers": the things the value qualifies (by a column of their own
      // table, not of the counted rows), through their reference.
      else if (
        after?.kind === 'column' &&
        after.start === atK.end &&
        referenceColumn(ctx, after.column) &&
        atK.hits.every((h) => h.ref.table !== ctx.base.name) &&
        t.slice(atK.start, atK.end).every((x) => x.number === null)
      )
        col = after;
    }
    const tab = mentionCovering(ctx, k + (t[k]?.text === 'the' ? 1 : 0));
    const groupedQuestion = t.some((x) =>
      ['each', 'per', 'by', 'every', 'corresponding', 'most', 'least', 'fewest'].includes(x.text),
    );
    const other = tab?.kind === 'table' && tab.table !== ctx.base ? tab : undefined;
    // "how many members hold a card", read on cards: the distinct members referenced.
    const modifier =
      other &&
      ctx.resolved.some(
        (r) => r.start === other.end && (r.kind === 'column' || (r.kind === 'table' && r.table === ctx.base)),
      );
    const fk =
      other && (distinct || (other.start <= k + 1 && !modifier))
        ? foreignKeyTo(ctx, other.table.name)
        : undefined;
    if (fk && other) {
      measures.push({
        at: c.start,
        m: { agg: 'count_distinct', column: ref(fk), label: `Number of distinct ${other.table.label}` },
        superlative: false,
      });
      markUsed(ctx, other.start, other.end);
    } else if (
      col &&
      !distinct &&
      (col.start === k || valuesBetween(ctx, k, col.start)) &&
      (t[c.start]!.text !== 'how' || pluralCountColumn(col)) &&
      !col.joined &&
      col.column.kind === 'number' &&
      col.column.entityType === 'KPI' &&
      col.quality >= 0.9 &&
      countingColumn(col.column) &&
      ((col.column.distinctCount ?? 0) > 2 || pluralCountColumn(col))
    ) {
      // "the number of hours played", "total number of passengers": the column's total.
      measures.push({
        at: c.start,
        m: { agg: 'sum', column: ref(col.column), label: measureLabel('sum', col.column) },
        superlative: false,
      });
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
    } else if (col && isEntityColumn(ctx, col.column)) {
      // "how many artists": rows of table artist, not distinct values of its Artist column.
      measures.push({
        at: c.start,
        m: { agg: 'count', label: measureLabel('count', undefined, ctx.base.label) },
        superlative: false,
      });
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
    } else if (
      col &&
      (distinct ||
        ((col.column.kind === 'text' ||
          (col.column.kind === 'number' && !idLike(col.column) && col.start === k)) &&
          col.column.entityType === 'ATTRIBUTE' &&
          (tab?.kind !== 'table' || tab.end === col.start) &&
          !groupedQuestion))
    ) {
      if (!distinct) penalise(ctx, 0.9, 'counting a column without "different"');
      measures.push({
        at: c.start,
        m: {
          agg: 'count_distinct',
          column: ref(col.column),
          label: `Number of distinct ${col.column.label}`,
        },
        superlative: false,
      });
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
      // "the numbers of different majors and cities"
      for (let j = col.end; distinct && ['and', ','].includes(t[j]?.text ?? '');) {
        const more = mentionCovering(ctx, j + 1);
        if (more?.kind !== 'column' || more.start !== j + 1 || ctx.consumed.has(more.start)) break;
        measures.push({
          at: c.start + 0.1,
          m: {
            agg: 'count_distinct',
            column: ref(more.column),
            label: `Number of distinct ${more.column.label}`,
          },
          superlative: false,
        });
        ctx.consumed.add(more.start);
        markUsed(ctx, j, more.end);
        j = more.end;
      }
    } else {
      // "number of documents": the words after a count name what is counted.
      if (col && tab?.kind !== 'table' && (col.column.isKey || col.column.entityType === 'ATTRIBUTE')) {
        ctx.consumed.add(col.start);
        markUsed(ctx, col.start, col.end);
        // "the number of products in each order" on order items: a reference repeats, count each
        // once; "how many corporate customers": the same, after a value that qualifies them.
        const named = col.start === k || (tab?.kind === 'value' && tab.start === k && col.start === tab.end);
        if (named && !col.joined && col.quality >= 0.85 && referenceColumn(ctx, col.column)) {
          measures.push({
            at: c.start,
            m: {
              agg: 'count_distinct',
              column: ref(col.column),
              label: `Number of distinct ${col.column.label}`,
            },
            superlative: false,
          });
          continue;
        }
      } else if (!tab || tab.kind !== 'table')
        penalise(ctx, tab?.kind === 'value' ? 0.97 : 0.93, 'what is counted is not named');
      measures.push({
        at: c.start,
        m: { agg: 'count', label: measureLabel('count', undefined, ctx.base.label) },
        superlative: false,
      });
    }
  }
  measures.sort((a, b) => a.at - b.at);
  const seen = new Set<string>();
  const unique = measures.filter(({ m }) => {
    const key = `${m.agg}:${m.column?.table}.${m.column?.column}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    measures: unique.map((x) => x.m),
    pendingSuperlatives: pending,
    superlativeMeasures: unique.flatMap((x, i) => (x.superlative ? [i] : [])),
  };
}
