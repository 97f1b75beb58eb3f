import type { SemanticModel } from '../model/types';
import type { Token } from '../nlp/text';
import { findMentions } from './mentions';

// "each customer's first order date", "when did each store make its last sale", "the most recent
// visit of every patient": the first or last of things that happen is the earliest or latest
// date they happened on. Said so, the question is read with the date named ("the earliest order
// date"), which is an aggregate of that date like any other.

const EDGES: [RegExp, 'earliest' | 'latest'][] = [
  [/^(?:first|earliest|oldest)$/, 'earliest'],
  [/^(?:last|latest|newest|final)$/, 'latest'],
];
/** Words after the things that ask for their date. */
const DATE_WORDS = new Set(['date', 'day', 'time', 'timestamp', 'when']);

/** The question with "first X" or "last X" said as the earliest or latest date of X, or null. */
export function firstLastWording(question: string, tokens: Token[], model: SemanticModel): string | null {
  const mentions = findMentions(tokens, model);
  const asksWhen = /^\s*when\b/i.test(question);
  for (const [i, t] of tokens.entries()) {
    const words = t.text === 'recent' && tokens[i - 1]?.text === 'most' ? 'latest' : edgeOf(t.text);
    if (!words) continue;
    const things = mentions.find((m) => m.kind === 'table' && m.start === i + 1);
    if (things?.kind !== 'table') continue;
    // The things' one date, or the date column named right after them ("first order date").
    const table = things.tables[0]!.table;
    const dates = table.columns.filter((c) => c.isTime);
    const saysDate = DATE_WORDS.has(tokens[things.end]?.text ?? '');
    // A date column named with the words after the things ("order date", "order placed date").
    const named = mentions.find(
      (m) =>
        m.kind === 'column' &&
        m.start <= things.end &&
        m.end > things.end &&
        m.hits.some((h) => h.column.isTime && h.ref.table === table.name),
    );
    // "the date of the first order": the date said before.
    let k = i - 1;
    if (['the', 'their', 'its', 'his', 'her'].includes(tokens[k]?.text ?? '')) k--;
    const dateBefore = tokens[k]?.text === 'of' && DATE_WORDS.has(tokens[k - 1]?.text ?? '') ? k - 1 : -1;
    // Already said as the earliest or latest date: nothing to reword.
    if (t.text === words && (saysDate || named)) continue;
    if (!named && dates.length !== 1) continue;
    if (!saysDate && !named && !asksWhen && dateBefore < 0) continue;
    const date = named?.kind === 'column' ? null : dates[0]!;
    if (dateBefore >= 0 && date) {
      const from = tokens[dateBefore]!.start;
      return `${question.slice(0, from)}${words} ${date.label.toLowerCase()}${question.slice(tokens[things.end - 1]!.end)}`;
    }
    const start = tokens[t.text === 'recent' ? i - 1 : i]!.start;
    // "first order date": the date's own words stay; "last order" (asked when): the date is named.
    const end =
      saysDate || named ? tokens[i]!.end : things.kind === 'table' ? tokens[things.end - 1]!.end : t.end;
    const replacement = saysDate || named ? words : `${words} ${date!.label.toLowerCase()}`;
    if (asksWhen && !saysDate && !named) {
      // "When did each customer place their last order?": the latest order date for each customer.
      const when = /^\s*when\s+(?:did|does|do|was|were|has|have|is)\s+/i.exec(question);
      if (!when) continue;
      let s = i - 1;
      if (['their', 'its', 'his', 'her', 'the'].includes(tokens[s]?.text ?? '')) s--;
      // The verb before (one word the data does not name).
      if (s >= 0 && !mentions.some((m) => m.start <= s && s < m.end)) s--;
      const subject = question.slice(when[0].length, tokens[s]!.end).trim();
      if (!subject) continue;
      const link = /^(?:each|every|all)\b/i.test(subject) ? 'for' : 'of';
      return `${replacement} ${link} ${subject}${question.slice(end)}`;
    }
    return `${question.slice(0, start)}${replacement}${question.slice(end)}`;
  }
  return null;
}

function edgeOf(word: string): 'earliest' | 'latest' | null {
  return EDGES.find(([re]) => re.test(word))?.[1] ?? null;
}
