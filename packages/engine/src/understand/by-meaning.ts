import type { ModelColumn, SemanticModel } from '../model/types';
import type { Mention } from './mentions';
import { meaningsOf, phraseMeaningsOf, type Meaning } from '../nlp/meanings';
import { baseForms } from '../nlp/wordnet';

/** Whether WordNet knows a word only as a verb (or its forms), not as a noun or adjective. */
function isVerbOnly(word: string): boolean {
  const forms = baseForms(word);
  return forms.some((f) => f.pos === 'v') && !forms.some((f) => f.pos === 'n' || f.pos === 'a');
}
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import {
  AGG_WORDS,
  ASC_WORDS,
  COMPARATORS,
  DESC_WORDS,
  FILLER,
  GROUP_WORDS,
  INTENT_VERBS,
  NEGATION_WORDS,
  ORDER_WORDS,
  SUPERLATIVE_ASC,
  SUPERLATIVE_DESC,
} from './keywords';
import { SOFT_VERBS } from './doubts';
import { MEANING_WEIGHTS } from './weights';

// Columns named by what a word means rather than how it is spelled: "rainfall" for a column
// precipitation (rain is a kind of precipitation), "how hot" for temperature (the quality "hot"
// measures), "cancellations" for a flag cancelled (the act of cancelling). Only words no other
// mention explains get such a reading, and it is weaker than a column's own name.

/** Words of column names that say little about what the column holds. */
const WEAK = new Set([
  'id',
  'code',
  'name',
  'number',
  'no',
  'type',
  'value',
  'amount',
  'count',
  'date',
  'flag',
]);
/** Question words that shape the answer: never read as data by meaning. */
const SHAPE_WORDS = new Set([
  'average',
  'mean',
  'median',
  'total',
  'sum',
  'number',
  'count',
  'many',
  'much',
  'more',
  'less',
  'fewer',
  'percent',
  'percentage',
  'share',
  'ratio',
  'rate',
  'change',
  'growth',
  'trend',
  'compare',
  'compared',
  'versus',
  'last',
  'next',
  'previous',
  'first',
  'current',
  'recent',
  'today',
  'yesterday',
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'daily',
  'weekly',
  'monthly',
  'quarterly',
  'yearly',
  'annual',
  'time',
  'date',
  'period',
  'ever',
  'each',
  'every',
  'not',
  'without',
  'other',
  'past',
  'future',
  'ago',
  'since',
  'until',
  'recently',
]);

/** A column a word names by meaning (the shape of a column mention's hit). */
export interface MeaningHit {
  ref: { table: string; column: string };
  column: ModelColumn;
  quality: number;
}

const COMPARATOR_WORDS = new Set(COMPARATORS.flatMap((c) => c.words));

interface MeaningIndex {
  /** A base word of a column name → the columns it is part of, with how much of the name it is. */
  columns: Map<string, { column: ModelColumn; table: string; whole: boolean }[]>;
}

const indexes = new WeakMap<SemanticModel, MeaningIndex>();

function meaningIndex(model: SemanticModel): MeaningIndex {
  const cached = indexes.get(model);
  if (cached) return cached;
  const columns: MeaningIndex['columns'] = new Map();
  for (const table of model.tables) {
    const tableWords = new Set(splitIdentifier(table.name).map(lemma));
    for (const column of table.columns) {
      if (!measurable(column)) continue;
      const words = splitIdentifier(column.name)
        .map(lemma)
        .filter((w) => w.length >= 3 && !WEAK.has(w) && !tableWords.has(w));
      const whole = words.length === 1;
      for (const w of words) {
        const bases = new Set([w, ...baseForms(w).map((b) => b.word)]);
        for (const b of bases) {
          const list = columns.get(b) ?? [];
          if (!list.some((x) => x.column === column)) list.push({ column, table: table.name, whole });
          columns.set(b, list);
        }
      }
    }
  }
  const index = { columns };
  indexes.set(model, index);
  return index;
}

/**
 * Columns a word can name by meaning: quantities, flags, dates and categories. Free text
 * (names, descriptions, details) has no meaning of its own to match: "items" is no detail.
 */
function measurable(column: ModelColumn): boolean {
  if (column.isKey) return false;
  if (column.kind !== 'text') return true;
  return column.values.length > 0 && !/(name|description|detail|comment|note|title)s?$/i.test(column.name);
}

/** Whether a token may name data by its meaning (a content word the grammar does not use). */
function contentWord(t: Token): boolean {
  return (
    t.number === null &&
    !t.quoted &&
    /^[a-z][a-z-]{2,}$/.test(t.text) &&
    // "returns" may name returned orders, though "return" asks for output.
    !FILLER.has(t.text) &&
    !SHAPE_WORDS.has(t.lemma) &&
    !(t.text in AGG_WORDS) &&
    !GROUP_WORDS.has(t.text) &&
    !ORDER_WORDS.has(t.text) &&
    !DESC_WORDS.has(t.text) &&
    !ASC_WORDS.has(t.text) &&
    !SUPERLATIVE_DESC.has(t.text) &&
    !SUPERLATIVE_ASC.has(t.text) &&
    !COMPARATOR_WORDS.has(t.text) &&
    !NEGATION_WORDS.has(t.text) &&
    !INTENT_VERBS.has(t.text) &&
    !SOFT_VERBS.has(t.text) &&
    // Adverbs ("typically", "currently") say how, not what.
    !t.text.endsWith('ly')
  );
}

