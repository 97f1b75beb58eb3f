import { isNonAdditiveColumn } from '../cards/words';
import type { TIntent } from '@catalyst/contracts';
import type { ModelColumn } from '../model/types';
import { adjectiveColumn } from '../nlp/lexicon';
import { lemma, splitIdentifier } from '../nlp/text';
import {
  AGG_WORDS,
  ASC_WORDS,
  DESC_WORDS,
  GROUP_WORDS,
  ORDER_WORDS,
  SUPERLATIVE_ASC,
  SUPERLATIVE_DESC,
} from './keywords';
import {
  freeColumns,
  isEntityColumn,
  markUsed,
  mentionCovering,
  penalise,
  ref,
  type ParseContext,
} from './context';
import type { CountCondition } from './filters';
import { gradedDegree, measureLabel } from './measures';
import { DOUBT_WEIGHTS } from './weights';
import { namesColumn } from './business/time';

/** The base's date the question names ("tickets closed in 2026" of closed_date), if any. */
export function namedDate(ctx: ParseContext): ModelColumn | undefined {
  return ctx.base.columns.find((c) => c.isTime && ctx.tokens.some((t) => namesColumn(t.text, c)));
}

/** The base's date the question's periods apply to: one it names, else its first. */
export function periodColumn(ctx: ParseContext): ModelColumn | undefined {
  return namedDate(ctx) ?? ctx.base.columns.find((c) => c.isTime);
}

/** A time grain ("by month") becomes a dimension on the table's time column. */
export function applyTime(ctx: ParseContext): void {
  const timeCol = periodColumn(ctx);
  if ((ctx.time.grain || ctx.time.period || ctx.time.comparison) && !timeCol)
    penalise(ctx, 0.4, 'the data has no date to filter by');
  const compared = ctx.time.compared;
  if (compared && timeCol) {
    // One row per period: a bucket of the grain each. Periods apart are two ranges, and only
    // "or"-ed when nothing else filters (the plan's filters combine one way).
    if (!ctx.time.grain)
      ctx.dimensions.push({
        column: ref(timeCol),
        grain: compared.grain,
        label: `${timeCol.label} (${compared.grain})`,
      });
    if (!compared.contiguous) {
      if (ctx.filters.length || timeCol.type.toUpperCase() !== 'DATE')
        penalise(ctx, DOUBT_WEIGHTS.periodsApartWithFilters, 'two periods apart with other conditions');
      ctx.filterLogic = 'or';
      for (const p of compared.periods)
        ctx.filters.push({ column: ref(timeCol), op: 'between', values: [p.from!, dayBefore(p.to!)] });
    }
    return;
  }
  if (ctx.time.grain && timeCol)
    ctx.dimensions.push({
      column: ref(timeCol),
      grain: ctx.time.grain.grain,
      label: `${timeCol.label} (${ctx.time.grain.grain})`,
    });
}

