import type { TDimension } from '@catalyst/contracts';
import type { ModelColumn } from '../../model/types';
import type { Mention } from '../mentions';
import { BUSINESS_WEIGHTS } from '../weights';
import {
  columnOf,
  describesRows,
  doubt,
  explain,
  nameColumn,
  nameDoubt,
  refOf,
  tableOf,
  type Draft,
  type Said,
} from './draft';
import { isNonAdditiveColumn } from '../../cards/words';
import { referenceKey } from '../context';
import { GROUP_CUES } from './words';

// What a measure is split by: the column or the things named after "by", "per", "each",
// "every", "across", "split by", "for each", "in each" ("revenue by region", "orders per store",
// "each category's profit"), or a category column named beside the measure ("region revenue").

/** Words that may stand between a grouping word and what it groups by. */
const BETWEEN_GROUP = new Set(['the', 'our', 'their', 'its', 'a', 'an', 'single', 'individual', 'different']);

/** The column a mention names for grouping `base`'s rows, if the rows have one value of it. */
export function groupColumn(
  d: Draft,
  m: Mention,
  base: string,
): { column: ModelColumn; quality: number } | null {
  if (m.kind === 'column') {
    const hits = m.hits
      .filter((h) => describesRows(d.model, base, h.ref.table) && !h.column.isKey)
      // The base's own column first unless another names it clearly better.
      .sort((a, b) => {
        const own = (h: typeof a) => (h.ref.table === base ? 0.15 : 0);
        return b.quality + own(b) - (a.quality + own(a));
      });
    // A key named more clearly than any other column ("investors" for investor_id): the things.
    const bestKey = Math.max(0, ...m.hits.filter((h) => h.column.isKey).map((h) => h.quality));
    const ownKey = Math.max(
      0,
      ...m.hits.filter((h) => h.column.isKey && h.ref.table === base).map((h) => h.quality),
    );
    const hit =
      hits[0] && hits[0].quality >= bestKey && !(hits[0].ref.table !== base && ownKey >= hits[0].quality)
        ? hits[0]
        : undefined;
    if (hit && hit.column.kind !== 'number') return { column: hit.column, quality: hit.quality };
    if (hit && hit.column.entityType !== 'KPI') return { column: hit.column, quality: hit.quality };
    // "by customer" naming orders.customer_id: the customer's name, where it has one.
    // The base's own reference first ("transaction types" for transactions.transaction_type_code).
    const keys = m.hits.filter((h) => h.column.isKey && describesRows(d.model, base, h.ref.table));
    const key = keys.find((h) => h.ref.table === base) ?? keys[0];
    if (key) {
      const join = d.model.joins.find(
        (j) => j.from[0]!.table === key.ref.table && j.from[0]!.column === key.ref.column,
      );
      const target = join ? tableOf(d.model, join.to[0]!.table) : tableOf(d.model, key.ref.table);
      const name = target && nameColumn(target, { strict: true });
      if (name && describesRows(d.model, base, name.table)) return { column: name, quality: key.quality };
      // Without a name, things are told apart by their key.
      if (key.ref.table === base) return { column: key.column, quality: key.quality };
    }
    return null;
  }
  if (m.kind === 'table') {
    for (const { table, quality } of [...m.tables].sort((a, b) => b.quality - a.quality)) {
      if (table.name === base) continue;
      // Things are shown by their name; without one, by their key.
      const name =
        nameColumn(table, { strict: true }) ??
        (table.primaryKey.length === 1
          ? table.columns.find((c) => c.name === table.primaryKey[0])
          : undefined);
      if (name && describesRows(d.model, base, table.name)) return { column: name, quality };
    }
  }
  return null;
}

/**
 * The head of a compound a mention starts ("sales channel", "product category"): the column
 * mention right after it, when that one groups the rows too. Returns a mention spanning both.
 */
function headOf(d: Draft, m: Mention, base: string): Mention {
  let head = m;
  for (;;) {
    const next = d.mentions.find(
      (x) => x.start === head.end && x.kind === 'column' && groupColumn(d, x, base) !== null,
    );
    if (!next) break;
    head = next;
  }
  return head === m ? m : { ...head, start: m.start };
}

const GRAINS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

const dimensionOf = (column: ModelColumn): TDimension => ({ column: refOf(column), label: column.label });

/**
 * Dimensions said with a grouping word. Returns them with where they were said; "per" before
 * the fact's own rows ("revenue per order") is a ratio, not a grouping, and is left alone.
 */