/**
 * Column mentions for the words no mention covers yet, found through the words' meanings.
 * A hit's quality is the closeness of the meaning, lowered when the word is only part of the
 * column's name, and never above MEANING_WEIGHTS.ceiling.
 */
export function meaningMentions(
  tokens: Token[],
  model: SemanticModel,
  covered: Set<number>,
): { kind: 'column'; start: number; end: number; hits: MeaningHit[]; byMeaning: true }[] {
  const index = meaningIndex(model);
  const out: { kind: 'column'; start: number; end: number; hits: MeaningHit[]; byMeaning: true }[] = [];
  for (const [i, t] of tokens.entries()) {
    if (covered.has(i) || !contentWord(t)) continue;
    const best = new Map<ModelColumn, MeaningHit>();
    // "came back", "signed up": a verb and its particle mean something of their own.
    const next = tokens[i + 1];
    const phrase = next && !covered.has(i + 1) ? phraseMeaningsOf(t.text, next.text) : null;
    const end = phrase ? i + 2 : i + 1;
    // A verb's synonyms are too many ("generate" is also "return"): verbs go by their forms only.
    const verbOnly = !phrase && isVerbOnly(t.text);
    const meanings: Meaning[] = phrase ?? meaningsOf(t.text);
    for (const m of meanings) {
      if (verbOnly && m.via !== 'form' && m.via !== 'derived') continue;
      if (m.closeness < MEANING_WEIGHTS.minCloseness) break;
      // The word as written is the name index's business (parts of names included).
      if (m.word === t.text) continue;
      for (const hit of index.columns.get(m.word) ?? []) {
        // Another form of one word of a longer name is the name index's business too.
        if (m.via === 'form' && !hit.whole) continue;
        const quality = Math.min(
          MEANING_WEIGHTS.ceiling,
          m.closeness * (hit.whole ? 1 : MEANING_WEIGHTS.partOfName),
        );
        const prev = best.get(hit.column);
        if (!prev || prev.quality < quality)
          best.set(hit.column, {
            ref: { table: hit.table, column: hit.column.name },
            column: hit.column,
            quality,
          });
      }
    }
    if (best.size) out.push({ kind: 'column', start: i, end, hits: [...best.values()], byMeaning: true });
  }
  return out;
}

type ValueMention = Extract<Mention, { kind: 'value' }>;

const valueIndexes = new WeakMap<
  SemanticModel,
  Map<string, { column: ModelColumn; table: string; value: string }[]>
>();

/**
 * Values that name a state an event leaves ("cancelled", "refunded", "completed"), by the verb
 * of that event ("cancel", "refund", "complete").
 */
function stateValueIndex(model: SemanticModel) {
  const cached = valueIndexes.get(model);
  if (cached) return cached;
  const index = new Map<string, { column: ModelColumn; table: string; value: string }[]>();
  for (const table of model.tables)
    for (const column of table.columns) {
      if (column.kind !== 'text' || !measurable(column)) continue;
      for (const value of column.values) {
        const word = value.toLowerCase();
        if (!/^[a-z]{4,}ed$/.test(word)) continue;
        for (const form of baseForms(word)) {
          if (form.pos !== 'v' || form.word === word) continue;
          const list = index.get(form.word) ?? [];
          if (!list.some((x) => x.column === column && x.value === value))
            list.push({ column, table: table.name, value });
          index.set(form.word, list);
        }
      }
    }
  valueIndexes.set(model, index);
  return index;
}

/**
 * "Which doctor had the most cancellations", "the cancellation rate": a noun of an event names
 * the rows in the state the event leaves (status "cancelled"), where no other mention covers it.
 */
export function stateValueMentions(
  tokens: Token[],
  model: SemanticModel,
  covered: Set<number>,
): ValueMention[] {
  const index = stateValueIndex(model);
  if (!index.size) return [];
  const out: ValueMention[] = [];
  for (const [i, t] of tokens.entries()) {
    // Events counted are said in the plural ("cancellations"); their share, in the singular
    // before "rate" ("the cancellation rate"). A verb's -ing form before "rate" is a charge
    // ("the shipping rate", "the hourly billing rate"), not a share.
    const rate = tokens[i + 1]?.text === 'rate' && !covered.has(i + 1) && !/ing$/.test(t.text);
    if (covered.has(i) || !contentWord(t) || (t.lemma === t.text && !rate)) continue;
    const verbs = meaningsOf(t.text).filter(
      (m) => (m.via === 'derived' || m.via === 'form') && m.closeness >= MEANING_WEIGHTS.minCloseness,
    );
    const hits = verbs.flatMap((m) =>
      (index.get(m.word) ?? []).map((x) => ({
        ref: { table: x.table, column: x.column.name },
        column: x.column,
        value: x.value,
        quality: Math.min(MEANING_WEIGHTS.ceiling, m.closeness),
      })),
    );
    if (hits.length) out.push({ kind: 'value', start: i, end: i + 1, hits });
  }
  return out;
}
