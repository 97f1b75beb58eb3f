import type { TFilter } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { adjectiveColumn } from '../nlp/lexicon';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import { AGG_WORDS, COMPARATORS, NEGATION_WORDS } from './keywords';
import { EXPLICIT, idLike, measureLabel } from './measures';
import { markUsed, penalise, ref, type ParseContext } from './context';
import type { Resolved } from './resolve';
import { indexModel } from './mentions';
import { isDimensionOfFact } from '../sql/joins';
import { isMoneyColumn, isRateColumn, onlyNumberNamed } from '../cards/words';

type ValueMention = Extract<Resolved, { kind: 'value' }>;

function negatedBefore(ctx: ParseContext, start: number): boolean {
  for (let k = Math.max(0, start - 4); k < start; k++) {
    const w = ctx.tokens[k]!.text;
    if (NEGATION_WORDS.has(w) || w.endsWith("n't")) {
      if (w === 'other' && ctx.tokens[k + 1]?.text !== 'than') continue;
      markUsed(ctx, k, k + 1);
      if (ctx.tokens[k + 1]?.text === 'than') markUsed(ctx, k + 1, k + 2);
      return true;
    }
  }
  return false;
}

/** "students under 20" read on StuID: an identifier compared with a number it was not named for. */
function unsaidId(r: Extract<Resolved, { kind: 'column' }>): boolean {
  return idLike(r.column) && r.quality < 1;
}

/** "building NEB", "NEB building", "city of Hartford": a column word right next to its value. */
function adjacentColumn(
  ctx: ParseContext,
  v: ValueMention,
): Extract<Resolved, { kind: 'column' }> | undefined {
  const cols = ctx.resolved.filter((r): r is Extract<Resolved, { kind: 'column' }> => r.kind === 'column');
  const near = cols.filter(
    (c) => (c.end <= v.start && v.start - c.end <= 2) || (c.start >= v.end && c.start - v.end <= 1),
  );
  return near.find((c) =>
    v.hits.some(
      (h) =>
        h.column === c.column || splitIdentifier(h.column.name).map(lemma).includes(ctx.lemmas[c.start]!),
    ),
  );
}

/** Values named in the question become equality filters ("in Europe" → region = 'Europe'). */
export function valueFilters(ctx: ParseContext): void {
  const values = ctx.resolved.filter((r): r is ValueMention => r.kind === 'value');
  const byColumn = new Map<ModelColumn, { value: string; negated: boolean; start: number }[]>();
  for (const v of values) {
    const col = adjacentColumn(ctx, v);
    let hit = col
      ? (v.hits.find((h) => h.column === col.column) ??
        v.hits.find((h) => splitIdentifier(h.column.name).map(lemma).includes(ctx.lemmas[col.start]!)))
      : undefined;
    if (col) {
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
    } else {
      const own = v.hits.filter((h) => h.ref.table === ctx.base.name);
      const pool = own.length ? own : v.hits;
      const columns = new Set(pool.map((h) => h.column));
      hit = [...pool].sort(
        (a, b) => b.quality - a.quality || (a.column.distinctCount ?? 0) - (b.column.distinctCount ?? 0),
      )[0];
      if (columns.size > 1) penalise(ctx, 0.75, `"${v.hits[0]!.value}" appears in several columns`);
    }
    if (!hit) continue;
    if (hit.ref.table !== ctx.base.name && !isDimensionOfFact(ctx.model, ctx.base.name, hit.ref.table))
      penalise(ctx, 0.5, `"${hit.value}" is in another table`);
    const raw = ctx.tokens[v.start]!.raw;
    if (
      !col &&
      v.end - v.start === 1 &&
      raw === raw.toLowerCase() &&
      /(ed|ing)$/.test(raw) &&
      ['been', 'have', 'has', 'had', 'was', 'were', 'be', 'being'].includes(
        ctx.tokens[v.start - 1]?.text ?? '',
      )
    ) {
      penalise(ctx, 0.5, `"${raw}" may be a verb, not the value ${hit.value}`);
    }
    if (hit.quality < 0.7) penalise(ctx, 0.8, `"${ctx.tokens[v.start]!.raw}" read as "${hit.value}"`);
    // "players" is a value of hall_of_fame.category but also the table player.
    const raw0 = ctx.tokens[v.start]!.raw;
    const word = ctx.lemmas[v.start]!;
    const namesTable =
      indexModel(ctx.model)
        .tables.get(word)
        ?.some((x) => x.quality >= 0.9 && x.table !== ctx.base) ||
      (word.length >= 4 &&
        ctx.model.tables.some((x) => x !== ctx.base && splitIdentifier(x.name).map(lemma).includes(word)));
    if (v.end - v.start === 1 && raw0 === raw0.toLowerCase() && namesTable) {
      penalise(ctx, 0.8, `"${raw0}" may name a table, not the value ${hit.value}`);
    }
    markUsed(ctx, v.start, v.end);
    const list = byColumn.get(hit.column) ?? [];
    list.push({ value: hit.value, negated: negatedBefore(ctx, v.start), start: v.start });
    ctx.filterSpans.push({ start: v.start, end: v.end, column: hit.column.name, kind: 'value' });
    byColumn.set(hit.column, list);
  }
  for (const [column, list] of byColumn) {
    const negated = list.some((x) => x.negated);
    const vals = [...new Set(list.map((x) => x.value))];
    const filter: TFilter =
      vals.length === 1
        ? { column: ref(column), op: negated ? 'neq' : 'eq', values: vals }
        : { column: ref(column), op: negated ? 'not_in' : 'in', values: vals };
    ctx.filters.push(filter);
  }
}

