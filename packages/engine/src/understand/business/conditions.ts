import type { TFilter } from '@catalyst/contracts';
import type { ModelColumn } from '../../model/types';
import { meaningsOf } from '../../nlp/meanings';
import { normValue } from '../../nlp/text';
import { indexModel, type ValueHit } from '../mentions';
import { BUSINESS_WEIGHTS } from '../weights';
import { doubt, explain, nameDoubt, reachable, refOf, type Draft, type Said } from './draft';

// Which rows count: values the question names (Europe, Furniture, Online), in adjective form
// too ("European stores", "Asian profit"), yes/no columns named ("returned orders"), and
// negations of either ("excluding Europe", "not returned").

const NEGATIONS = new Set(['not', 'excluding', 'except', 'without', 'exclude', 'non', 'outside', 'besides']);

/** Whether a negation is said just before position `at` ("excluding", "other than", "not"). */
function negatedAt(d: Draft, at: number): number | null {
  for (let k = at - 1; k >= Math.max(0, at - 3); k--) {
    const w = d.tokens[k]!.text;
    if (NEGATIONS.has(w) || (w === 'than' && d.tokens[k - 1]?.text === 'other')) return k;
    if (!['the', 'a', 'any', 'of', 'in', 'from', 'to', 'than', 'other'].includes(w)) return null;
  }
  return null;
}

/** Value hits of one mention that the base's rows can be filtered by, best first. */
function usableHits(d: Draft, hits: ValueHit[], base: string): ValueHit[] {
  const ok = hits.filter((h) => reachable(d.model, base, h.ref.table));
  const best = Math.max(0, ...ok.map((h) => h.quality));
  return ok.filter((h) => h.quality === best);
}

/**
 * Filters from the values the question names. Values of one column said together become one
 * "in" filter ("Europe and Asia"); a value whose word is also read as something else is left
 * to that reading.
 */
export function valueFilters(d: Draft, base: string, taken: Set<number>): Said<TFilter>[] {
  const out: Said<TFilter>[] = [];
  const covered = (m: { start: number; end: number }) =>
    [...Array(m.end - m.start).keys()].some((k) => taken.has(m.start + k));
  const values = d.mentions
    .filter((m) => m.kind === 'value' && !covered(m))
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const used = new Set<number>();
  for (const m of values) {
    if (m.kind !== 'value' || [...Array(m.end - m.start).keys()].some((k) => used.has(m.start + k))) continue;
    // A longer column or table name over the same words is the better reading of them.
    if (
      d.mentions.some(
        (o) =>
          o.kind !== 'value' && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start,
      )
    )
      continue;
    const hits = usableHits(d, m.hits, base);
    // Initials ("AR" for a customer's name) and loose spellings name values too weakly to filter.
    if (!hits.length || hits[0]!.quality < 0.75) continue;
    const columns = new Set(hits.map((h) => `${h.ref.table}.${h.ref.column}`));
    if (columns.size > 1) {
      // "London" may be a city or the start of a store's name: the plainer column wins, in doubt.
      doubt(d, BUSINESS_WEIGHTS.ambiguousValue, `"${m.hits[0]!.value}" is in more than one column`);
    }
    const hit = hits.sort((a, b) => (a.column.values.length || 1e9) - (b.column.values.length || 1e9))[0]!;
    if (hit.quality < 0.9)
      doubt(
        d,
        BUSINESS_WEIGHTS.weakName,
        `"${d.tokens
          .slice(m.start, m.end)
          .map((t) => t.raw)
          .join(' ')}" read as "${hit.value}"`,
      );
    for (let k = m.start; k < m.end; k++) used.add(k);
    const negation = negatedAt(d, m.start);
    if (negation !== null) explain(d, negation, m.start);
    addValue(out, hit.column, hit.value, negation !== null, m.start, m.end);
  }
  return out;
}

function addValue(
  out: Said<TFilter>[],
  column: ModelColumn,
  value: string,
  negated: boolean,
  start: number,
  end: number,
) {
  const same = out.find(
    (f) =>
      f.item.column.table === column.table &&
      f.item.column.column === column.name &&
      ['eq', 'in', 'neq', 'not_in'].includes(f.item.op) &&
      ['neq', 'not_in'].includes(f.item.op) === negated,
  );
  if (same) {
    same.item = { ...same.item, op: negated ? 'not_in' : 'in', values: [...same.item.values, value] };
    same.start = Math.min(same.start, start);
    same.end = Math.max(same.end, end);
    return;
  }
  out.push({ item: { column: refOf(column), op: negated ? 'neq' : 'eq', values: [value] }, start, end });
}

/**
 * Values named by an adjective or another form of their word: "European" for Europe, "Asian"
 * for Asia, "German" for Germany (WordNet's relations between the words).
 */
