import type { SemanticModel } from '../model/types';
import { fixTypos, tokenize } from '../nlp/text';
import { findMentions } from './mentions';

// "Revenue vs cost by region", "compare revenue and profit by channel": two measures set side by
// side are asked together, each beside the other — "revenue and cost by region". Values set
// against each other ("Europe vs Asia") are a split kept to those values, read elsewhere.

const VERSUS = new Set(['vs', 'vs.', 'versus', 'against']);
const COMPARE = /^\s*(?:compare|comparing|comparison of)\s+/i;

/** The question with measures set against each other said as a list, or null. */
export function measuresComparedWording(question: string, model: SemanticModel): string | null {
  const tokens = fixTypos(tokenize(question));
  const mentions = findMentions(tokens, model);
  const measureAt = (k: number) =>
    mentions.some(
      (m) =>
        m.kind === 'column' &&
        m.start <= k &&
        k < m.end &&
        m.hits.some((h) => h.column.kind === 'number' && h.column.entityType === 'KPI' && !h.column.isKey),
    );
  const versus = tokens.findIndex((t, i) => VERSUS.has(t.text) && measureAt(i - 1) && measureAt(i + 1));
  if (versus >= 0) {
    const t = tokens[versus]!;
    return `${question.slice(0, t.start)}and${question.slice(t.end)}`;
  }
  const compare = COMPARE.exec(question);
  if (compare && tokens.some((t, i) => t.text === 'and' && measureAt(i - 1) && measureAt(i + 1)))
    return question.slice(compare[0].length);
  return null;
}
