import { editDistance } from '../nlp/text';

// How unexplained words of a question lower the confidence in its reading.

/** Words whose meaning changes the answer: left unexplained, the engine must not guess. */
export const HARD_WORDS = new Set(['average', 'mean', 'avg', 'sum', 'maximum', 'minimum', 'max', 'min', 'descending', 'ascending', 'decreasing', 'increasing', 'not', 'no', 'without', 'except', 'excluding', 'never', 'before', 'after', 'between', 'more', 'less', 'fewer', 'least', 'most', 'top', 'bottom', 'percentage', 'ratio', 'difference', 'per', 'each', 'only', 'both', 'either', 'neither', 'same', 'all', 'every']);
const SOFT_VERBS = new Set(['company', 'companies', 'people', 'person', 'persons', 'times', 'firm', 'firms', 'individual', 'individuals', 'total', 'code', 'codes', 'id', 'ids', 'live', 'lives', 'exist', 'exists', 'correspond', 'corresponds', 'contain', 'contains', 'belong', 'hold', 'holds', 'own', 'owns', 'come', 'came', 'comes', 'appear', 'appears', 'occur', 'occurs', 'participate', 'offer', 'offers', 'serve', 'serves', 'reside', 'choose', 'produce', 'produces', 'amongst', 'everybody', 'everyone', 'currently', 'ever', 'altogether', 'based', 'grouped', 'group']);
/**
 * How much an unexplained word lowers confidence: words that change the answer (or look like
 * typos of them) and numbers a lot; a capitalised word is likely a value we could not find;
 * a lowercase word is often only context ("located", "records").
 */
export function unexplainedFactor(u: { text: string; raw: string; number: number | null; quoted: boolean }, aggregated: boolean): number {
  if (u.number !== null || u.quoted || HARD_WORDS.has(u.text)) return 0.3;
  if (u.text.length >= 5 && [...HARD_WORDS].some((h) => h.length >= 5 && editDistance(h, u.text, 1) <= 1)) return 0.3;
  if (isSoftWord(u.text)) return 0.88;
  if (u.raw !== u.raw.toLowerCase() || !/^[a-z]+$/.test(u.text)) return 0.5;
  // Listings fail more often on a stray word (it usually names another table) than aggregates.
  return aggregated ? 0.6 : 0.55;
}

/** Verbs and participles ("located", "living") rarely change what is asked. */
export function isSoftWord(w: string): boolean {
  if (SOFT_VERBS.has(w)) return true;
  return w.length > 5 && (w.endsWith('ed') || w.endsWith('ing')) && !['descending', 'ascending', 'increasing', 'decreasing', 'excluding', 'including', 'during', 'starting', 'ending', 'remaining', 'missing', 'outstanding', 'pending', 'preceding', 'following'].includes(w);
}