function columnByWord(ctx: ParseContext, word: string): ModelColumn | undefined {
  return ctx.base.columns.find(
    (c) => c.kind === 'number' && splitIdentifier(c.name).map(lemma).includes(word),
  );
}

export interface CountCondition {
  op: TFilter['op'];
  value: number;
  upper?: number;
  start: number;
  end: number;
}

/**
 * Comparisons with numbers: "older than 30", "weight is higher than 85", "between 5 and 10".
 * A comparison followed by a table word or "times" is returned as a count condition (HAVING).
 */
export function comparisonFilters(ctx: ParseContext): CountCondition[] {
  const counts: CountCondition[] = [];
  const t = ctx.tokens;
  for (let i = 0; i < t.length; i++) {
    if (ctx.used.has(i)) continue;
    if (
      ['than', 'above', 'below', 'over', 'under'].includes(t[i]!.text) &&
      (t[i + 1]?.text === 'average' || (t[i + 1]?.text === 'the' && t[i + 2]?.text === 'average'))
    ) {
      penalise(ctx, 0.2, 'comparing with an average needs a sub-query');
    }
    let op: TFilter['op'] | null = null;
    let numAt = -1;
    let wordsLen = 1;
    let upper: number | null = null;
    let startAt = i;
    let betweenEnd = i + 4;
    if (
      t[i]!.text === 'between' &&
      t[i + 1]?.number != null &&
      t[i + 2]?.text === 'and' &&
      t[i + 3]?.number != null
    ) {
      op = 'between';
      numAt = i + 1;
      upper = t[i + 3]!.number;
    } else if (
      t[i]!.number != null &&
      t[i + 1]?.text === 'to' &&
      t[i + 2]?.number != null &&
      t[i]!.number! < t[i + 2]!.number! &&
      !ctx.used.has(i + 2)
    ) {
      // "cities that have 2 to 4 parks", "from 10 to 20"
      op = 'between';
      numAt = i;
      upper = t[i + 2]!.number;
      if (t[i - 1]?.text === 'from' || t[i - 1]?.text === 'between') startAt = i - 1;
      betweenEnd = i + 3;
    } else {
      for (const c of COMPARATORS) {
        if (c.words.every((w, k) => t[i + k]?.text === w)) {
          const after = i + c.words.length;
          const skip = t[after]?.text === 'the' || t[after]?.text === 'a' ? after + 1 : after;
          wordsLen = c.words.length;
          const colThenNum = ctx.resolved.find(
            (r) =>
              r.kind === 'column' && r.start === skip && t[r.end]?.number != null && !ctx.used.has(r.end),
          );
          const times = TIMES[t[skip]?.text ?? ''];
          if (
            times !== undefined &&
            !ctx.used.has(skip) &&
            c.op !== 'neq' &&
            !['or', 'and', 'only'].includes(c.words[0]!)
          ) {
            // "used more than twice", "visited at most once": a condition on how many rows.
            counts.push({ op: c.op, value: times, start: i, end: skip + 1 });
            markUsed(ctx, i, skip + 1);
            break;
          }
          if (t[skip]?.number != null && !ctx.used.has(skip)) {
            op = c.op;
            numAt = skip;
          } else if (colThenNum && colThenNum.kind === 'column' && colThenNum.column.kind === 'number') {
            // "after year 1989": comparator, column, number.
            op = c.op;
            numAt = colThenNum.end;
            ctx.consumed.add(colThenNum.start);
            ctx.filters.push({ column: ref(colThenNum.column), op: c.op, values: [t[numAt]!.number!] });
            ctx.filterSpans.push({
              start: i,
              end: numAt + 1,
              column: colThenNum.column.name,
              kind: 'compare',
            });
            markUsed(ctx, i, numAt + 1);
            op = null;
            break;
          } else if (
            t[i - 1]?.number != null &&
            (c.words[0] === 'or' || c.words[0] === 'and') &&
            !ctx.used.has(i - 1)
          ) {
            op = c.op;
            numAt = i - 1;
            startAt = i - 1;
          }
          if (op) break;
        }
      }
    }
    if (!op || numAt < 0) continue;
    const value = t[numAt]!.number!;
    // "movies before 2000", "prior to 2009": a year after a word of time is the year column's.
    if (
      TEMPORAL.has(t[i]!.text) &&
      op !== 'between' &&
      isYear(value) &&
      numAt === i + wordsLen &&
      yearColumn(ctx)
    )
      continue;
    const endAt = op === 'between' ? betweenEnd : Math.max(numAt + 1, i + wordsLen);
    const compEnd = Math.max(endAt, numAt + 1);
    const adjective = adjectiveColumn(t[i]!.text);
    let column: ModelColumn | undefined = adjective ? columnByWord(ctx, adjective.word) : undefined;
    if (column)
      for (const r of ctx.resolved)
        if (r.kind === 'column' && r.start >= i && r.start < compEnd) ctx.consumed.add(r.start);
    // "more than 10000 total access count": a condition on a group's total (HAVING).
    const totalOf =
      ['total', 'combined'].includes(t[compEnd]?.text ?? '') && !adjective && op !== 'between' && op !== 'neq'
        ? ctx.resolved.find(
            (r) =>
              r.kind === 'column' &&
              r.start === compEnd + 1 &&
              r.column.kind === 'number' &&
              r.column.entityType === 'KPI',
          )
        : undefined;
    if (totalOf && totalOf.kind === 'column') {
      ctx.measures.push({
        agg: 'sum',
        column: ref(totalOf.column),
        label: measureLabel('sum', totalOf.column),
      });
      ctx.having.push({
        measure: ctx.measures.length - 1,
        op: op as 'gt' | 'gte' | 'lt' | 'lte' | 'eq',
        value,
      });
      ctx.consumed.add(totalOf.start);
      markUsed(ctx, startAt, totalOf.end);
      continue;
    }
    const after = ctx.resolved.find(
      (r) =>
        r.start === compEnd ||
        (r.start === compEnd + 2 && t[compEnd]?.text === 'number' && t[compEnd + 1]?.text === 'of') ||
        (r.start === compEnd + 1 &&
          ['of', 'in', 'different', 'distinct', 'corresponding', 'total', 'separate', 'unique'].includes(
            t[compEnd]?.text ?? '',
          )),
    );
    const countsEntities =
      after?.kind === 'table' ||
      after?.kind === 'value' ||
      ['record', 'records', 'entries', 'entry', 'rows', 'row'].includes(t[compEnd]?.text ?? '') ||
      (after?.kind === 'column' && after.column.entityType === 'ATTRIBUTE') ||
      ['time', 'times'].includes(t[compEnd]?.text ?? '');
    if (!column && countsEntities && !adjective) {
      counts.push({ op, value, upper: upper ?? undefined, start: startAt, end: compEnd });
      markUsed(ctx, startAt, compEnd);
      if (after) {
        if (after.kind !== 'value') markUsed(ctx, after.start, after.end);
        if (after.kind === 'column') ctx.consumed.add(after.start);
      } else markUsed(ctx, compEnd, compEnd + 1);
      continue;
    }
    if (adjective && !column) continue; // "older than 50" with no age column here
    if (!column) {
      const before = ctx.resolved
        .filter(
          (r): r is Extract<Resolved, { kind: 'column' }> =>
            r.kind === 'column' &&
            r.end <= startAt &&
            startAt - r.end <= 3 &&
            r.column.kind === 'number' &&
            !unsaidId(r),
        )
        .pop();
      // "with more than 5000 total horses": a measure right after the number is what is compared.
      const rightAfter = after?.kind === 'column' && after.start === compEnd && after.quality >= 0.9;
      if (
        after?.kind === 'column' &&
        after.column.kind === 'number' &&
        after.column.entityType === 'KPI' &&
        (!before || before.column.entityType !== 'KPI' || rightAfter)
      ) {
        column = after.column;
        ctx.consumed.add(after.start);
        markUsed(ctx, after.start, after.end);
      } else if (before) {
        // "studios with an average gross of over 4500000": a condition on an aggregate (HAVING).
        let a = before.start - 1;
        if (t[a]?.text === 'the') a--;
        const agg = AGG_WORDS[t[a]?.text ?? ''];
        if (
          agg &&
          EXPLICIT.has(t[a]!.text) &&
          op !== 'between' &&
          op !== 'neq' &&
          ['gt', 'gte', 'lt', 'lte', 'eq'].includes(op)
        ) {
          ctx.measures.push({ agg, column: ref(before.column), label: measureLabel(agg, before.column) });
          ctx.having.push({
            measure: ctx.measures.length - 1,
            op: op as 'gt' | 'gte' | 'lt' | 'lte' | 'eq',
            value,
          });
          ctx.consumed.add(before.start);
          markUsed(ctx, a, before.end);
          markUsed(ctx, startAt, compEnd);
          continue;
        }
        column = before.column;
        ctx.consumed.add(before.start);
        markUsed(ctx, before.start, before.end);
      } else if (after?.kind === 'column' && after.column.kind === 'number' && !unsaidId(after)) {
        column = after.column;
        ctx.consumed.add(after.start);
        markUsed(ctx, after.start, after.end);
      }
    }
    if (!column && (after?.kind === 'table' || ['time', 'times'].includes(t[compEnd]?.text ?? ''))) {
      counts.push({ op, value, start: startAt, end: compEnd });
      markUsed(ctx, startAt, compEnd);
      if (after) markUsed(ctx, after.start, after.end);
      else markUsed(ctx, compEnd, compEnd + 1);
      continue;
    }
    // "locations that have more than one movie theater": an unknown noun after the number is
    // what is counted, when the number is something "had".
    const nounAt = compEnd;
    const free = (k: number): boolean =>
      !!t[k] &&
      /^[a-z]{3,}$/.test(t[k]!.text) &&
      !ctx.used.has(k) &&
      !ctx.resolved.some((r) => r.start <= k && k < r.end) &&
      !['and', 'or', 'the', 'than', 'in', 'of', 'for', 'with'].includes(t[k]!.text);
    const had = t
      .slice(Math.max(0, startAt - 3), startAt)
      .some((x) =>
        ['have', 'has', 'had', 'with', 'there', 'contain', 'contains', 'hold', 'holds'].includes(x.text),
      );
    // Not when the noun may be a measure of the table ("less than 10 medals" with a Total column).
    const unnamedMeasure = ctx.base.columns.some(
      (c) =>
        c.entityType === 'KPI' &&
        c.kind === 'number' &&
        !ctx.resolved.some((r) => r.kind === 'column' && r.column === c),
    );
    if (
      !column &&
      !adjective &&
      op !== 'between' &&
      had &&
      free(nounAt) &&
      Number.isInteger(value) &&
      !unnamedMeasure
    ) {
      counts.push({ op, value, start: startAt, end: compEnd });
      const nounEnd = free(nounAt + 1) ? nounAt + 2 : nounAt + 1;
      markUsed(ctx, startAt, nounEnd);
      penalise(
        ctx,
        0.9,
        `"${t
          .slice(nounAt, nounEnd)
          .map((x) => x.raw)
          .join(' ')}" read as what is counted`,
      );
      continue;
    }
    // "orders over $1,000": rows compared with an amount of money, by what they are worth.
    if (!column && saidAsMoney(ctx, numAt)) {
      column = salesColumn(ctx.model, ctx.base.name);
      if (column && MONEY_UNITS.has(t[numAt + 1]?.text ?? '')) markUsed(ctx, numAt + 1, numAt + 2);
    }
    if (!column) continue;
    // "heavier than 5 kg": the unit after the number names the column compared, nothing more.
    const unitAfter = ctx.resolved.find(
      (r) => r.kind === 'column' && r.start === compEnd && r.column === column && r.end - r.start === 1,
    );
    if (unitAfter) {
      ctx.consumed.add(unitAfter.start);
      markUsed(ctx, unitAfter.start, unitAfter.end);
    }
    const percentAt = upper === null ? numAt : numAt + (op === 'between' ? 3 : 2);
    const [low, high] = [value, upper].map((v) => (v === null ? v : asStored(v, column!, t, percentAt)));
    ctx.filters.push({ column: ref(column), op, values: high == null ? [low!] : [low!, high] });
    ctx.filterSpans.push({ start: startAt, end: compEnd, column: column.name, kind: 'compare' });
    markUsed(
      ctx,
      startAt,
      Math.max(
        compEnd,
        saidAsPercent(t, percentAt) && t[percentAt + 1]?.text === 'percent' ? percentAt + 2 : compEnd,
      ),
    );
  }
  return counts;
}

