import type { TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { lemma, splitIdentifier } from '../nlp/text';

// Ratios business people name by their own words: "click-through rate" is clicks over
// impressions, "cost per click" spend over clicks, "conversion rate" conversions over clicks.
// Where the data has both columns (on one table), the question is read with the ratio said
// plainly ("clicks per impression"), and the answer keeps the name the question used.

interface KpiWords {
  /** How the ratio is said, longest first within each ("click-through rate", "ctr"). */
  said: RegExp;
  label: string;
  /** Words of the column divided, first found wins. */
  top: string[];
  /** Words of the column divided by, first found wins. */
  bottom: string[];
}

const KPIS: KpiWords[] = [
  {
    said: /\b(?:click[- ]?through[- ]rates?|ctrs?)\b/i,
    label: 'Click-through rate',
    top: ['click'],
    bottom: ['impression', 'view'],
  },
  {
    said: /\b(?:conversion rates?|cvrs?)\b/i,
    label: 'Conversion rate',
    top: ['conversion'],
    bottom: ['click', 'visit', 'session', 'visitor'],
  },
  {
    said: /\b(?:cost per click|cpcs?)\b/i,
    label: 'Cost per click',
    top: ['spend', 'cost'],
    bottom: ['click'],
  },
  {
    said: /\b(?:cost per (?:conversion|acquisition)|cpas?)\b/i,
    label: 'Cost per conversion',
    top: ['spend', 'cost'],
    bottom: ['conversion'],
  },
  {
    said: /\b(?:return on ad spend|roas)\b/i,
    label: 'Return on ad spend',
    top: ['revenue', 'sales'],
    bottom: ['spend', 'cost'],
  },
];

const wordsOf = (c: ModelColumn) => splitIdentifier(c.name).map(lemma);

/** The first number column of `table` whose name holds one of `words` (in their order). */
function columnNamed(columns: ModelColumn[], words: string[]): ModelColumn | undefined {
  for (const w of words) {
    const hit = columns.find((c) => c.kind === 'number' && !c.isKey && wordsOf(c).includes(w));
    if (hit) return hit;
  }
  return undefined;
}

export interface KpiReading {
  /** The question with the ratio said by its columns' names. */
  text: string;
  label: string;
}

/** The question with a named ratio said plainly, where the data holds both of its columns. */
export function kpiWording(question: string, model: SemanticModel): KpiReading | null {
  for (const kpi of KPIS) {
    const m = kpi.said.exec(question);
    if (!m) continue;
    // A column already called so ("ctr", "conversion_rate") is read as it is.
    const named = m[0].toLowerCase().replace(/[- ]+/g, ' ');
    if (model.tables.some((t) => t.columns.some((c) => splitIdentifier(c.name).join(' ') === named)))
      continue;
    for (const table of model.tables) {
      const top = columnNamed(table.columns, kpi.top);
      const bottom = columnNamed(table.columns, kpi.bottom);
      if (!top || !bottom || top === bottom) continue;
      const plain = `${splitIdentifier(top.name).join(' ')} per ${splitIdentifier(bottom.name)
        .map(lemma)
        .join(' ')}`;
      return {
        text: question.slice(0, m.index) + plain + question.slice(m.index + m[0].length),
        label: kpi.label,
      };
    }
  }
  return null;
}

/** The plan's one ratio named as the question named it. */
export function namedKpi(plan: TQueryPlan | null, label: string): TQueryPlan | null {
  if (!plan) return plan;
  const ratios = plan.measures.filter((m) => m.over);
  if (ratios.length !== 1) return plan;
  return { ...plan, measures: plan.measures.map((m) => (m.over ? { ...m, label } : m)) };
}
