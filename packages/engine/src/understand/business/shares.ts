import type { TFilter, TMeasure } from '@catalyst/contracts';
import { BUSINESS_WEIGHTS } from '../weights';
import { columnOf, doubt, explain, type Draft, type Said } from './draft';
import { SHARE_WORDS } from './words';

// Parts of a whole: "each category's share of revenue", "revenue split across categories in
// percent" (each group's fraction of the total), and "what share of orders came in online",
// "North America's cut of total sales" (the rows meeting one condition over all the rows the
// other conditions keep: a ratio of the same measure with and without the condition).

/** Words that may follow a share word before the whole ("share of total", "% of all"). */
const OF_WHOLE = new Set(['of', 'total', 'all', 'the', 'overall', 'in', 'to', 'as', 'a']);

/** Returns false when a share was asked in a way this reader cannot make a plan of. */
export function shareOf(d: Draft): boolean {
  const t = d.tokens;
  // A share word inside a column's name ("share count") is that column.
  const inName = (i: number) =>
    d.mentions.some(
      (m) =>
        m.kind === 'column' &&
        m.start <= i &&
        i < m.end &&
        m.hits.some((h) => h.quality >= 0.7 && !m.byMeaning),
    );
  const at = t.findIndex((x, i) => SHARE_WORDS.has(x.text) && !d.explained.has(i) && !inName(i));
  if (at < 0) return true;
  t.forEach((x, i) => SHARE_WORDS.has(x.text) && !inName(i) && explain(d, i));
  for (let k = at + 1; OF_WHOLE.has(t[k]?.text ?? ''); k++) explain(d, k);
  for (let k = at - 1; k >= 0 && ['a', 'as', 'in', 'the'].includes(t[k]!.text); k--) explain(d, k);
  // "contribution to total sales": "total" says the whole.
  t.forEach((x, i) => x.text === 'total' && explain(d, i));
  if (d.measures.length !== 1) return false;
  // A fraction of averages or extremes is no part of a whole.
  if (!['sum', 'count', 'count_distinct'].includes(d.measures[0]!.item.agg)) return false;
  // "What share of visits were paid in cash": the whole named is rows, counted; an amount added
  // up instead answers another question.
  let k = at + 1;
  while (OF_WHOLE.has(t[k]?.text ?? '')) k++;
  const named = d.mentions.find((x) => x.start === k && x.kind === 'table');
  const amount = d.measures[0]!.item;
  const namesAmount = d.mentions.some(
    (x) =>
      x.start === k &&
      x.kind === 'column' &&
      x.hits.some((h) => h.ref.table === amount.column?.table && h.ref.column === amount.column.column),
  );
  if (named?.kind === 'table' && amount.agg === 'sum' && !namesAmount)
    doubt(
      d,
      BUSINESS_WEIGHTS.shareOfOtherWhole,
      `"${t[k]!.raw}" are counted, not their ${amount.label.toLowerCase()}`,
    );
  if (d.dimensions.some((x) => !x.item.grain) && !d.perGroupLimit) {
    d.share = true;
    return true;
  }
  // One condition names the part; the others, and the period, the whole.
  const part = partFilter(d, at);
  if (!part) return false;
  const m = d.measures[0]!;
  const whole: TMeasure = { ...m.item };
  delete whole.over;
  m.item = {
    ...whole,
    where: [part.item],
    over: { ...whole },
    // "Share of Orders: Online": the things counted, not "Number of Orders".
    label: `Share of ${whole.label.replace(/^Number of /, '')}: ${describe(d, part.item)}`,
    format: 'percent',
  };
  d.filters = d.filters.filter((f) => f !== part);
  return true;
}

/**
 * The condition that names the part: one said after a verb past the whole ("… came in online",
 * "… comes from North America"), else one said before the share word ("North America's share"),
 * else the only condition there is.
 */
function partFilter(d: Draft, at: number): Said<TFilter> | null {
  const conditions = d.filters.filter((f) => f.end > f.start);
  if (!conditions.length) return null;
  const before = conditions.filter((f) => f.end <= at);
  if (before.length === 1) return before[0]!;
  const verb = d.tokens.findIndex(
    (x, i) =>
      i > at &&
      ['come', 'came', 'comes', 'were', 'was', 'are', 'is', 'from', 'got', 'get', 'went'].includes(x.text),
  );
  const after = verb >= 0 ? conditions.filter((f) => f.start > verb) : [];
  if (after.length === 1) return after[0]!;
  if (conditions.length === 1) return conditions[0]!;
  doubt(d, BUSINESS_WEIGHTS.whichPart, 'which condition is the part was not clear');
  return conditions[conditions.length - 1]!;
}

/** A condition in words: its values, or for a yes/no column the column's name. */
function describe(d: Draft, f: TFilter): string {
  const flag = f.values.length === 1 && [true, false, 1, 0].includes(f.values[0] as never);
  const negated = f.op === 'neq' || f.op === 'not_in' || (flag && [false, 0].includes(f.values[0] as never));
  const said = flag
    ? (columnOf(d.model, f.column)?.label ?? f.column.column)
    : f.values.map(String).join(', ');
  return `${negated ? 'not ' : ''}${said}`;
}
