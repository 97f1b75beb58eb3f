import type { TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { lemma, splitIdentifier } from '../nlp/text';
import { freeColumns, markUsed, ref, type ParseContext } from './context';
import { measureLabel } from './measures';
import { isNonAdditiveColumn } from '../cards/words';

// Readings that complete a plan: business defaults, yes/no columns, derived metrics,
// correlations and counts through a referencing table.

const LISTING_START =
  /^(list|show|find|give|what|which|who|return|display|tell|get|name|select|provide|identify|please)\b/i;
const BUSINESS_CUES = new Set([
  'per',
  'each',
  'top',
  'bottom',
  'vs',
  'versus',
  'share',
  'trend',
  'breakdown',
  'distribution',
  'compare',
  'compared',
  'highest',
  'lowest',
  'best',
  'worst',
]);
const ORDER_BEFORE_BY = new Set(['order', 'ordered', 'sort', 'sorted', 'rank', 'ranked', 'arranged']);

/**
 * A KPI named without an aggregate ("revenue by region", "revenue last quarter") means its
 * total, as in any BI tool. Plain listings ("what is the salary of …") keep the values.
 */
export function defaultMeasures(ctx: ParseContext): void {
  if (ctx.measures.length) return;
  const t = ctx.tokens;
  // A grouping word followed by a column ("by region", "per category"), or a ranking/share cue.
  const groupedByColumn = (i: number): boolean =>
    [1, 2].some((d) =>
      ctx.resolved.some((r) => r.kind === 'column' && r.start === i + d && !ctx.consumed.has(r.start)),
    );
  const grouped = t.some(
    (x, i) =>
      (['by', 'per', 'each'].includes(x.text) &&
        !ORDER_BEFORE_BY.has(t[i - 1]?.text ?? '') &&
        groupedByColumn(i)) ||
      (BUSINESS_CUES.has(x.text) && !['per', 'each'].includes(x.text)),
  );
  const timed = !!(ctx.time.period || ctx.time.grain || ctx.time.comparison);
  if (!grouped && !timed && (LISTING_START.test(ctx.question) || t.length > 6)) return;
  for (const c of freeColumns(ctx)) {
    if (c.column.entityType !== 'KPI' || c.column.kind !== 'number') continue;
    ctx.consumed.add(c.start);
    markUsed(ctx, c.start, c.end);
    if (ctx.measures.some((m) => m.column?.column === c.column.name && m.column.table === c.column.table))
      continue;
    // Summing a price, a rate or a temperature means nothing: such a measure is averaged.
    const agg = isNonAdditiveColumn(c.column) ? 'avg' : 'sum';
    ctx.measures.push({ agg, column: ref(c.column), label: measureLabel(agg, c.column) });
    ctx.consumed.add(c.start);
    markUsed(ctx, c.start, c.end);
  }
}

const TRUE_VALUES = ['yes', 'y', 'true', 't', '1'];
const FALSE_VALUES = ['no', 'n', 'false', 'f', '0'];

/** "models that do not have wifi", "hotels that allow pets": a yes/no column as a filter. */
export function booleanFilters(ctx: ParseContext): void {
  for (const c of freeColumns(ctx)) {
    const values = c.column.values.map((v) => v.toLowerCase());
    const yesNo = c.column.kind === 'boolean';
    const numeric =
      c.column.kind === 'number' &&
      (c.column.distinctCount ?? 0) <= 2 &&
      /(^|_)(yn|flag|is|has)(_|$)|_yn$/i.test(c.column.name);
    if (
      !numeric &&
      !yesNo &&
      !(values.length === 2 && values.every((v) => TRUE_VALUES.includes(v) || FALSE_VALUES.includes(v)))
    )
      continue;
    const before = ctx.tokens.slice(Math.max(0, c.start - 3), c.start).map((x) => x.text);
    if (
      !before.some((w) =>
        [
          'have',
          'has',
          'with',
          'without',
          'allow',
          'allows',
          'allowed',
          'not',
          "don't",
          "doesn't",
          'no',
        ].includes(w),
      )
    )
      continue;
    const negated = before.some(
      (w) => ['not', 'without', 'no', "don't", "doesn't"].includes(w) || w.endsWith("n't"),
    );
    const pick = (set: string[]): string | number | boolean | undefined =>
      yesNo
        ? set === TRUE_VALUES
        : numeric
          ? set === TRUE_VALUES
            ? 1
            : 0
          : c.column.values.find((v) => set.includes(v.toLowerCase()));
    const value = pick(negated ? FALSE_VALUES : TRUE_VALUES);
    if (value === undefined) continue;
    ctx.filters.push({ column: ref(c.column), op: 'eq', values: [value] });
    ctx.consumed.add(c.start);
    markUsed(ctx, c.start, c.end);
    ctx.tokens.forEach(
      (x, i) =>
        i < c.start &&
        i >= c.start - 3 &&
        ['not', 'without', 'no', 'have', 'has', 'allow', 'allows'].includes(x.text) &&
        markUsed(ctx, i, i + 1),
    );
  }
}

/**
 * "active users", "inactive accounts": a yes/no column said as a word right before the name of
 * its own rows is a condition on them (yes; no after "not", "non" or "in-" said of it).
 */
export function flagAdjectives(ctx: ParseContext): void {
  for (const c of freeColumns(ctx)) {
    if (c.column.kind !== 'boolean' || c.end - c.start !== 1) continue;
    const rowsName = splitIdentifier(c.column.table).map(lemma).pop();
    if (!rowsName || ctx.tokens[c.end]?.lemma !== rowsName) continue;
    const word = ctx.tokens[c.start]!.text;
    const negated =
      ['not', 'non'].includes(ctx.tokens[c.start - 1]?.text ?? '') ||
      (/^(?:in|un|non)/.test(word) && !splitIdentifier(c.column.name).some((w) => w.toLowerCase() === word));
    ctx.filters.push({ column: ref(c.column), op: 'eq', values: [!negated] });
    ctx.filterSpans.push({ start: c.start, end: c.end, column: c.column.name, kind: 'value' });
    ctx.consumed.add(c.start);
    markUsed(ctx, c.start, c.end);
    if (ctx.tokens[c.start - 1]?.text === 'not' || ctx.tokens[c.start - 1]?.text === 'non')
      markUsed(ctx, c.start - 1, c.start);
  }
}

/** The first derived metric named in the question, with where it was named. */
export function metricNamed(
  lemmas: string[],
  model: SemanticModel,
): { metric: SemanticModel['metrics'][number]; table: string; start: number; end: number } | null {
  for (const metric of model.metrics) {
    const names = [
      ...[metric.name, metric.label, ...metric.synonyms].map((n) => splitIdentifier(n).map(lemma)),
      ...metricShortNames(metric, model).map((w) => [w]),
    ];
    for (const words of names) {
      for (let i = 0; i + words.length <= lemmas.length; i++) {
        if (words.every((w, k) => lemmas[i + k] === w))
          return { metric, table: metric.table, start: i, end: i + words.length };
      }
    }
  }
  return null;
}

/** Words too general to name a metric alone ("rate" of "return rate"). */
const GENERAL_METRIC_WORDS = new Set([
  'average',
  'avg',
  'mean',
  'total',
  'sum',
  'rate',
  'ratio',
  'value',
  'amount',
  'number',
  'count',
  'share',
  'percentage',
  'percent',
  'per',
  'of',
  'by',
]);

/**
 * Shorter names a metric goes by: its initials when it has three words or more ("aov" for
 * average order value), and a word of its name that names nothing else in the model and no other
 * metric ("margin" for profit margin, when no column is a margin).
 */
export function metricShortNames(metric: SemanticModel['metrics'][number], model: SemanticModel): string[] {
  let known = shortNames.get(model);
  if (!known) shortNames.set(model, (known = new Map()));
  let out = known.get(metric.name);
  if (!out) known.set(metric.name, (out = shortNamesOf(metric, model)));
  return out;
}
const shortNames = new WeakMap<SemanticModel, Map<string, string[]>>();

function shortNamesOf(metric: SemanticModel['metrics'][number], model: SemanticModel): string[] {
  const words = splitIdentifier(metric.label).map(lemma);
  const out: string[] = [];
  if (words.length >= 3) out.push(words.map((w) => w[0]).join(''));
  const dataWords = new Set(
    model.tables.flatMap((t) => [
      ...splitIdentifier(t.name).map(lemma),
      ...t.columns.flatMap((c) => [...splitIdentifier(c.name), ...splitIdentifier(c.label)].map(lemma)),
    ]),
  );
  const otherMetricWords = new Set(
    model.metrics.filter((m) => m !== metric).flatMap((m) => splitIdentifier(m.label).map(lemma)),
  );
  for (const w of words)
    if (w.length >= 4 && !GENERAL_METRIC_WORDS.has(w) && !dataWords.has(w) && !otherMetricWords.has(w))
      out.push(w);
  return out;
}

/** Derived metrics of the model named in the question ("margin by region"). */
export function derivedMetrics(ctx: ParseContext): void {
  const hit = metricNamed(ctx.lemmas, ctx.model);
  if (!hit || hit.table !== ctx.base.name) return;
  ctx.measures.push({ agg: 'sum', metric: hit.metric.name, label: hit.metric.label });
  markUsed(ctx, hit.start, hit.end);
  for (const r of ctx.resolved) if (r.start >= hit.start && r.start < hit.end) ctx.consumed.add(r.start);
}

/** "correlation between quantity and revenue": two numeric columns side by side. */
export function correlationColumns(ctx: ParseContext): { table: string; column: string }[] | null {
  const at = ctx.tokens.findIndex((x) =>
    ['correlation', 'relationship', 'correlate', 'correlated', 'relation'].includes(x.text),
  );
  if (at < 0) return null;
  const numeric = freeColumns(ctx).filter((c) => c.column.kind === 'number' && c.start > at);
  if (numeric.length !== 2) return null;
  ctx.tokens.forEach(
    (x, i) =>
      ['correlation', 'relationship', 'correlate', 'correlated', 'relation', 'between', 'and'].includes(
        x.text,
      ) && markUsed(ctx, i, i + 1),
  );
  for (const c of numeric) {
    ctx.consumed.add(c.start);
    markUsed(ctx, c.start, c.end);
  }
  return numeric.map((c) => ref(c.column));
}

/**
 * "How many employees have a certificate": counting rows of a table that another named table
 * references becomes counting the distinct references in that table.
 */
export function countThroughReference(
  ctx: ParseContext,
): { table: string; measure: TQueryPlan['measures'][number] } | null {
  if (
    ctx.measures.length !== 1 ||
    ctx.measures[0]!.agg !== 'count' ||
    ctx.dimensions.length ||
    ctx.filters.length ||
    ctx.having.length
  )
    return null;
  // Only when what is counted is this table's rows ("how many employees have …"), not the
  // other table's ("the number of transactions for different investors").
  const counted = [...countedPositions(ctx.tokens)].map((k) => ctx.resolved.find((r) => r.start === k));
  if (counted.some((r) => r?.kind === 'table' && r.table !== ctx.base)) return null;
  const tables = ctx.resolved.filter((r) => r.kind === 'table' && r.table !== ctx.base);
  for (const r of tables) {
    if (r.kind !== 'table') continue;
    const j = ctx.model.joins.find(
      (x) => x.from[0]!.table === r.table.name && x.to[0]!.table === ctx.base.name,
    );
    if (!j) continue;
    return {
      table: r.table.name,
      measure: {
        agg: 'count_distinct',
        column: j.from[0]!,
        label: `Number of ${ctx.base.label} with ${r.table.label}`,
      },
    };
  }
  return null;
}

/** Token positions right after "how many" / "number of" / "count of" (skipping "the", "different"). */
export function countedPositions(tokens: { text: string }[]): Set<number> {
  const out = new Set<number>();
  tokens.forEach((t, i) => {
    const isCount =
      (t.text === 'many' && tokens[i - 1]?.text === 'how') ||
      (t.text === 'of' && ['number', 'count', 'numbers'].includes(tokens[i - 1]?.text ?? ''));
    if (!isCount) return;
    let k = i + 1;
    while (['the', 'different', 'distinct', 'unique', 'all'].includes(tokens[k]?.text ?? '')) k++;
    out.add(k);
  });
  return out;
}