/** Whether the number at `at` is said as a percentage: "18%", "18 %", "18 percent". */
function saidAsPercent(t: Token[], at: number): boolean {
  return !!t[at]?.text.endsWith('%') || ['percent', 'pct'].includes(t[at + 1]?.text ?? '');
}

/**
 * A percentage said against a rate stored as a fraction of one ("a discount of 18%" is 0.18):
 * rates named as rates, discounts or margins hold fractions; a column named in percent holds
 * percents.
 */
function asStored(value: number, column: ModelColumn, t: Token[], at: number): number {
  if (!saidAsPercent(t, at) || !isRateColumn(column)) return value;
  const named = splitIdentifier(`${column.name} ${column.label}`).map((w) => w.toLowerCase());
  if (named.some((w) => ['percent', 'percentage', 'pct', 'pc'].includes(w))) return value;
  return value / 100;
}

const SALES_WORDS = new Set(['revenue', 'revenues', 'sales', 'turnover', 'gmv', 'amount', 'total']);

/** The one money column of a table named as its sales (revenue, sales, amount), if one. */
export function salesColumn(model: SemanticModel, table: string | undefined): ModelColumn | undefined {
  return onlyNumberNamed(
    model.tables.find((t) => t.name === table)?.columns ?? [],
    SALES_WORDS,
    isMoneyColumn,
  );
}

