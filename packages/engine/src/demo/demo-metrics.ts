import { synonymsFor } from '../nlp/lexicon';
import { splitIdentifier } from '../nlp/text';
import type { DerivedMetric } from '../model/types';

/**
 * The derived metrics of the demo use case "Retail Sales", as a user types them in the Knowledge
 * tab (name, definition, calculation over columns of the orders table). The server's demo set-up
 * adds exactly these; `demoDerivedMetrics` gives the engine's form of them, so that an evaluation
 * builds the same model the product does.
 */
export const DEMO_METRICS = [
  {
    name: 'Profit Margin',
    definition: 'Profit as a share of revenue.',
    calculation: 'SUM(profit) / NULLIF(SUM(revenue), 0)',
  },
  {
    name: 'Return Rate',
    definition: 'Share of orders that were returned.',
    calculation: 'AVG(CASE WHEN returned THEN 1 ELSE 0 END)',
  },
  {
    name: 'Average Order Value',
    definition: 'Revenue per order: total revenue divided by the number of distinct orders.',
    calculation: 'SUM(revenue) / NULLIF(COUNT(DISTINCT order_id), 0)',
  },
] as const;

/** The table every demo metric reads. */
export const DEMO_METRICS_TABLE = 'orders';

const SQL_WORDS = new Set([
  'SUM',
  'AVG',
  'COUNT',
  'DISTINCT',
  'NULLIF',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'END',
]);

/**
 * DEMO_METRICS as the semantic model carries them: column names double-quoted (the canonical
 * form the server's calculation parser produces), named like the server names them.
 */
export function demoDerivedMetrics(): DerivedMetric[] {
  return DEMO_METRICS.map((m) => {
    const words = splitIdentifier(m.name);
    return {
      name: words.join('_'),
      label: m.name,
      table: DEMO_METRICS_TABLE,
      expression: m.calculation.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (w) =>
        SQL_WORDS.has(w.toUpperCase()) ? w : `"${w}"`,
      ),
      synonyms: synonymsFor(words),
      definition: m.definition,
    };
  });
}
