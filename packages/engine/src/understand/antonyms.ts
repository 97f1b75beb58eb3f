import type { TColumnRef, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import { baseForms, pointerWords, senses } from '../nlp/wordnet';
import { splitIdentifier, tokenize } from '../nlp/text';
import { isFlag } from './business/conditions';

// "How many students failed chemistry", "inactive users": a word whose opposite names a yes/no
// column ("passed", "is_active") says that column is false. The question is said again with the
// column's own word ("how many students passed chemistry"), read as usual, and the condition
// that word made is turned round (a "not" in the words would reach the words after it).

/** The words WordNet gives as opposites of a word's verb and adjective senses. */
function opposites(word: string): Set<string> {
  const out = new Set<string>();
  for (const base of baseForms(word)) {
    if (base.pos !== 'v' && base.pos !== 'a') continue;
    for (const sense of senses(base.word, base.pos))
      for (const p of sense.pointers) if (p.symbol === '!') for (const w of pointerWords(p)) out.add(w);
  }
  return out;
}

interface Flag {
  ref: TColumnRef;
  word: string;
}

/** Per model: each word opposite to a yes/no column's word ("fail" → passed), found once. */
const oppositeCache = new WeakMap<SemanticModel, Map<string, Flag>>();
function oppositeWords(model: SemanticModel): Map<string, Flag> {
  const cached = oppositeCache.get(model);
  if (cached) return cached;
  const out = new Map<string, Flag>();
  for (const t of model.tables)
    for (const c of t.columns.filter(isFlag)) {
      const flag = {
        ref: { table: t.name, column: c.name },
        word: splitIdentifier(c.name).pop()!.toLowerCase(),
      };
      // The opposites and their regular forms ("fail": failed, fails, failing).
      for (const w of opposites(flag.word))
        for (const form of [w, `${w}ed`, `${w}d`, `${w}s`, `${w}ing`])
          if (!out.has(form)) out.set(form, flag);
    }
  oppositeCache.set(model, out);
  return out;
}

/** The question with the word opposite to a yes/no column said as the column's word, or null. */
export function antonymWording(
  question: string,
  model: SemanticModel,
): { text: string; column: TColumnRef } | null {
  const opposite = oppositeWords(model);
  if (!opposite.size) return null;
  const tokens = tokenize(question);
  // A question that says the column's own word is read as it is.
  const own = new Set([...opposite.values()].map((f) => f.word));
  if (tokens.some((t) => own.has(t.text))) return null;
  for (const t of tokens) {
    if (t.quoted || t.number !== null || t.text.length < 4) continue;
    const flag = opposite.get(t.text) ?? opposite.get(t.lemma);
    if (flag)
      return {
        text: `${question.slice(0, t.start)}${flag.word}${question.slice(t.end)}`,
        column: flag.ref,
      };
  }
  return null;
}

/**
 * The plan with the condition the column's word made (the column true) turned round, or null
 * where the reading made no such condition.
 */
export function turnedRound(plan: TQueryPlan | null, column: TColumnRef): TQueryPlan | null {
  const said = (f: TQueryPlan['filters'][number]) =>
    f.column.table === column.table &&
    f.column.column === column.column &&
    f.op === 'eq' &&
    f.values.length === 1 &&
    [true, 1].includes(f.values[0] as never);
  if (!plan || plan.filters.filter(said).length !== 1) return null;
  return {
    ...plan,
    filters: plan.filters.map((f) => (said(f) ? { ...f, values: [f.values[0] === 1 ? 0 : false] } : f)),
  };
}
