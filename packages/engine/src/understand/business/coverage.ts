import { isKnownWord } from '../../nlp/segment';
import { isFillerAt } from '../keywords';
import { HARD_WORDS } from '../doubts';
import { BUSINESS_WEIGHTS } from '../weights';
import type { Draft } from './draft';
import { LIGHT_WORDS } from './words';

// How sure a business reading is: every doubt raised while making it, and every word of the
// question it does not account for. Words that only carry the sentence ("how much did we …")
// need no accounting; a number, a negation or a word of comparison left out changes the answer.

/** Words that change the answer: left unexplained, the reading is most likely wrong. */
const CHANGES_ANSWER = new Set([
  // "all" only says the whole ("revenue of all stores"): no change of the answer.
  ...[...HARD_WORDS].filter((w) => w !== 'all'),
  'percent',
  'median',
  'total',
  'growth',
  'grow',
  'grew',
  'grown',
  'change',
  'changed',
  'increase',
  'decrease',
  'cumulative',
  'running',
  'vs',
  'versus',
  'compared',
  'against',
  'than',
  'first',
  'last',
  'share',
  'rate',
  'up',
  'down',
]);

export function coverage(d: Draft): { confidence: number; unexplained: string[] } {
  let confidence = BUSINESS_WEIGHTS.start;
  for (const x of d.doubts) confidence *= x.factor;
  const unexplained: string[] = [];
  for (const [i, t] of d.tokens.entries()) {
    if (d.explained.has(i)) continue;
    const word = t.text;
    const hard = t.number !== null || t.quoted || CHANGES_ANSWER.has(word);
    if (!hard && (LIGHT_WORDS.has(word) || isFillerAt(d.tokens, i))) continue;
    if (/^[^\p{L}\p{N}]+$/u.test(t.raw)) continue;
    unexplained.push(t.raw);
    // A word that names a table, a column or a value the reading does not use: data left out.
    const namesData = d.mentions.some((m) => m.start <= i && i < m.end);
    if (hard) confidence *= BUSINESS_WEIGHTS.unexplainedHard;
    else if (namesData || (t.raw !== word && !(i === 0 && isKnownWord(word))))
      confidence *= BUSINESS_WEIGHTS.unexplainedName;
    else confidence *= BUSINESS_WEIGHTS.unexplainedWord;
  }
  return { confidence: Math.max(0, Math.min(1, confidence)), unexplained };
}