/** A number said as money: "$1,000", "500 dollars", "€20". */
function saidAsMoney(ctx: ParseContext, at: number): boolean {
  const t = ctx.tokens[at]!;
  return (
    /[$€£¥]\s*$/.test(ctx.question.slice(Math.max(0, t.start - 2), t.start)) ||
    MONEY_UNITS.has(ctx.tokens[at + 1]?.text ?? '')
  );
}

const MONEY_UNITS = new Set(['dollars', 'dollar', 'euros', 'euro', 'pounds', 'usd', 'eur', 'gbp', 'bucks']);

const CONTAIN_WORDS = [
  'contain',
  'contains',
  'containing',
  'include',
  'includes',
  'including',
  'word',
  'letter',
  'substring',
  'string',
  'phrase',
];

/** "names that contain the word 'son'", "an 'a' in their first name": substring filters. */
export function containsFilters(ctx: ParseContext): void {
  const t = ctx.tokens;
  t.forEach((tok, i) => {
    if (ctx.used.has(i) || !(tok.quoted || unquotedSubstring(ctx, i))) return;
    const near = t.slice(Math.max(0, i - 4), i + 1).map((x) => x.text);
    const saysIn = tok.quoted && t[i + 1]?.text === 'in';
    if (!near.some((w) => CONTAIN_WORDS.includes(w)) && !saysIn) return;
    const cols = ctx.resolved.filter(
      (r): r is Extract<Resolved, { kind: 'column' }> => r.kind === 'column' && r.column.kind === 'text',
    );
    let col =
      cols.find((r) => r.start > i && r.start - i <= 6) ??
      [...cols].reverse().find((r) => r.end <= i && i - r.end <= 6);
    // "the names of all the tracks that contain the word 'you'": the one text column named before.
    const before = cols.filter((r) => r.end <= i && !ctx.consumed.has(r.start));
    if (!col && before.length === 1 && !cols.some((r) => r.start > i)) col = before[0];
    if (!col) return;
    ctx.filters.push({ column: ref(col.column), op: 'contains', values: [tok.raw] });
    ctx.filterSpans.push({
      start: Math.min(i, col.start),
      end: Math.max(i + 1, col.end),
      column: col.column.name,
      kind: 'compare',
    });
    markUsed(ctx, i, i + 1);
    t.forEach(
      (x, k) =>
        k >= i - 4 &&
        k < i &&
        (CONTAIN_WORDS.includes(x.text) ||
          (x.text === 'the' && CONTAIN_WORDS.includes(t[k + 1]?.text ?? ''))) &&
        markUsed(ctx, k, k + 1),
    );
    if (col.start > i) {
      ctx.consumed.add(col.start);
      markUsed(ctx, col.start, col.end);
    }
  });
}