const dayBefore = (d: string): string =>
  new Date(new Date(`${d}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);

function countIndex(ctx: ParseContext): number {
  const i = ctx.measures.findIndex((m) => m.agg === 'count');
  if (i >= 0) return i;
  ctx.measures.push({ agg: 'count', label: measureLabel('count', undefined, ctx.base.label) });
  return ctx.measures.length - 1;
}

function limitNear(ctx: ParseContext, at: number): number | undefined {
  for (const k of [at - 1, at + 1, at - 2, at + 2]) {
    const t = ctx.tokens[k];
    if (
      t?.number != null &&
      !ctx.used.has(k) &&
      Number.isInteger(t.number) &&
      t.number > 0 &&
      t.number <= 1000
    ) {
      markUsed(ctx, k, k + 1);
      return t.number;
    }
  }
  // "the 3 departments with the most courses": the count said before what is ranked.
  for (let k = at - 3; k >= Math.max(0, at - 8); k--) {
    const n = ctx.tokens[k]!;
    if (
      n.number == null ||
      ctx.used.has(k) ||
      !Number.isInteger(n.number) ||
      n.number < 1 ||
      n.number > 100 ||
      !['the', 'top', 'first', 'list', 'show', 'find', 'give', 'return', 'which', 'what'].includes(
        ctx.tokens[k - 1]?.text ?? '',
      )
    )
      continue;
    const between = ctx.tokens.slice(k + 1, at);
    // "the three countries that the most players are from": after "that"/"which", only a count of
    // things named right after the superlative.
    const counted =
      !!mentionCovering(ctx, at + 1) && ['most', 'least', 'fewest'].includes(ctx.tokens[at]!.text);
    if (
      between.some((x) => x.number != null) ||
      !between.some(
        (x) =>
          ['with', 'having', 'has', 'have', 'had', 'by'].includes(x.text) ||
          (counted && ['that', 'which', 'whose'].includes(x.text)),
      )
    )
      break;
    markUsed(ctx, k, k + 1);
    return n.number;
  }
  return undefined;
}

const AGG_BY_WORD = (w: string): boolean =>
  [
    'highest',
    'largest',
    'biggest',
    'greatest',
    'top',
    'best',
    'lowest',
    'smallest',
    'least',
    'worst',
    'most',
    'fewest',
  ].includes(w);

const PARTICIPLES = new Set([
  'made',
  'taken',
  'done',
  'written',
  'given',
  'held',
  'sold',
  'bought',
  'paid',
  'won',
  'built',
  'run',
  'led',
  'taught',
  'owned',
  'played',
  'seen',
  'driven',
  'flown',
  'sent',
  'spent',
  'kept',
  'met',
  'found',
]);

export interface Shape {
  grouped: boolean;
  intent?: TIntent;
  share: boolean;
}

/**
 * Grouping words, superlatives ("most common", "the oldest"), top/bottom N, explicit ordering,
 * count conditions (HAVING), share of total and member comparison.
 */
export function applyOrdering(
  ctx: ParseContext,
  pending: number[],
  countConditions: CountCondition[],
  superlativeMeasures: number[] = [],
): Shape {
  const t = ctx.tokens;
  let grouped = ctx.dimensions.length > 0;
  let intent: TIntent | undefined;
  for (let i = 0; i < t.length; i++) {
    const w = t[i]!.text;
    const next = mentionCovering(ctx, i + 1) ?? mentionCovering(ctx, i + 2);
    if ((w === 'distribution' || w === 'breakdown') && t[i + 1]?.text === 'of') {
      markUsed(ctx, i, i + 2);
      intent = 'distribution';
      if (next?.kind === 'column') {
        grouped = true;
        ctx.groupTargets.add(next.start);
      }
      if (!ctx.measures.length)
        ctx.measures.push({ agg: 'count', label: measureLabel('count', undefined, ctx.base.label) });
      continue;
    }
    // "the number of distinct player positions": "distinct" belongs to the count.
    const counted =
      ['of', 'many', 'count'].includes(t[i - 1]?.text ?? '') &&
      ['number', 'how', 'count', 'numbers'].includes(t[i - 2]?.text ?? t[i - 1]?.text ?? '');
    // "courses enrolled in by students", "films directed by": "by" names who did it.
    const agent =
      w === 'by' &&
      !ORDER_WORDS.has(t[i - 1]?.text ?? '') &&
      ![
        'grouped',
        'broken',
        'split',
        'categorized',
        'categorised',
        'classified',
        'organized',
        'organised',
        'listed',
        'separated',
        'aggregated',
        'summarized',
        'summarised',
      ].includes(t[i - 1]?.text ?? '') &&
      (/ed$/.test(t[i - 1]?.text ?? '') ||
        (['in', 'on', 'to', 'at'].includes(t[i - 1]?.text ?? '') && /ed$/.test(t[i - 2]?.text ?? '')) ||
        PARTICIPLES.has(t[i - 1]?.text ?? ''));
    if (
      !agent &&
      (GROUP_WORDS.has(w) ||
        w === 'by' ||
        w === 'grouped' ||
        ((w === 'different' || w === 'distinct') && !counted) ||
        (w === 'for' && t[i + 1]?.text === 'different')) &&
      next?.kind === 'column' &&
      !ctx.consumed.has(next.start)
    ) {
      grouped = true;
      ctx.groupTargets.add(next.start);
      markUsed(ctx, i, i + 1);
      // "by region and category": both are groupings.
      let k = next.end;
      while (t[k]?.text === 'and' || t[k]?.text === ',') {
        const more = mentionCovering(ctx, k + 1);
        if (more?.kind !== 'column' || more.start !== k + 1 || ctx.consumed.has(more.start)) break;
        ctx.groupTargets.add(more.start);
        k = more.end;
      }
    } else if (
      ['each', 'per', 'every'].includes(w) &&
      !mentionCovering(ctx, i + 1) &&
      /^[a-z]+$/.test(t[i + 1]?.text ?? '')
    ) {
      // "payment method codes and the number of orders for each code": the last word of a
      // column already named stands for it.
      const word = t[i + 1]!.lemma;
      const named = freeColumns(ctx).find(
        (c) => c.start < i && splitIdentifier(c.column.name).map(lemma).at(-1) === word,
      );
      if (named) {
        grouped = true;
        ctx.groupTargets.add(named.start);
        markUsed(ctx, i, i + 2);
      }
    } else if (GROUP_WORDS.has(w) && (w === 'corresponding' || w === 'respective')) grouped = true;
    else if (
      (w === 'each' || w === 'per' || w === 'every') &&
      next?.kind === 'table' &&
      next.table === ctx.base &&
      ctx.measures.length
    ) {
      // "for each faculty rank": the column after the table word is the grouping.
      const after = mentionCovering(ctx, next.end);
      const keyNamed = freeColumns(ctx).some(
        (c) => c.column.isKey || c.column.name.toLowerCase().endsWith('id'),
      );
      if (after?.kind === 'column' && after.start === next.end && !ctx.consumed.has(after.start)) {
        grouped = true;
        ctx.groupTargets.add(after.start);
        markUsed(ctx, i, i + 1);
        continue;
      }
      // "customer ids and the number of accounts for each customer": the ids already group.
      if (keyNamed) {
        grouped = true;
        markUsed(ctx, i, i + 1);
        continue;
      }
      // "total revenue for each manufacturer": group by the table's naming column.
      const label = ctx.base.columns.find(
        (c) => /^(.*_)?(name|title)$/i.test(c.name) || /name$/i.test(c.name),
      );
      if (label) {
        ctx.dimensions.push({ column: ref(label), label: label.label });
        grouped = true;
        markUsed(ctx, i, i + 1);
        // A name that repeats ("each student" as each last name) groups different entities together.
        penalise(
          ctx,
          label.distinctCount === ctx.base.rowCount ? 0.85 : 0.5,
          `each ${ctx.base.label} read as each ${label.label}`,
        );
      }
    }
  }
  // Explicit ordering: "ordered by age", "sorted in descending order of count".
  let lastOrderAt = -1;
  for (let i = 0; i < t.length; i++) {
    if (!ORDER_WORDS.has(t[i]!.text) || ctx.used.has(i) || mentionCovering(ctx, i)) continue;
    // "was ordered the most often" is not about sorting.
    const sortCue = [
      'by',
      'from',
      'according',
      'ascending',
      'descending',
      'asc',
      'desc',
      'alphabetical',
      'alphabetically',
      'increasing',
      'decreasing',
      'of',
      'with',
      'based',
    ];
    // "in" sorts only before an order ("in reverse order"), not a period ("ordered in October").
    const inOrder = (k: number) =>
      t[k]?.text === 'in' &&
      t.slice(k + 1, k + 4).some((x) => ['order', 'reverse'].includes(x.text) || sortCue.includes(x.text));
    const isSort =
      t[i]!.text.startsWith('alphabetical') ||
      t.slice(i + 1, i + 4).some((x, k) => sortCue.includes(x.text) || inOrder(i + 1 + k)) ||
      ['in', 'descending', 'ascending', 'alphabetical', 'the'].includes(t[i - 1]?.text ?? '') ||
      i === t.length - 1;
    if (!isSort) continue;
    markUsed(ctx, i, i + 1);
    const tail = t.slice(i + 1, i + 8);
    // "in descending order": the direction may come before the word "order".
    const head = t.slice(Math.max(0, i - 2), i);
    head.forEach(
      (x, k) =>
        (DESC_WORDS.has(x.text) || ASC_WORDS.has(x.text)) &&
        !mentionCovering(ctx, i - head.length + k) &&
        markUsed(ctx, i - head.length + k, i - head.length + k + 1),
    );
    const dir =
      [...head, ...tail].some(
        (x) =>
          DESC_WORDS.has(x.text) &&
          !['most', 'highest', 'largest', 'top', 'biggest', 'greatest'].includes(x.text),
      ) || tail.some((x) => DESC_WORDS.has(x.text))
        ? 'desc'
        : 'asc';
    // "sorted by the average number of rooms in descending order": one ordering said twice.
    const saidDir = [...head, ...tail].some((x) =>
      ['descending', 'decreasing', 'desc', 'reverse', 'ascending', 'increasing', 'asc'].includes(x.text),
    );
    if (
      ctx.order.length &&
      lastOrderAt >= 0 &&
      i - lastOrderAt <= 12 &&
      !t.slice(lastOrderAt, i).some((x) => x.text === 'then' || x.text === 'and')
    ) {
      if (saidDir) ctx.order[ctx.order.length - 1]!.dir = dir;
      tail.forEach(
        (x, k) =>
          (DESC_WORDS.has(x.text) || ASC_WORDS.has(x.text)) &&
          !mentionCovering(ctx, i + 1 + k) &&
          markUsed(ctx, i + 1 + k, i + 2 + k),
      );
      continue;
    }
    lastOrderAt = i;
    tail.forEach(
      (x, k) =>
        (DESC_WORDS.has(x.text) || ASC_WORDS.has(x.text) || x.text === 'order' || x.text === 'by') &&
        markUsed(ctx, i + 1 + k, i + 2 + k),
    );
    let target:
      | { kind: 'measure'; index: number }
      | { kind: 'column'; column: { table: string; column: string }; start: number }
      | null = null;
    let from = i + 1;
    let keyed = false;
    for (let k = i + 1; k < Math.min(t.length, i + 9); k++)
      if (t[k]!.text === 'by' || (t[k]!.text === 'of' && t[k - 1]!.text === 'order')) {
        from = k + 1;
        keyed = true;
        break;
      }
    // "list every town name in ascending order of headcount": the verb's object is
    // what is listed; the key comes with the later "order of".
    const laterKey = t
      .slice(i + 1)
      .some(
        (x, k) => ORDER_WORDS.has(x.text) && (t[i + 2 + k]?.text === 'of' || t[i + 2 + k]?.text === 'by'),
      );
    if (!keyed && i <= 1 && laterKey) {
      lastOrderAt = -1;
      continue;
    }
    for (let k = from; k < Math.min(t.length, from + 8); k++) {
      // "sorted by the average number of rooms", "by each city's highest latitude": a measure.
      const aggWord = AGG_WORDS[t[k]!.text];
      const byAgg = aggWord ? ctx.measures.findIndex((m) => m.agg === aggWord && m.column) : -1;
      if (byAgg >= 0) {
        target = { kind: 'measure', index: byAgg };
        markUsed(ctx, k, k + 1);
        break;
      }
      const m = mentionCovering(ctx, k);
      // "in decreasing order of each city's highest latitude": the grouping only says whose.
      if (
        m?.kind === 'column' &&
        ['each', 'every'].includes(t[m.start - 1]?.text ?? '') &&
        ctx.measures.some((x) => x.column)
      ) {
        k = m.end - 1;
        continue;
      }
      // "in ascending order of school enrollment" with a column School naming the table's rows.
      const after = m?.kind === 'column' ? mentionCovering(ctx, m.end) : undefined;
      if (
        m?.kind === 'column' &&
        isEntityColumn(ctx, m.column) &&
        after?.kind === 'column' &&
        after.start === m.end &&
        !isEntityColumn(ctx, after.column)
      ) {
        k = m.end - 1;
        continue;
      }
      if (m?.kind === 'column') {
        target = { kind: 'column', column: ref(m.column), start: m.start };
        break;
      }
      if (['number', 'count', 'many', 'frequency'].includes(t[k]!.text)) {
        target = { kind: 'measure', index: countIndex(ctx) };
        markUsed(ctx, k, k + 1);
        break;
      }
    }
    if (target?.kind === 'column') {
      const meas = ctx.measures.findIndex((m) => m.column?.column === target.column.column);
      if (meas >= 0 && ctx.consumed.has(target.start)) ctx.order.push({ kind: 'measure', index: meas, dir });
      else {
        ctx.order.push({ kind: 'column', column: target.column, dir });
        const r = mentionCovering(ctx, target.start);
        if (r && !ctx.measures.length) {
          ctx.consumed.add(target.start);
          markUsed(ctx, r.start, r.end);
        }
      }
    } else if (target) ctx.order.push({ kind: 'measure', index: target.index, dir });
    else if (ctx.measures.length && ![...head, ...tail].some((x) => x.text.startsWith('alphabetical')))
      ctx.order.push({ kind: 'measure', index: 0, dir });
    else {
      // "… in alphabetical order": the first thing listed.
      const free = freeColumns(ctx)[0];
      const first = ctx.dimensions[0]?.column ?? (free ? ref(free.column) : undefined);
      if (first) ctx.order.push({ kind: 'column', column: first, dir });
      else if (ctx.measures.length) ctx.order.push({ kind: 'measure', index: 0, dir });
    }
  }
  // Superlatives.
  const supers = t.flatMap((x, i) =>
    !ctx.used.has(i) &&
    (SUPERLATIVE_DESC.has(x.text) || SUPERLATIVE_ASC.has(x.text)) &&
    !gradedDegree(t, i + 1)
      ? [i]
      : [],
  );
  const at = [...new Set([...pending, ...supers])].sort((a, b) => a - b)[0];
  if (at !== undefined && !ctx.order.length) {
    // "the top three lowest distances": the adjective after "top" gives the direction.
    let after: number | undefined;
    if (['top', 'bottom'].includes(t[at]!.text))
      for (let s = at + 1; s <= at + 3 && s < t.length; s++)
        if (SUPERLATIVE_ASC.has(t[s]!.text) || SUPERLATIVE_DESC.has(t[s]!.text)) {
          after = s;
          break;
        }
    const desc = SUPERLATIVE_DESC.has(t[after ?? at]!.text);
    if (after !== undefined && !mentionCovering(ctx, after)) markUsed(ctx, after, after + 1);
    // "top 3 most common", "the most frequently used": one ranking said several ways.
    for (const s of supers)
      if (s >= at && s <= at + 3 && SUPERLATIVE_DESC.has(t[s]!.text) === desc) markUsed(ctx, s, s + 1);
    markUsed(ctx, at, at + 1);
    for (let k = at + 1; k < at + 5; k++)
      if (
        ['common', 'popular', 'frequent', 'frequently', 'commonly', 'number', 'often', 'amount'].includes(
          t[k]?.text ?? '',
        )
      )
        markUsed(ctx, k, k + 1);
    const hasDimension = freeColumns(ctx).length > 0 || ctx.dimensions.length > 0;
    const target = ctx.measures.findIndex((m) => m.agg !== 'count');
    const byFrequency = ['common', 'popular', 'frequent', 'frequently', 'commonly', 'often'].includes(
      t[at + 1]?.text ?? '',
    );
    const ranking = ['top', 'bottom', 'best', 'worst'].includes(t[at]!.text);
    // "the earliest snapshot": a ranking in time, by the date named, not by a measure.
    const dated =
      ['earliest', 'latest', 'newest', 'recent'].includes(t[at]!.text) && !mentionCovering(ctx, at)
        ? [
            ...freeColumns(ctx).map((c) => c.column),
            ...ctx.dimensions
              .filter((d) => !d.grain)
              .flatMap((d) =>
                ctx.base.columns.filter((c) => c.name === d.column.column && c.table === d.column.table),
              ),
          ].find((c) => c.kind === 'date')
        : undefined;
    if (dated)
      ctx.order.push({
        kind: 'column',
        column: ref(dated),
        dir: t[at]!.text === 'earliest' ? 'asc' : 'desc',
      });
    else {
      const index =
        !byFrequency &&
        target >= 0 &&
        (ranking || pending.includes(at) || superlativeMeasures.includes(target))
          ? target
          : countIndex(ctx);
      ctx.order.push({ kind: 'measure', index, dir: desc ? 'desc' : 'asc' });
    }
    ctx.limit = limitNear(ctx, at) ?? 1;
    if (!hasDimension) penalise(ctx, 0.5, 'a superlative without anything to rank');
    intent = 'superlative';
    grouped = true;
  } else if (superlativeMeasures.length && freeColumns(ctx).length && !grouped && !ctx.order.length) {
    const index = superlativeMeasures[0]!;
    const m = ctx.measures[index]!;
    // "which region had the highest revenue": with a few repeated groups, the highest total.
    const dim = [...freeColumns(ctx)].sort(
      (a, b) => (a.column.distinctCount ?? 0) - (b.column.distinctCount ?? 0),
    )[0]!.column;
    const kpi = ctx.base.columns.find((c) => c.name === m.column?.column && c.table === m.column?.table);
    const superAt = t.findIndex((x) => AGG_BY_WORD(x.text));
    const entityNamed = ctx.resolved.some(
      (r) => r.kind === 'table' && r.table === ctx.base && r.start < superAt,
    );
    const free = freeColumns(ctx);
    const rows = ctx.base.rowCount ?? 0;
    if (
      !entityNamed &&
      kpi?.entityType === 'KPI' &&
      (dim.distinctCount ?? 0) > 0 &&
      (dim.distinctCount ?? 0) * 3 <= rows &&
      (m.agg === 'max' || m.agg === 'min') &&
      [
        'highest',
        'largest',
        'biggest',
        'greatest',
        'top',
        'best',
        'lowest',
        'smallest',
        'worst',
        'most',
        'least',
        'fewest',
      ].includes(t.find((x) => AGG_BY_WORD(x.text))?.text ?? '')
    ) {
      // Groups ranked by what their rows add up to; by their average where that means nothing
      // added up ("the highest rated category": ratings are averaged).
      const agg = isNonAdditiveColumn(kpi) ? 'avg' : 'sum';
      ctx.measures[index] = { ...m, agg, label: measureLabel(agg, kpi) };
      ctx.order.push({ kind: 'measure', index, dir: m.agg === 'min' ? 'asc' : 'desc' });
      grouped = true;
    } else if (
      (m.agg === 'max' || m.agg === 'min') &&
      m.column &&
      ctx.measures.length === 1 &&
      (free.length >= 2 || free.every((c) => (c.column.distinctCount ?? 0) >= 0.9 * rows))
    ) {
      // "the flight number and distance of the one with the maximum price": that row, listed.
      ctx.measures.splice(index, 1);
      ctx.order.push({ kind: 'column', column: m.column, dir: m.agg === 'min' ? 'asc' : 'desc' });
    } else {
      ctx.order.push({ kind: 'measure', index, dir: m.agg === 'min' ? 'asc' : 'desc' });
      grouped = true;
    }
    // "which three regions had the highest revenue": the count said before what is ranked.
    ctx.limit = (superAt >= 0 ? limitNear(ctx, superAt) : undefined) ?? 1;
    intent = 'superlative';
  } else if (
    superlativeMeasures.length === 1 &&
    ctx.measures.length === 1 &&
    !freeColumns(ctx).length &&
    !ctx.dimensions.length &&
    !ctx.order.length
  ) {
    // "which team has the smallest payroll", "the player with the highest wage": a row, not a number.
    const m = ctx.measures[0]!;
    const superAt = t.findIndex((x, i) => AGG_WORDS[x.text] && ctx.used.has(i));
    const entityBefore = ctx.resolved.some(
      (r) => r.kind === 'table' && r.table === ctx.base && r.start < superAt,
    );
    if (
      (m.agg === 'max' || m.agg === 'min') &&
      m.column &&
      (entityBefore || /^\s*(which|who)\b/i.test(ctx.question))
    ) {
      ctx.measures.splice(0, 1);
      ctx.order.push({ kind: 'column', column: m.column, dir: m.agg === 'min' ? 'asc' : 'desc' });
      // "the 5 employees with the highest salary": as many rows as said before them.
      ctx.limit = (superAt >= 0 ? limitNear(ctx, superAt) : undefined) ?? 1;
      intent = 'superlative';
    }
  }
  // "the oldest singer": an adjective superlative over a listing.
  if (!ctx.order.length) {
    for (const [i, x] of t.entries()) {
      const adj = adjectiveColumn(x.text);
      // "the most expensive", "the least expensive": a superlative said in two words.
      const degree = !x.text.endsWith('est') ? gradedDegree(t, i) : undefined;
      if (!adj || (!x.text.endsWith('est') && !degree) || ctx.used.has(i)) continue;
      const col = ctx.base.columns.find(
        (c) => c.kind === 'number' && splitIdentifier(c.name).map(lemma).includes(adj.word),
      );
      if (!col) continue;
      markUsed(ctx, degree ? i - 1 : i, i + 1);
      const covering = mentionCovering(ctx, i);
      if (covering?.kind === 'column' && covering.column === col) ctx.consumed.add(covering.start);
      const dir = degree !== 'least' ? adj.dir : adj.dir === 'asc' ? 'desc' : 'asc';
      ctx.order.push({ kind: 'column', column: ref(col), dir });
      ctx.limit = limitNear(ctx, i) ?? 1;
      intent = 'superlative';
      break;
    }
  }
  for (const c of countConditions) {
    if (c.op === 'between' && c.upper !== undefined) {
      const m = countIndex(ctx);
      ctx.having.push({ measure: m, op: 'gte', value: c.value }, { measure: m, op: 'lte', value: c.upper });
      continue;
    }
    ctx.having.push({
      measure: countIndex(ctx),
      op:
        c.op === 'neq' || c.op === 'between' || c.op === 'in'
          ? 'gte'
          : (c.op as 'gt' | 'gte' | 'lt' | 'lte' | 'eq'),
      value: c.value,
    });
  }
  if (countConditions.length) grouped = true;
  const topAt = t.findIndex((x, i) => (x.text === 'top' || x.text === 'bottom') && !ctx.used.has(i));
  if (topAt >= 0) {
    const n = limitNear(ctx, topAt);
    markUsed(ctx, topAt, topAt + 1);
    if (n) ctx.limit = n;
    if (!ctx.order.length && ctx.measures.length)
      ctx.order.push({ kind: 'measure', index: 0, dir: t[topAt]!.text === 'top' ? 'desc' : 'asc' });
    intent = 'top';
  }
  const shareAt = t.findIndex(
    (x, i) =>
      ['share', 'percentage', 'proportion', 'percent', 'fraction'].includes(x.text) &&
      !mentionCovering(ctx, i) &&
      // "share of revenue", "what percentage", "as a percentage", "in percent".
      (t[i + 1]?.text === 'of' || ['what', 'in', 'a', 'as'].includes(t[i - 1]?.text ?? '')),
  );
  const share = shareAt >= 0 && (grouped || freeColumns(ctx).length > 0) && ctx.measures.length > 0;
  if (share) {
    markUsed(ctx, shareAt, shareAt + 1);
    intent = 'share';
  }
  const membersCompared = ctx.filters.find((f) => f.op === 'in' && f.values.length >= 2);
  const saysCompare = t.some((x) => ['vs', 'versus', 'compare', 'compared', 'comparison'].includes(x.text));
  // "the sum of budgets of Marketing and Finance": one number over both members.
  const pooled =
    t.some((x) => ['sum', 'total', 'combined', 'altogether', 'together'].includes(x.text)) ||
    /^\s*(what|how much) (is|was)\b/i.test(ctx.question);
  if (
    membersCompared &&
    (saysCompare || (ctx.measures.length && !pooled && !t.some((x) => x.text === 'or')))
  ) {
    t.forEach(
      (x, i) =>
        ['vs', 'versus', 'compare', 'compared', 'comparison'].includes(x.text) && markUsed(ctx, i, i + 1),
    );
    ctx.dimensions.push({ column: membersCompared.column, label: membersCompared.column.column });
    // "the number of male and female faculty": every member named is a breakdown, not a guess.
    const column = ctx.model.tables
      .find((x) => x.name === membersCompared.column.table)
      ?.columns.find((c) => c.name === membersCompared.column.column);
    const everyMember = !!column && column.distinctCount === membersCompared.values.length;
    if (!saysCompare && !everyMember) penalise(ctx, 0.6, 'members joined by "and" read as a comparison');
    grouped = true;
    intent = 'compare_members';
  }
  if (ctx.time.comparison && ctx.time.period) intent = 'compare_periods';
  if (intent === 'distribution' && !grouped) intent = undefined;
  return { grouped, intent, share };
}
