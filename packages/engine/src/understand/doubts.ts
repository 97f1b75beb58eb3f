import { editDistance, splitIdentifier } from '../nlp/text';
import type { SemanticModel } from '../model/types';
import { isKnownWord } from '../nlp/segment';

// How unexplained words of a question lower the confidence in its reading.

/** Words whose meaning changes the answer: left unexplained, the engine must not guess. */
export const HARD_WORDS = new Set([
  'average',
  'mean',
  'avg',
  'sum',
  'maximum',
  'minimum',
  'max',
  'min',
  'descending',
  'ascending',
  'decreasing',
  'increasing',
  'not',
  'no',
  'without',
  'except',
  'excluding',
  'never',
  'before',
  'after',
  'between',
  'more',
  'less',
  'fewer',
  'least',
  'most',
  'top',
  'bottom',
  'percentage',
  'ratio',
  'difference',
  'per',
  'each',
  'only',
  'both',
  'either',
  'neither',
  'same',
  'all',
  'every',
]);
export const SOFT_VERBS = new Set([
  'company',
  'companies',
  'people',
  'person',
  'persons',
  'times',
  'firm',
  'firms',
  'individual',
  'individuals',
  'total',
  'code',
  'codes',
  'id',
  'ids',
  'live',
  'lives',
  'exist',
  'exists',
  'correspond',
  'corresponds',
  'contain',
  'contains',
  'belong',
  'hold',
  'holds',
  'own',
  'owns',
  'come',
  'came',
  'comes',
  'appear',
  'appears',
  'occur',
  'occurs',
  'participate',
  'offer',
  'offers',
  'serve',
  'serves',
  'reside',
  'choose',
  'produce',
  'produces',
  'amongst',
  'everybody',
  'everyone',
  'currently',
  'ever',
  'altogether',
  'based',
  'grouped',
  'group',
]);
/** First halves of words that rank ("best-rated", "top-selling", "worst-performing"). */
const RANK_HEADS = new Set(['best', 'worst', 'top', 'bottom', 'highest', 'lowest', 'most', 'least']);

/**
 * How much an unexplained word lowers confidence: words that change the answer (or look like
 * typos of them) and numbers a lot; a capitalised word is likely a value we could not find;
 * a lowercase word is often only context ("located", "records").
 */
export function unexplainedFactor(
  u: { text: string; raw: string; number: number | null; quoted: boolean; first?: boolean },
  aggregated: boolean,
  model?: SemanticModel,
  used?: { tables: Set<string>; columns: Set<string> },
): number {
  if (u.number !== null || u.quoted || HARD_WORDS.has(u.text)) return 0.3;
  // "best-rated", "top-selling": a ranking said in one word.
  const head = u.text.split('-')[0]!;
  if (u.text.includes('-') && (HARD_WORDS.has(head) || RANK_HEADS.has(head))) return 0.3;
  if (u.text.length >= 5 && [...HARD_WORDS].some((h) => h.length >= 5 && editDistance(h, u.text, 1) <= 1))
    return 0.3;
  // "logged in" with a column user_login: the word points at data the reading left out.
  const pointsAtData = !!model && !!used && namesData(u.text, model, used);
  if (isSoftWord(u.text)) return pointsAtData ? 0.55 : 0.88;
  // "Check the invoices…": a capital at the start of a sentence is not a name.
  const sentenceStart = u.first === true && /^[A-Z][a-z]+$/.test(u.raw) && isKnownWord(u.text);
  if ((u.raw !== u.raw.toLowerCase() && !sentenceStart) || !/^[a-z]+$/.test(u.text)) return 0.5;
  // Listings fail more often on a stray word (it usually names another table) than aggregates.
  return (aggregated ? 0.6 : 0.55) * (pointsAtData ? 0.85 : 1);
}

/** Verbs and participles ("located", "living") rarely change what is asked. */
export function isSoftWord(w: string): boolean {
  if (SOFT_VERBS.has(w)) return true;
  return (
    w.length > 5 &&
    (w.endsWith('ed') || w.endsWith('ing')) &&
    ![
      'descending',
      'ascending',
      'increasing',
      'decreasing',
      'excluding',
      'including',
      'during',
      'starting',
      'ending',
      'remaining',
      'missing',
      'outstanding',
      'pending',
      'preceding',
      'following',
    ].includes(w)
  );
}

/** A rough stem: "logged" → "log", "ordered" → "order", "headquartered" → "headquarter". */
function stem(w: string): string {
  let s = w.toLowerCase().replace(/(ings|ing|ers|er|ed|es|s)$/, '');
  if (s.length >= 4 && /([b-df-hj-np-tv-z])\1$/.test(s)) s = s.slice(0, -1);
  return s;
}

interface VocabWord {
  word: string;
  stem: string;
  table: string;
  column?: string;
}
const vocabularies = new WeakMap<SemanticModel, VocabWord[]>();
const GENERIC = new Set([
  'total',
  'name',
  'number',
  'code',
  'type',
  'date',
  'time',
  'count',
  'value',
  'amount',
  'detail',
  'description',
  'other',
]);

/**
 * Whether a word shares its stem with a word of a table or column name of the model that the
 * reading does not use ("logged in" with an unused column user_login).
 */
function namesData(
  word: string,
  model: SemanticModel,
  used: { tables: Set<string>; columns: Set<string> },
): boolean {
  const s = stem(word);
  if (s.length < 3 || word.length < 4) return false;
  let vocab = vocabularies.get(model);
  if (!vocab) {
    vocab = [];
    for (const t of model.tables) {
      for (const w of splitIdentifier(t.name)) vocab.push({ word: w, stem: stem(w), table: t.name });
      for (const c of t.columns)
        for (const w of splitIdentifier(c.name))
          vocab.push({ word: w, stem: stem(w), table: t.name, column: c.name });
    }
    vocab = vocab.filter((v) => v.word.length >= 3 && !GENERIC.has(v.word));
    vocabularies.set(model, vocab);
  }
  const usedWords = new Set(
    vocab
      .filter((v) => (v.column ? used.columns.has(`${v.table}.${v.column}`) : used.tables.has(v.table)))
      .map((v) => v.stem),
  );
  return vocab.some((v) => {
    if (
      usedWords.has(v.stem) ||
      (v.column ? used.columns.has(`${v.table}.${v.column}`) : used.tables.has(v.table))
    )
      return false;
    // "players played": the doer's noun, not more data.
    if (/(er|or)$/.test(v.word) && v.word.length - s.length <= 2 && v.word.startsWith(s)) return false;
    return (
      v.stem === s ||
      (v.word.startsWith(s) && v.word.length - s.length <= 2) ||
      (s.startsWith(v.stem) && v.stem.length >= 4 && s.length - v.stem.length <= 2)
    );
  });
}
