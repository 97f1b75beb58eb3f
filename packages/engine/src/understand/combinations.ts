import type { Understanding } from './understanding';

// "the top 5 combinations of region and channel by revenue", "which 3 pairs of product and store
// sold the most units": groups of two or more things at once, ranked. Read as the measure for
// each of those things together ("revenue for each region and channel"), then ranked and cut.

/** "[top|bottom] [N] combinations|pairs of A and B (by M | have the most M)". */
const COMBINATIONS =
  /\b(?:(top|bottom|best|worst|highest|lowest)\s+)?(?:(\d+)\s+)?(?:combinations?|pairs?|pairings?)\s+of\s+(.+?)\s+(?:by\s+(?:the\s+)?(?:(highest|most|largest|lowest|least|fewest|smallest)\s+)?(.+?)|(?:that\s+|which\s+)?(?:have|had|has|with|make|made|sold|bring|brought|generate|generated)\s+the\s+(most|highest|largest|fewest|least|lowest|smallest)\s+(.+?))(?=[?.!,;]|$)/i;
const DOWN = new Set(['bottom', 'worst', 'lowest', 'least', 'fewest', 'smallest']);

/** The question as the measure for each of the things together, with the ranking it asked for. */
export interface CombinationsWording {
  text: string;
  /** The same with the things counted, where the measure was said as things had ("the most orders"). */
  counted?: string;
  /** How the combinations are ranked; none when every one is asked for. */
  dir?: 'asc' | 'desc';
  limit?: number;
}

/** "for each combination of A and B", "per pair of A and B": the two things together, unranked. */
const EACH_COMBINATION = /\b(?:for\s+)?(?:each|every|per)\s+(?:combination|pair|pairing)\s+of\s+/i;

export function combinationsWording(question: string): CombinationsWording | null {
  const each = EACH_COMBINATION.exec(question);
  if (each) {
    const rest = question.slice(each.index + each[0].length);
    if (!/^[^?.!,;]*\b(?:and)\b/i.test(rest)) return null;
    return { text: `${question.slice(0, each.index)}for each ${rest}`.replace(/\s+/g, ' ').trim() };
  }
  const m = COMBINATIONS.exec(question);
  if (!m) return null;
  const [said, edge, count, things, byWord, byMeasure, haveWord, haveMeasure] = m;
  const measure = (byMeasure ?? haveMeasure)!.trim();
  const together = things!.trim();
  if (!/\band\b|,/.test(together)) return null;
  const before = question
    .slice(0, m.index)
    .replace(/\b(?:what|which)\s+(?:are|were|is)?\s*(?:the)?\s*$/i, '');
  // A closing "Return A, B and C." that only restates the things and the measure says no more.
  const after = restated(question.slice(m.index + said!.length), `${together} ${measure}`);
  const word = (edge ?? byWord ?? haveWord ?? '').toLowerCase();
  const wording = (what: string) =>
    `${before}${what} for each ${together}${after}`.replace(/\s+/g, ' ').trim();
  return {
    text: wording(measure),
    // "have the most orders" counts them.
    ...(haveMeasure ? { counted: wording(`number of ${measure}`) } : {}),
    dir: DOWN.has(word) ? 'asc' : 'desc',
    ...(count ? { limit: Number(count) } : {}),
  };
}

/** The reading of the wording ranked as asked, when it groups by two things or more. */
export function rankCombinations(u: Understanding, wording: CombinationsWording): Understanding | null {
  const plan = u.plan;
  if (!plan || u.missing || plan.measures.length !== 1 || plan.dimensions.length < 2) return null;
  if (plan.limit !== undefined || plan.order.length || plan.share || plan.perGroupLimit) return null;
  if (!wording.dir) return u;
  return {
    ...u,
    plan: {
      ...plan,
      intent: 'top',
      order: [{ kind: 'measure', index: 0, dir: wording.dir }],
      ...(wording.limit ? { limit: wording.limit } : {}),
    },
  };
}

/** The text after the shape's words, without a closing "Return …" sentence that names only `said`. */
function restated(after: string, said: string): string {
  const m = /^([^.?!]*[.?!])\s*(?:return|show|list|give)\s+(?:the\s+)?([^.?!]+)[.?!]?\s*$/i.exec(after);
  if (!m) return after;
  const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const known = new Set(words(said).map((w) => w.replace(/s$/, '')));
  const listed = words(m[2]!).filter((w) => !['and', 'the', 'of', 'number', 'total', 'count'].includes(w));
  return listed.every((w) => known.has(w.replace(/s$/, ''))) ? m[1]! : after;
}
