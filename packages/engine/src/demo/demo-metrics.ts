import { synonymsFor } from '../nlp/lexicon';
import { splitIdentifier } from '../nlp/text';
import { parseMetricExpression } from '../model/metric-expression';
import type { DerivedMetric, SemanticModel } from '../model/types';

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

/**
 * DEMO_METRICS as the semantic model over the demo data carries them: parsed by the one
 * calculation parser against the model's orders table (its canonical form, as the server stores
 * it), named like the server names them.
 */
export function demoDerivedMetrics(model: SemanticModel): DerivedMetric[] {
  const table = model.tables.find((t) => t.name === DEMO_METRICS_TABLE);
  const known = (table?.columns ?? []).map((c) => ({ table: DEMO_METRICS_TABLE, column: c.name }));
  return DEMO_METRICS.map((m) => {
    const words = splitIdentifier(m.name);
    return {
      name: words.join('_'),
      label: m.name,
      table: DEMO_METRICS_TABLE,
      expression: parseMetricExpression(m.calculation, known).expression,
      synonyms: synonymsFor(words),
      definition: m.definition,
    };
  });
}
