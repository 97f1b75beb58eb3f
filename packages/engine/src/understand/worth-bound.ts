import type { TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { fixTypos, tokenize } from '../nlp/text';
import { salesColumn } from './filters';
import { findMentions } from './mentions';

// "How many orders were over 1000?", "orders above 500 last month", "invoices worth more than
// 2k": a bound said of rows themselves, with no amount named, is a bound on what each row is
// worth — the one column of their table that holds its sales (revenue, amount). Said so, the
// question is read as "orders with revenue over 1000".

/** Words between the rows' name and the bound that only link them ("were", "worth"). */
const LINKS = new Set(['were', 'was', 'are', 'is', 'that', 'which', 'worth', 'valued', 'at']);
const BOUNDS: readonly (readonly string[])[] = [
  ['over'],
  ['above'],
  ['under'],
  ['below'],
  ['more', 'than'],
  ['less', 'than'],
  ['greater', 'than'],
  ['at', 'least'],
  ['at', 'most'],
];

export interface WorthReading {
  text: string;
  sales: ModelColumn;
}

/** The question with the sales column named before a bare bound on rows, or null. */
export function worthWording(question: string, model: SemanticModel): WorthReading | null {
  const tokens = fixTypos(tokenize(question));
  const mentions = findMentions(tokens, model);
  for (const m of mentions) {
    if (m.kind !== 'table' || m.tables.length !== 1) continue;
    const sales = salesColumn(model, m.tables[0]!.table.name);
    if (!sales) continue;
    let k = m.end;
    while (LINKS.has(tokens[k]?.text ?? '') && k < m.end + 2) k++;
    // "at least" is a bound, not a link.
    if (tokens[k - 1]?.text === 'at' && ['least', 'most'].includes(tokens[k]?.text ?? '')) k--;
    const bound = BOUNDS.find((b) => b.every((w, n) => tokens[k + n]?.text === w));
    const number = bound && tokens[k + bound.length];
    if (!bound || number?.number === null || number?.number === undefined) continue;
    // An amount named after the number ("over 1000 units") is another bound.
    if (mentions.some((x) => x.start === k + bound.length + 1 && x.kind === 'column')) continue;
    const from = tokens[m.end - 1]!.end;
    const to = tokens[k]!.start;
    const label = sales.label.toLowerCase();
    return { text: `${question.slice(0, from)} with ${label} ${question.slice(to)}`, sales };
  }
  return null;
}

/** Whether a plan bounds the sales column. */
export function boundsSales(plan: TQueryPlan | null, sales: ModelColumn): boolean {
  return !!plan?.filters.some(
    (f) =>
      f.column.table === sales.table &&
      f.column.column === sales.name &&
      ['gt', 'gte', 'lt', 'lte'].includes(f.op),
  );
}
