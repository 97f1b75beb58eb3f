import type { TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { fixTypos, lemma, splitIdentifier, tokenize } from '../nlp/text';
import { findMentions } from './mentions';

// What things cost and what people are paid, said by a verb. "How much does the laptop cost?",
// "which products cost more than 500?": "cost" said of things asks for their price, a column of
// the things' own table, and not for the cost column of the facts about them (what the business
// paid for what it sold). "Who is the highest paid employee?", "how many employees earn more
// than 100k?": "paid" and "earn" said of people ask for their pay (salary, wage). Where the
// subject's table has such a column, the question is read with the verb said by the column's
// name ("what is the list price of the laptop?"). Said with "us" ("what does shipping cost us"),
// the cost to the business is meant.

interface Rewording {
  said: RegExp;
  /** The words said instead, given the column's name. */
  plain: (m: RegExpExecArray, column: string) => string;
}

interface VerbFamily {
  /** Words of the column the verb asks for. */
  words: Set<string>;
  /**
   * Only of things (a table without a date of its own): a price of products, not the unit price
   * of each order.
   */
  thingsOnly: boolean;
  rewordings: Rewording[];
}

const has = (verb: string) => (/s$/i.test(verb) ? 'has' : 'have');
const end = (word: string) => (/^(most|highest|best|top)$/i.test(word) ? 'highest' : 'lowest');
const BOUNDS = '((?:more|less) than|over|under|above|below|at least|at most)';

const FAMILIES: VerbFamily[] = [
  {
    words: new Set(['price', 'fee', 'fare', 'charge']),
    thingsOnly: true,
    rewordings: [
      // "how much does the laptop cost", "what do the chairs cost"
      {
        said: /\b(?:how much|what) (?:does|do) (.+?) cost\b/i,
        plain: (m, c) => `what is the ${c} of ${m[1]}`,
      },
      // "which product costs the most", "the products that cost the least"
      { said: /\b(costs?) the (most|least)\b/i, plain: (m, c) => `${has(m[1]!)} the ${end(m[2]!)} ${c}` },
      // "which products cost more than 500", "a product that costs under 20"
      { said: new RegExp(`\\b(costs?) ${BOUNDS}\\b`, 'i'), plain: (m, c) => `${has(m[1]!)} a ${c} ${m[2]}` },
      // "products priced above 100", "how many items are priced at under 20"
      {
        said: new RegExp(`\\b(?:(?:is|are) )?priced (?:at )?${BOUNDS}\\b`, 'i'),
        plain: (m, c) => `with a ${c} ${m[1]}`,
      },
    ],
  },
  {
    words: new Set(['salary', 'wage', 'pay', 'compensation', 'income', 'earning']),
    thingsOnly: false,
    rewordings: [
      // "how much does Anna earn", "what does a manager make"
      {
        said: /\b(?:how much|what) (?:does|do) (.+?) (?:earn|make|get paid)\b/i,
        plain: (m, c) => `what is the ${c} of ${m[1]}`,
      },
      // "who is the highest paid employee", "the 5 best-paid managers"
      {
        said: /\b(highest|best|top|lowest|worst|least)[- ]paid (\p{L}+)/iu,
        plain: (m, c) => `${m[2]} with the ${end(m[1]!)} ${c}`,
      },
      // "which of the staff is the highest paid"
      {
        said: /\b(is|are) the (highest|best|top|lowest|worst|least)[- ]paid\b(?![- ]\p{L})/iu,
        plain: (m, c) => `${m[1]!.toLowerCase() === 'is' ? 'has' : 'have'} the ${end(m[2]!)} ${c}`,
      },
      // "which employee earns the most"
      {
        said: /\b(earns?|makes?) the (most|least)\b/i,
        plain: (m, c) => `${has(m[1]!)} the ${end(m[2]!)} ${c}`,
      },
      // "how many employees earn more than 100k", "staff who make under 40000"
      {
        said: new RegExp(`\\b(earns?|makes?) ${BOUNDS}\\b`, 'i'),
        plain: (m, c) => `${has(m[1]!)} a ${c} ${m[2]}`,
      },
    ],
  },
];

export interface PriceReading {
  /** The question with the verb said by the column's name. */
  text: string;
  price: ModelColumn;
}

/** The question with "cost", "earn" or "paid" said of things read as their column, where they have one. */
export function priceWording(question: string, model: SemanticModel): PriceReading | null {
  for (const family of FAMILIES)
    for (const r of family.rewordings) {
      const m = r.said.exec(question);
      if (!m) continue;
      // "what does it cost us": the cost to the business, not a price.
      if (/^\s*(?:us|me|the (?:company|business))\b/i.test(question.slice(m.index + m[0].length)))
        return null;
      const price = subjectColumn(question.slice(0, m.index + m[0].length), model, family);
      if (!price) continue;
      const name = splitIdentifier(price.name).join(' ');
      return {
        text: question.slice(0, m.index) + r.plain(m, name) + question.slice(m.index + m[0].length),
        price,
      };
    }
  return null;
}

/**
 * The column of the things named up to the verb: of a table the words name (or one of whose
 * values they say) that has one column of the family's words.
 */
function subjectColumn(words: string, model: SemanticModel, family: VerbFamily): ModelColumn | undefined {
  const named = new Set<string>();
  for (const m of findMentions(fixTypos(tokenize(words)), model)) {
    if (m.kind === 'table') for (const t of m.tables) named.add(t.table.name);
    if (m.kind === 'value') for (const h of m.hits) named.add(h.ref.table);
  }
  const columns = model.tables
    .filter((t) => named.has(t.name) && !(family.thingsOnly && t.columns.some((c) => c.isTime)))
    .flatMap((t) =>
      t.columns.filter(
        (c) =>
          c.kind === 'number' && !c.isKey && splitIdentifier(c.name).some((w) => family.words.has(lemma(w))),
      ),
    );
  return columns.length === 1 ? columns[0] : undefined;
}

/** Whether a plan reads the column: as a measure, a shown column, a filter or an order. */
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