/** Verbs of a text's first or last characters, and the word after them before the characters. */
const EDGE_VERBS: Record<string, 'starts_with' | 'ends_with'> = {
  start: 'starts_with',
  starts: 'starts_with',
  starting: 'starts_with',
  begin: 'starts_with',
  begins: 'starts_with',
  beginning: 'starts_with',
  end: 'ends_with',
  ends: 'ends_with',
  ending: 'ends_with',
};

/**
 * "names starting with J", "emails ending in .com", "a state that ends with the letter 'a'": the
 * characters said after the verb, as they are, at the start or end of the text column named before.
 */
export function edgeFilters(ctx: ParseContext): void {
  const t = ctx.tokens;
  let previous: Extract<Resolved, { kind: 'column' }> | undefined;
  t.forEach((tok, i) => {
    const op = EDGE_VERBS[tok.text];
    if (!op || ctx.used.has(i) || !['with', 'in'].includes(t[i + 1]?.text ?? '')) return;
    let k = i + 2;
    if (
      t[k]?.text === 'the' &&
      ['letter', 'letters', 'word', 'string', 'characters'].includes(t[k + 1]?.text ?? '')
    )
      k += 2;
    else if (['letter', 'letters'].includes(t[k]?.text ?? '')) k += 1;
    const first = t[k];
    if (!first) return;
    // The characters as written: up to the next space or mark of punctuation, quotes taken off.
    const rest = ctx.question.slice(first.start);
    const from = t[k - 1]!.end;
    const said = /^(['"`‘“])(.+?)['"`’”]|^([^\s,;?!]+?)(?=[\s,;?!]|[.](?:\s|$)|$)/.exec(
      ctx.question.slice(from).trimStart(),
    );
    const value = (said?.[2] ?? said?.[3] ?? '').trim();
    if (!value || value.length > 50 || rest.length === 0) return;
    const cols = ctx.resolved.filter(
      (r): r is Extract<Resolved, { kind: 'column' }> =>
        r.kind === 'column' && r.column.kind === 'text' && r.end <= i && i - r.end <= 4,
    );
    // "… begins with 'j' or ends with 'ez'": the second verb goes on with the first one's column.
    const col =
      cols[cols.length - 1] ?? (['or', 'and'].includes(t[i - 1]?.text ?? '') ? previous : undefined);
    if (!col) return;
    previous = col;
    ctx.filters.push({ column: ref(col.column), op, values: [value] });
    const valueEnd = ctx.question.indexOf(value, from) + value.length;
    let end = i + 2;
    while (end < t.length && t[end]!.start < valueEnd) end++;
    // A column said once for two conditions ("name starts with J or ends with 'ez'") starts the first.
    const shared = ctx.filterSpans.some((x) => x.start <= col.start && col.start < x.end);
    ctx.filterSpans.push({ start: shared ? i : col.start, end, column: col.column.name, kind: 'compare' });
    // As with "contains": the column said before stays free to be listed or ordered by.
    markUsed(ctx, i, end);
  });
}

/** "whose address contains TN", "containing the letter a": a code or a letter said without quotes. */
function unquotedSubstring(ctx: ParseContext, i: number): boolean {
  const t = ctx.tokens;
  const tok = t[i]!;
  if (tok.number !== null || ctx.resolved.some((r) => r.start <= i && i < r.end)) return false;
  let k = i - 1;
  if (['word', 'letter', 'substring', 'string', 'phrase'].includes(t[k]?.text ?? '')) k--;
  if (t[k]?.text === 'the') k--;
  if (!['contain', 'contains', 'containing', 'include', 'includes', 'including'].includes(t[k]?.text ?? ''))
    return false;
  // A code in capitals, or a single letter after "letter".
  return /^[A-Z]{2,4}$/.test(tok.raw) || (t[i - 1]?.text === 'letter' && /^[a-z]$/i.test(tok.raw));
}

/** "students with major 600", "trips with bike id 636": a number right after its column. */
export function numberAfterColumn(ctx: ParseContext): void {
  const t = ctx.tokens;
  for (const r of ctx.resolved) {
    if (r.kind !== 'column' || ctx.consumed.has(r.start)) continue;
    let k = r.end;
    while (['of', 'is', '=', 'number', 'no', 'equal', 'to'].includes(t[k]?.text ?? '') && k < r.end + 2) k++;
    const n = t[k];
    // "dorms of gender X": a short code right after its column.
    if (
      n &&
      n.number === null &&
      !ctx.used.has(k) &&
      r.column.kind === 'text' &&
      r.column.values.includes(n.raw)
    ) {
      ctx.filters.push({ column: ref(r.column), op: 'eq', values: [n.raw] });
      ctx.filterSpans.push({ start: r.start, end: k + 1, column: r.column.name, kind: 'value' });
      ctx.consumed.add(r.start);
      markUsed(ctx, r.start, k + 1);
      continue;
    }
    if (
      !n ||
      n.number === null ||
      ctx.used.has(k) ||
      (r.column.kind !== 'number' && r.column.kind !== 'text')
    )
      continue;
    // "students who are age 18": a measure with its value after "is"/"are". "Reviews with a
    // rating of 5", "items that have a quantity of 3": a measure said to have one value is that
    // value. (A number bare after "with" is left to the other readers.)
    const before = t[r.start - 1]?.text ?? '';
    const said =
      (['is', 'are', 'was', 'were', 'aged'].includes(before) && k === r.end) ||
      (['a', 'an'].includes(before) &&
        t[r.end]?.text === 'of' &&
        k === r.end + 1 &&
        !['or', 'and', 'to', '-'].includes(t[k + 1]?.text ?? ''));
    if (r.column.entityType === 'KPI' && !(said && Number.isInteger(n.number))) continue;
    ctx.filters.push({
      column: ref(r.column),
      op: 'eq',
      values: [r.column.kind === 'number' ? n.number : n.raw],
    });
    ctx.filterSpans.push({ start: r.start, end: k + 1, column: r.column.name });
    ctx.consumed.add(r.start);
    markUsed(ctx, r.start, k + 1);
  }
}

/** The table's one column of years ("Year", "open_year", "yearid"), numbers in 1800–2100. */
function yearColumn(ctx: ParseContext): ModelColumn | undefined {
  const years = ctx.base.columns.filter(
    (c) => c.kind === 'number' && splitIdentifier(c.name).map(lemma).includes('year'),
  );
  return years.length === 1 ? years[0] : undefined;
}

const TIMES: Record<string, number> = { once: 1, twice: 2, thrice: 3 };
const TEMPORAL = new Set(['before', 'after', 'prior', 'since', 'earlier', 'later']);
const isYear = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 1800 && n <= 2100;

/**
 * "the average fee in 2005", "books made after 1989", "in the year of 1996": a year said on
 * its own is the table's year column, when it has exactly one.
 */
export function yearFilters(ctx: ParseContext): void {
  const t = ctx.tokens;
  const col = yearColumn(ctx);
  if (!col) return;
  for (let i = 0; i < t.length; i++) {
    if (ctx.used.has(i) || !isYear(t[i]!.number)) continue;
    let k = i - 1;
    if (t[k]?.text === 'of' && t[k - 1]?.text === 'year') k -= 2;
    else if (t[k]?.text === 'year') k -= 1;
    if (t[k]?.text === 'the') k -= 1;
    const before = COMPARATORS.find(
      (c) =>
        c.words.every((w, j) => t[k - c.words.length + 1 + j]?.text === w) &&
        !['or', 'and', 'only', 'exactly'].includes(c.words[0]!),
    );
    const start = before
      ? k - before.words.length + 1
      : ['in', 'of', 'during', 'for'].includes(t[k]?.text ?? '')
        ? k
        : i;
    const op: TFilter['op'] = before?.op ?? 'eq';
    if (!before && start === i && !['year'].includes(t[i - 1]?.text ?? '')) continue;
    // "branches registered after 2015" with only open_year here: another year is meant.
    const verb = t[start - 1]?.text ?? '';
    const other = splitIdentifier(col.name)
      .map(lemma)
      .filter((w) => w !== 'year' && w !== 'id');
    if (
      /ed$/.test(verb) &&
      other.length &&
      !other.some((w) => verb.startsWith(w.slice(0, Math.max(3, w.length - 1))))
    )
      continue;
    ctx.filters.push({ column: ref(col), op, values: [t[i]!.number!] });
    ctx.filterSpans.push({ start, end: i + 1, column: col.name, kind: 'compare' });
    markUsed(ctx, start, i + 1);
    for (const r of ctx.resolved)
      if (r.kind === 'column' && r.column === col && r.start >= start && r.start <= i)
        ctx.consumed.add(r.start);
  }
}

/** "students who are 18 years old": an age said with its unit. */
export function ageFilters(ctx: ParseContext): void {
  const t = ctx.tokens;
  const age = ctx.base.columns.find(
    (c) => c.kind === 'number' && splitIdentifier(c.name).map(lemma).includes('age'),
  );
  if (!age) return;
  for (let i = 0; i + 2 < t.length; i++) {
    if (
      t[i]!.number === null ||
      ctx.used.has(i) ||
      !['year', 'years'].includes(t[i + 1]!.text) ||
      t[i + 2]!.text !== 'old'
    )
      continue;
    // "at least 25 years old", "30 years old or younger"
    let op: TFilter['op'] = 'eq';
    let start = i;
    let end = i + 3;
    const before = COMPARATORS.find((c) => c.words.every((w, k) => t[i - c.words.length + k]?.text === w));
    if (before && !['or', 'and'].includes(before.words[0]!)) {
      op = before.op;
      start = i - before.words.length;
    }
    const orWord = t[i + 3]?.text === 'or' ? (t[i + 4]?.text ?? '') : '';
    if (['younger', 'less', 'under', 'below', 'young'].includes(orWord)) {
      op = 'lte';
      end = i + 5;
    }
    if (['older', 'more', 'over', 'above', 'old'].includes(orWord)) {
      op = 'gte';
      end = i + 5;
    }
    ctx.filters.push({ column: ref(age), op, values: [t[i]!.number!] });
    ctx.filterSpans.push({ start, end, column: age.name, kind: 'compare' });
    markUsed(ctx, start, end);
    for (const r of ctx.resolved)
      if (r.kind === 'column' && r.start >= i && r.start < i + 3) ctx.consumed.add(r.start);
  }
}

/** "hotels that have 5 star ratings", "five star hotels": a value said before its column. */
export function numberBeforeColumn(ctx: ParseContext): void {
  const t = ctx.tokens;
  for (const r of ctx.resolved) {
    if (r.kind !== 'column' || ctx.consumed.has(r.start)) continue;
    const n = t[r.start - 1];
    if (!n || n.number === null || ctx.used.has(r.start - 1) || !Number.isInteger(n.number)) continue;
    const text = String(n.number);
    const value = r.column.kind === 'text' ? r.column.values.find((v) => v.trim() === text) : undefined;
    if (value === undefined) continue;
    ctx.filters.push({ column: ref(r.column), op: 'eq', values: [value] });
    ctx.filterSpans.push({ start: r.start - 1, end: r.end, column: r.column.name, kind: 'value' });
    ctx.consumed.add(r.start);
    markUsed(ctx, r.start - 1, r.end);
  }
}

/** "from Hartford or younger than 40": conditions on different columns joined by "or". */
export function filterLogic(ctx: ParseContext): void {
  const spans = [...ctx.filterSpans].sort((a, b) => a.start - b.start);
  let ors = 0;
  let ands = 0;
  for (let i = 1; i < spans.length; i++) {
    if (
      spans[i]!.column === spans[i - 1]!.column &&
      spans[i]!.kind === 'value' &&
      spans[i - 1]!.kind === 'value'
    )
      continue;
    const between = ctx.tokens.slice(spans[i - 1]!.end, spans[i]!.start).map((t) => t.text);
    if (between.includes('or')) ors++;
    else ands++;
  }
  // "either HKG or CHI": the "either" of an "or".
  const orValues =
    ctx.filters.some((f) => f.op === 'in') &&
    spans.length >= 2 &&
    ctx.tokens.slice(spans[0]!.end, spans[spans.length - 1]!.start).some((x) => x.text === 'or');
  if (ors || orValues) {
    const either = ctx.tokens.findIndex(
      (x, i) => x.text === 'either' && spans.length > 0 && i < spans[0]!.start && i >= spans[0]!.start - 4,
    );
    if (either >= 0) markUsed(ctx, either, either + 1);
  }
  if (ors && ctx.filters.length > 1) {
    ctx.filterLogic = 'or';
    if (ands) penalise(ctx, 0.4, 'conditions joined by both "and" and "or"');
  }
}
