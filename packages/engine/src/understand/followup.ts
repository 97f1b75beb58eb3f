import type { TFilter, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { tokenize } from '../nlp/text';
import { findMentions } from './mentions';
import { findTimeWords } from './periods';
import { resolveMentions } from './resolve';
import { FILLER } from './keywords';
import { measureLabel } from './measures';

const CUES =
  /^(and|but|what about|how about|only|just|now|instead|same|top|bottom|by|per|excluding|except|without|for|in|break|split|then)\b|\binstead\b|\b(same|that|it) (for|by|but)\b/i;
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  ten: 10,
  twenty: 20,
};

export interface FollowUp {
  plan: TQueryPlan;
  confidence: number;
  /** What changed, in words ("added Month", "only Region = Europe"). */
  changes: string[];
}

/** True when a question reads as a refinement of the thread's previous question. */
export function looksLikeFollowUp(question: string): boolean {
  const q = question.trim();
  const words = q.split(/\s+/).filter(Boolean);
  return (
    CUES.test(q) ||
    (words.length <= 3 && !/^(how many|what is|what are|which|who|list|show|count)\b/i.test(q))
  );
}

/**
 * Refines the previous plan: "and by month?", "only Europe", "what about profit?",
 * "top 3 instead", "excluding Asia", "last quarter instead". Null when nothing applies.
 */
export function refineFollowUp(
  question: string,
  previous: TQueryPlan,
  model: SemanticModel,
  now: Date,
): FollowUp | null {
  const base = model.tables.find((t) => t.name === previous.table);
  if (!base || !question.trim() || question.length > 500) return null;
  const plan: TQueryPlan = structuredClone(previous);
  const changes: string[] = [];
  const text = question.trim();
  const tokens = tokenize(text);
  const used = new Set<number>();
  const time = findTimeWords(text, now);
  const timeCol = base.columns.find((c) => c.isTime);
  tokens.forEach(
    (t, i) =>
      [time.grain, time.period, time.comparison].some((s) => s && t.start >= s.start && t.end <= s.end) &&
      used.add(i),
  );
  if (time.grain && timeCol) {
    plan.dimensions = plan.dimensions.filter((d) => !d.grain);
    plan.dimensions.unshift({
      column: { table: base.name, column: timeCol.name },
      grain: time.grain.grain,
      label: `${timeCol.label} (${time.grain.grain})`,
    });
    plan.intent = 'trend';
    plan.order = [];
    plan.limit = undefined;
    changes.push(`by ${time.grain.grain}`);
  }
  if (time.period && timeCol) {
    plan.timeRange = {
      column: { table: base.name, column: timeCol.name },
      from: time.period.from,
      to: time.period.to,
      label: time.period.label,
    };
    changes.push(time.period.label);
  }
  if (time.comparison) {
    plan.comparison = time.comparison.kind;
    changes.push('compared');
  }
  const top = /\b(top|bottom|first|best|worst)\s+(\d+|one|two|three|four|five|ten|twenty)\b/i.exec(text);
  if (top) {
    const n = Number(NUMBER_WORDS[top[2]!.toLowerCase()] ?? top[2]);
    const desc = !/bottom|worst/i.test(top[1]!);
    plan.limit = n;
    if (plan.measures.length) plan.order = [{ kind: 'measure', index: 0, dir: desc ? 'desc' : 'asc' }];
    plan.intent = plan.dimensions.length ? 'top' : plan.intent;
    tokens.forEach(
      (t, i) => (t.text === top[1]!.toLowerCase() || t.text === top[2]!.toLowerCase()) && used.add(i),
    );
    changes.push(`${desc ? 'top' : 'bottom'} ${n}`);
  }
  const resolved = resolveMentions(findMentions(tokens, model), base, model, new Set());
  for (const r of resolved) {
    if (r.start < tokens.length && used.has(r.start)) continue;
    const before = tokens.slice(Math.max(0, r.start - 2), r.start).map((t) => t.text);
    if (r.kind === 'value') {
      const hit = r.hits[0]!;
      const negate = before.some((w) => ['excluding', 'except', 'without', 'not', 'but'].includes(w));
      const filter: TFilter = { column: hit.ref, op: negate ? 'neq' : 'eq', values: [hit.value] };
      plan.filters = plan.filters.filter(
        (f) =>
          !(
            f.column.table === hit.ref.table &&
            f.column.column === hit.ref.column &&
            f.op === filter.op &&
            !negate
          ),
      );
      plan.filters.push(filter);
      changes.push(`${negate ? 'excluding' : 'only'} ${hit.value}`);
    } else if (r.kind === 'column') {
      const c = r.column;
      const ref = { table: c.table, column: c.name };
      if (c.entityType === 'KPI' && !before.includes('by') && !before.includes('per')) {
        plan.measures = plan.measures.length
          ? plan.measures.map((m) => {
              // A median or percentile of another column is not known to mean anything: its sum is asked.
              const agg =
                m.agg === 'count' ||
                m.agg === 'count_distinct' ||
                m.agg === 'median' ||
                m.agg === 'percentile'
                  ? 'sum'
                  : m.agg;
              return { agg, column: ref, label: measureLabel(agg, c) };
            })
          : [{ agg: 'sum', column: ref, label: measureLabel('sum', c) }];
        changes.push(`measure ${c.label}`);
      } else if (!plan.dimensions.some((d) => d.column.column === c.name && d.column.table === c.table)) {
        if (plan.dimensions.length >= 2) plan.dimensions.pop();
        plan.dimensions.push({ column: ref, label: c.label });
        if (!plan.measures.length)
          plan.measures = [{ agg: 'count', label: measureLabel('count', undefined, base.label) }];
        plan.intent = plan.intent === 'value' ? 'breakdown' : plan.intent;
        changes.push(`by ${c.label}`);
      }
    } else continue;
    for (let k = r.start; k < r.end; k++) used.add(k);
  }
  if (!changes.length) return null;
  const unexplained = tokens.filter(
    (t, i) => !used.has(i) && !FILLER.has(t.text) && !CUE_WORDS.has(t.text) && t.text.length > 1,
  );
  return { plan, confidence: Math.max(0.2, 0.95 * 0.6 ** unexplained.length), changes };
}

const CUE_WORDS = new Set([
  'and',
  'but',
  'about',
  'only',
  'just',
  'now',
  'instead',
  'same',
  'top',
  'bottom',
  'excluding',
  'except',
  'without',
  'break',
  'down',
  'split',
  'then',
  'first',
  'best',
  'worst',
  'it',
  'that',
]);
