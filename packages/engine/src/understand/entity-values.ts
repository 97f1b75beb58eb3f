import type { ModelColumn, ModelTable, SemanticModel } from '../model/types';
import { lemma, splitIdentifier } from '../nlp/text';
import type { Understanding } from './understanding';
import { columnOf, type ShapeInput } from './shape-input';

// "the median basket value", "the median value of a booking", "median fare per trip": a median
// of what one thing (a basket, a booking) is worth. Where its table holds one row per thing (a
// unique key), that is the median of a row's value: of the column the model's metric of that
// value sums (Average Basket Value = SUM(amount) / COUNT(DISTINCT basket_id) → amount), or of
// the column the question names before "per". Percentiles are read as medians first
// (percentiles.ts), so they follow. A table with several rows per thing would need each one's
// total first: not read.

/** "order value", "value of an order". */
const VALUE_OF = [/\b([a-z]+) value\b/gi, /\bvalue (?:of|per) (?:an? |each |one |the |every )?([a-z]+)\b/gi];
const PER = /\bper (?:an? |each |one |every )?([a-z]+)\b/i;

/** The table whose rows are the things a word names ("order" → orders), one row each. */
function tableOfOne(model: SemanticModel, word: string): ModelTable | undefined {
  const w = lemma(word.toLowerCase());
  const table = model.tables.find((t) => splitIdentifier(t.name).map(lemma).join(' ') === w);
  if (!table || table.primaryKey.length !== 1) return undefined;
  const key = table.columns.find((c) => c.name === table.primaryKey[0]);
  return key && table.rowCount && key.distinctCount === table.rowCount ? table : undefined;
}

/** The column a metric of the model sums per distinct key of the table ("order value"). */
function valueColumn(model: SemanticModel, table: ModelTable, word: string): ModelColumn | undefined {
  const key = table.primaryKey[0]!;
  const w = lemma(word.toLowerCase());
  for (const m of model.metrics) {
    if (m.table !== table.name) continue;
    const named = splitIdentifier(m.label).map(lemma);
    const v = named.indexOf('value');
    if (v < 1 || named[v - 1] !== w) continue;
    const e =
      /^\s*SUM\("([^"]+)"\)\s*\/\s*(?:NULLIF\(\s*)?COUNT\(DISTINCT "([^"]+)"\)(?:\s*,\s*0\s*\))?\s*$/i.exec(
        m.expression,
      );
    if (e && e[2] === key) return table.columns.find((c) => c.name === e[1]);
  }
  return undefined;
}

export function readEntityMedian(input: ShapeInput): Understanding | null {
  const { question, model } = input;
  if (!/\bmedian\b/i.test(question)) return null;
  for (const value of VALUE_OF.flatMap((re) => [...question.matchAll(re)])) {
    const word = value[1]!;
    const table = tableOfOne(model, word);
    if (!table) continue;
    const column = valueColumn(model, table, word);
    const named = `${lemma(word.toLowerCase())} value`;
    if (!column) {
      // What one is worth is defined by no metric (nor named by a column): no other figure is it.
      const u = input.read(question);
      const said = u.plan?.measures.some((m) => columnOf(model, m.column)?.label.toLowerCase() === named);
      return said
        ? null
        : { ...u, confidence: 0, doubts: [`no metric says what the ${named} is`, ...u.doubts] };
    }
    const at = value.index;
    const text = `${question.slice(0, at)}${column.label.toLowerCase()}${question.slice(at + value[0].length)}`;
    return medianOf(input.read(text), model, column, `Median ${named} (${column.label})`);
  }
  // "median revenue per order", orders holding one row per order: the median of the rows.
  const per = PER.exec(question);
  const table = per && tableOfOne(model, per[1]!);
  if (!per || !table) return null;
  const u = input.read(`${question.slice(0, per.index)}${question.slice(per.index + per[0].length)}`);
  const median = u.plan?.measures.find((m) => m.agg === 'median');
  const column = columnOf(model, median?.column);
  return column?.table === table.name ? medianOf(u, model, column, median!.label) : null;
}

/** The reading when its one measure is the median of that column of the table. */
function medianOf(
  u: Understanding,
  model: SemanticModel,
  column: ModelColumn,
  label: string,
): Understanding | null {
  const plan = u.plan;
  if (!plan || plan.measures.length !== 1 || plan.table !== column.table) return null;
  const m = plan.measures[0]!;
  if (m.agg !== 'median' || columnOf(model, m.column) !== column) return null;
  return { ...u, plan: { ...plan, measures: [{ ...m, label }] } };
}
