import type { TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { fixTypos, lemma, splitIdentifier, tokenize } from '../nlp/text';
import { findMentions } from './mentions';

// "How much does the laptop cost?", "which products cost more than 500?": the verb "cost" said of
// things asks for their price, a column of the things' own table, and not for the cost column of
// the facts about them (what the business paid for what it sold). Where the things' table has a
// price, the question is read with the verb said by the price's name ("what is the list price of
// the laptop?"). Said with "us" ("what does shipping cost us"), the cost to the business is meant.

/** Words of a column that holds what a thing is sold for. */
const PRICE_WORDS = new Set(['price', 'fee', 'fare', 'charge']);

interface Rewording {
  said: RegExp;
  /** The words said instead, given the price's name and whether the subject is one thing. */
  plain: (m: RegExpExecArray, price: string) => string;
}

const REWORDINGS: Rewording[] = [
  // "how much does the laptop cost", "what do the chairs cost"
  { said: /\b(?:how much|what) (?:does|do) (.+?) cost\b/i, plain: (m, p) => `what is the ${p} of ${m[1]}` },
  // "which product costs the most", "the products that cost the least"
  {
    said: /\b(costs?) the (most|least)\b/i,
    plain: (m, p) =>
      `${m[1]!.toLowerCase() === 'costs' ? 'has' : 'have'} the ${m[2]!.toLowerCase() === 'most' ? 'highest' : 'lowest'} ${p}`,
  },
  // "which products cost more than 500", "a product that costs under 20"
  {
    said: /\b(costs?) ((?:more|less) than|over|under|above|below|at least|at most)\b/i,
    plain: (m, p) => `${m[1]!.toLowerCase() === 'costs' ? 'has' : 'have'} a ${p} ${m[2]}`,
  },
];

export interface PriceReading {
  /** The question with the verb said by the price's name. */
  text: string;
  price: ModelColumn;
}

/** The question with "cost" said of things read as their price, where their table has one. */
export function priceWording(question: string, model: SemanticModel): PriceReading | null {
  for (const r of REWORDINGS) {
    const m = r.said.exec(question);
    if (!m) continue;
    // "what does it cost us": the cost to the business, not a price.
    if (/^\s*(?:us|me|the (?:company|business))\b/i.test(question.slice(m.index + m[0].length))) return null;
    const price = subjectPrice(question.slice(0, m.index + m[0].length), model);
    if (!price) return null;
    const name = splitIdentifier(price.name).join(' ');
    return {
      text: question.slice(0, m.index) + r.plain(m, name) + question.slice(m.index + m[0].length),
      price,
    };
  }
  return null;
}

/**
 * The price of the things named before the verb: of a table the words name (or one of whose
 * values they say) that holds things rather than dated facts, and has one price column.
 */
function subjectPrice(words: string, model: SemanticModel): ModelColumn | undefined {
  const named = new Set<string>();
  for (const m of findMentions(fixTypos(tokenize(words)), model)) {
    if (m.kind === 'table') for (const t of m.tables) named.add(t.table.name);
    if (m.kind === 'value') for (const h of m.hits) named.add(h.ref.table);
  }
  const prices = model.tables
    .filter((t) => named.has(t.name) && !t.columns.some((c) => c.isTime))
    .flatMap((t) =>
      t.columns.filter(
        (c) =>
          c.kind === 'number' && !c.isKey && splitIdentifier(c.name).some((w) => PRICE_WORDS.has(lemma(w))),
      ),
    );
  return prices.length === 1 ? prices[0] : undefined;
}

/** Whether a plan reads the price: as a measure, a shown column, a filter or an order. */
export function readsPrice(plan: TQueryPlan | null, price: ModelColumn): boolean {
  if (!plan) return false;
  const is = (c?: { table: string; column: string }) => c?.table === price.table && c.column === price.name;
  return (
    plan.measures.some((m) => is(m.column)) ||
    plan.columns.some(is) ||
    plan.filters.some((f) => is(f.column)) ||
    plan.order.some((o) => o.kind === 'column' && is(o.column))
  );
}