export function derivedValueFilters(d: Draft, base: string, taken: Set<number>): Said<TFilter>[] {
  const index = indexModel(d.model);
  const out: Said<TFilter>[] = [];
  for (const [i, t] of d.tokens.entries()) {
    if (taken.has(i) || d.mentions.some((m) => m.start <= i && i < m.end) || t.number !== null) continue;
    if (!/^[a-z]{4,}$/.test(t.text)) continue;
    for (const m of meaningsOf(t.text)) {
      if (m.via !== 'pertains' && m.via !== 'derived') continue;
      const hits = usableHits(d, index.values.get(normValue(m.word)) ?? [], base);
      if (!hits.length) continue;
      const hit = hits[0]!;
      const negation = negatedAt(d, i);
      if (negation !== null) explain(d, negation, i);
      addValue(out, hit.column, hit.value, negation !== null, i, i + 1);
      break;
    }
  }
  return out;
}

/**
 * Yes/no columns named as a condition: "returned orders", "orders that were returned",
 * "cancelled flights" (true), "not returned" (false).
 */
export function flagFilters(d: Draft, base: string, taken: Set<number>): Said<TFilter>[] {
  const out: Said<TFilter>[] = [];
  for (const m of d.mentions) {
    if (m.kind !== 'column' || taken.has(m.start)) continue;
    const hit = m.hits.find((h) => isFlag(h.column) && reachable(d.model, base, h.ref.table));
    if (!hit || out.some((f) => f.item.column.column === hit.ref.column)) continue;
    const negation = negatedAt(d, m.start);
    if (negation !== null) explain(d, negation, m.start);
    nameDoubt(d, m.start, m.end, hit.quality, !!m.byMeaning, hit.column.label);
    const yes = hit.column.kind === 'boolean' ? true : 1;
    const no = hit.column.kind === 'boolean' ? false : 0;
    out.push({
      item: { column: refOf(hit.column), op: 'eq', values: [negation === null ? yes : no] },
      start: m.start,
      end: m.end,
    });
  }
  return out;
}

/** A yes/no column: boolean, or numbers 0/1 only. */
export function isFlag(c: ModelColumn): boolean {
  if (c.kind === 'boolean') return true;
  return (
    c.kind === 'number' &&
    c.distinctCount !== null &&
    c.distinctCount <= 2 &&
    !c.isKey &&
    c.entityType !== 'KPI'
  );
}

/** Words before an amount that make its presence a condition ("orders with a discount"). */
export const PRESENCE_CUES = new Set([
  'with',
  'had',
  'has',
  'have',
  'having',
  'when',
  'where',
  'without',
  'no',
]);

/** Where the cue of an amount said at `start` stands ("with a discount": the "with"), or -1. */
export function presenceCue(tokens: readonly { text: string }[], start: number): number {
  const k = ['a', 'an', 'any'].includes(tokens[start - 1]?.text ?? '') ? start - 2 : start - 1;
  return PRESENCE_CUES.has(tokens[k]?.text ?? '') ? k : -1;
}

/** Words after an amount that say it was there ("when a discount was given"). */
const PRESENT = new Set(['given', 'applied', 'offered', 'granted', 'used', '?', '.']);
const BE = new Set(['was', 'were', 'is', 'are']);

/**
 * "orders that had a discount", "flights without a delay": a numeric column said after "with",
 * "had" or "without" is a condition that it is above zero (or is not).
 */
export function presenceFilters(d: Draft, base: string, taken: Set<number>): Said<TFilter>[] {
  const out: Said<TFilter>[] = [];
  for (const m of d.mentions) {
    if (m.kind !== 'column' || taken.has(m.start)) continue;
    const k = presenceCue(d.tokens, m.start);
    if (k < 0) continue;
    const cue = d.tokens[k]!.text;
    const without = ['without', 'no'].includes(cue);
    // "when a discount was given", "where a discount applied": the amount said to be there.
    const be = BE.has(d.tokens[m.end]?.text ?? '') ? 1 : 0;
    const after = d.tokens[m.end + be]?.text;
    if (['when', 'where'].includes(cue) && after !== undefined && !PRESENT.has(after)) continue;
    const hit = m.hits.find(
      (h) => h.column.kind === 'number' && !h.column.isKey && reachable(d.model, base, h.ref.table),
    );
    if (!hit || hit.quality < 0.9) continue;
    if (['when', 'where'].includes(cue) && after !== undefined) explain(d, m.end, m.end + be + 1);
    explain(d, k, m.end);
    for (let i = m.start; i < m.end; i++) taken.add(i);
    out.push({
      item: { column: refOf(hit.column), op: without ? 'lte' : 'gt', values: [0] },
      start: k,
      end: m.end,
    });
  }
  return out;
}