export function groupedBy(d: Draft, base: string, taken: Set<number>): Said<TDimension>[] {
  const t = d.tokens;
  const out: Said<TDimension>[] = [];
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!.text;
    const cue =
      GROUP_CUES.has(w) ||
      // "for different transaction types", "across the different regions".
      (w === 'different' && ['for', 'of', 'in', 'across', 'the', 'among'].includes(t[i - 1]?.text ?? '')) ||
      (['split', 'broken', 'break', 'breakdown'].includes(w) &&
        ['by', 'across', 'down', 'per'].includes(t[i + 1]?.text ?? ''));
    if (!cue || taken.has(i)) continue;
    let k = i + 1;
    while (
      ['by', 'across', 'down', 'per', 'of'].includes(t[k]?.text ?? '') &&
      k === i + 1 &&
      !GROUP_CUES.has(w)
    )
      k++;
    while (BETWEEN_GROUP.has(t[k]?.text ?? '')) k++;
    // "average revenue per customer": the total over the number of customers, not a split.
    const perThing = w === 'per' ? perEntity(d, k, base) : null;
    if (perThing) {
      explain(d, i, perThing.end);
      continue;
    }
    // "revenue per order" with one order a row: each row, not a grouping.
    if (
      w === 'per' &&
      d.mentions.some(
        (m) => m.start === k && m.kind === 'table' && m.tables.some((x) => x.table.name === base),
      )
    ) {
      const m = d.mentions.find((x) => x.start === k && x.kind === 'table')!;
      explain(d, i, m.end);
      continue;
    }
    // "each product category": the longest mention starting there; in a compound the last noun
    // names the thing ("by sales channel" is by channel, "customer segment" a segment).
    // Longest first; a thing named ("by employee") before a column its word loosely names.
    const clear = (m: Mention) => (m.kind === 'table' ? 0.9 : Math.max(...m.hits.map((h) => h.quality)));
    const candidates = d.mentions
      .filter((m) => m.start === k && (m.kind === 'column' || m.kind === 'table'))
      .sort((a, b) => b.end - b.start - (a.end - a.start) || clear(b) - clear(a))
      .map((m) => ({ plain: m, m: headOf(d, m, base) }));
    for (const { plain, m } of candidates) {
      // A word already read as the measure groups nothing, unless it starts a compound.
      if (taken.has(plain.start) && plain === m) continue;
      const g = groupColumn(d, m, base);
      if (!g) continue;
      // A thing that cannot split these facts is not split by a column its word loosely names.
      if (m.kind === 'column' && g.quality < 0.8 && candidates.some((c) => c.plain.kind === 'table'))
        continue;
      if (out.some((o) => o.item.column.column === g.column.name && o.item.column.table === g.column.table))
        break;
      nameDoubt(d, m.start, m.end, g.quality, m.kind === 'column' && !!m.byMeaning, g.column.label);
      explain(d, i, m.end);
      out.push({ item: dimensionOf(g.column), start: k, end: m.end });
      // "by segment and channel": a second one said right after.
      let n = m.end;
      while (['and', ',', '&', 'then'].includes(t[n]?.text ?? '')) {
        let s = n + 1;
        while (BETWEEN_GROUP.has(t[s]?.text ?? '')) s++;
        // "by channel and month": a period grain is the time split.
        const grain = GRAINS[t[s]?.lemma ?? ''];
        if (grain && d.timeColumnHint) {
          explain(d, n, s + 1);
          d.grainSaid = grain;
          n = s + 1;
          continue;
        }
        const next = d.mentions
          .filter((x) => x.start === s && (x.kind === 'column' || x.kind === 'table'))
          .sort((a, b) => b.end - b.start - (a.end - a.start))
          .map((x) => ({ x, g: groupColumn(d, x, base) }))
          .find((x) => x.g);
        if (!next) break;
        explain(d, n, next.x.end);
        out.push({ item: dimensionOf(next.g!.column), start: s, end: next.x.end });
        n = next.x.end;
      }
      i = n - 1;
      break;
    }
  }
  return out;
}

/**
 * A category named beside the measure without a grouping word ("region revenue", "category % of
 * total revenue"): a grouping, said less clearly.
 */
export function implicitGroupings(d: Draft, base: string, taken: Set<number>): Said<TDimension>[] {
  const out: Said<TDimension>[] = [];
  for (const m of d.mentions) {
    // A thing named ("products", "stores") is who the facts are about, not a split, also when
    // its word is read as the thing's name column too.
    if (m.kind !== 'column') continue;
    if (d.mentions.some((o) => o.kind === 'table' && o.start === m.start && o.end === m.end)) continue;
    if (
      [...Array(m.end - m.start).keys()].some((k) => taken.has(m.start + k) || d.explained.has(m.start + k))
    )
      continue;
    if (
      d.mentions.some(
        (o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start,
      )
    )
      continue;
    const g = groupColumn(d, m, base);
    if (!g || g.column.kind !== 'text' || g.quality < 0.8) continue;
    if (out.some((o) => o.item.column.column === g.column.name)) continue;
    // "the Partner channel": the column of a value said is that value's, not a split.
    if (
      d.filters.some((f) => f.item.column.table === g.column.table && f.item.column.column === g.column.name)
    ) {
      explain(d, m.start, m.end);
      continue;
    }
    doubt(
      d,
      BUSINESS_WEIGHTS.impliedGrouping,
      `split by ${g.column.label}, though no "by" or "per" was said`,
    );
    explain(d, m.start, m.end);
    out.push({ item: dimensionOf(g.column), start: m.start, end: m.end });
  }
  return out;
}

/**
 * "average revenue per customer", "avg units per store": an average said of a sum per thing the
 * facts refer to is the sum over the number of those things. Rewrites the measure; returns where
 * the thing was said, or null when the words are not such a ratio.
 */
function perEntity(d: Draft, k: number, base: string): { end: number } | null {
  const m = d.mentions.find((x) => x.start === k && x.kind === 'table');
  if (!m || m.kind !== 'table' || m.tables.some((x) => x.table.name === base)) return null;
  const measure = d.measures.length === 1 ? d.measures[0]! : undefined;
  if (!measure || measure.item.agg !== 'avg' || !measure.item.column || measure.item.metric) return null;
  if (!d.tokens.slice(measure.start, measure.end).some((t) => ['average', 'avg', 'mean'].includes(t.text)))
    return null;
  const column = columnOf(d.model, measure.item.column);
  if (!column || isNonAdditiveColumn(column)) return null;
  for (const { table } of m.tables) {
    const key = referenceKey(d.model, base, table.name);
    if (!key) continue;
    measure.item = {
      agg: 'sum',
      column: measure.item.column,
      label: `Average ${column.label} per ${table.label.replace(/s$/, '')}`,
      over: { agg: 'count_distinct', column: key, label: `Number of ${table.label}` },
    };
    return { end: m.end };
  }
  return null;
}
