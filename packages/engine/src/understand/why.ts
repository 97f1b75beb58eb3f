/**
 * Questions that ask for an explanation rather than a figure: why a measure moved, which group is
 * doing worse than before, how a measure developed over time. They are recognised by their
 * question words; what remains once those words are taken out (the measure, a period, a group,
 * filters) is understood like any other question.
 */
type ExplainKind = 'why' | 'laggards' | 'development';

export interface ExplainQuestion {
  kind: ExplainKind;
  /** The question without its explanation words, to be understood as a plain question. */
  rest: string;
  /** The direction the question assumes, when it names one ("why did sales drop"). */
  assumed: 'down' | 'up' | null;
}

const WHY =
  /\b(?:why|how come|what (?:caused|causes|drove|drives|explains?|is behind|was behind|happened to))\b/i;
const LAGGARDS =
  /\b(?:under-?perform(?:ing|ed|s|ers?)?|lagging behind|lagging|lags behind|lags|lag behind|falling behind|fell behind|struggling|(?:doing|performing) (?:worst|badly|poorly|worse))\b/i;
const DEVELOPMENT =
  /\bhow (?:did|has|have|does|do|is|are|was|were)\b(.+?)\b(?:develop(?:ed|ing)?|evolve[ds]?|evolving|trend(?:ed|ing)?|progress(?:ed|ing)?|chang(?:ed|ing) over time|move[ds]? over time|do(?:ne)? over time|go(?:ne)? over time)\b/i;

const DOWN =
  /\b(?:drop(?:ped|s)?|fall(?:en|s)?|fell|declin(?:e|ed|es|ing)|decreas(?:e|ed|es|ing)|shr[iu]nk|dip(?:ped)?|go(?:ne)? down|went down|lower|low|worse|slump(?:ed)?|plung(?:e|ed))\b/i;
const UP =
  /\b(?:r[io]se|risen|rising|increas(?:e|ed|es|ing)|gr[oe]w(?:n|s)?|growing|jump(?:ed|s)?|go(?:ne)? up|went up|higher|high|better|spik(?:e|ed)|climb(?:ed|s)?|surg(?:e|ed))\b/i;

/** Words that only carry the explanation request, dropped before the rest is understood. */
const NOISE = new RegExp(
  [
    WHY.source,
    LAGGARDS.source,
    DOWN.source,
    UP.source,
    /\b(?:did|does|do|has|have|is|are|was|were|so|much|so much|change[ds]?|changing|move[ds]?|moving|most|the most)\b/
      .source,
  ].join('|'),
  'gi',
);

const tidy = (text: string) =>
  text
    .replace(/[?!.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

export function explainQuestion(question: string): ExplainQuestion | null {
  const text = question.trim();
  if (!text) return null;
  const development = DEVELOPMENT.exec(text);
  if (development) {
    // "develop over 2025": over a year is during it, not an amount above 2025.
    const rest = tidy(
      text
        .replace(DEVELOPMENT, '$1')
        .replace(/\bover time\b/i, '')
        .replace(/\bover (?=(?:19|20)\d\d\b)/i, 'in '),
    );
    return { kind: 'development', rest, assumed: null };
  }
  const kind: ExplainKind | null = LAGGARDS.test(text) ? 'laggards' : WHY.test(text) ? 'why' : null;
  if (!kind) return null;
  const assumed = DOWN.test(text) ? 'down' : UP.test(text) ? 'up' : kind === 'laggards' ? 'down' : null;
  return { kind, rest: tidy(text.replace(NOISE, ' ')), assumed };
}
