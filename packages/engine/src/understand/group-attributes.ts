import type { TDimension, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { Token } from '../nlp/text';
import { isNameColumn, nameOfReferenced } from './context';
import { columnOf } from './shape-input';
import { findMentions } from './mentions';

// "the customer name, number of orders and revenue for each customer": grouped by the key the
// facts refer to customers with, the name said is shown beside it. Each key has one name, so the
// groups stay the same; what the question named is no longer left out.

/** Quality of a column name match at which the column counts as said. */
const SAID = 0.7;

/** The plan with the attributes the question names of the things it groups by key, or null. */
export function withNamedAttributes(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): TQueryPlan | null {
  if (!namesGroups(plan)) return null;
  const inPlan = new Set(
    [
      ...plan.dimensions.map((d) => d.column),
      // A column held to one value adds nothing shown; one only narrowed ("starts with") does.
      ...plan.filters.filter((f) => f.op === 'eq').map((f) => f.column),
      ...plan.measures.flatMap((m) => (m.column ? [m.column] : [])),
    ].map((c) => `${c.table}.${c.column}`),
  );
  const mentions = findMentions(tokens, model);
  const dimensions: TDimension[] = [];
  let added = 0;
  for (const d of plan.dimensions) {
    dimensions.push(d);
    if (d.grain) continue;
    const join = model.joins.find(
      (j) =>
        j.from.length === 1 && j.from[0]!.table === d.column.table && j.from[0]!.column === d.column.column,
    );
    const target = join && model.tables.find((t) => t.name === join.to[0]!.table);
    if (!target) continue;
    for (const m of mentions) {
      if (m.kind !== 'column') continue;
      const best = Math.max(...m.hits.map((h) => h.quality));
      const hit = m.hits.find((h) => h.quality === best && h.ref.table === target.name);
      if (!hit || best < SAID) continue;
      const c = hit.column;
      const key = `${c.table}.${c.name}`;
      if (
        c.isKey ||
        c.entityType === 'KPI' ||
        c.isTime ||
        inPlan.has(key) ||
        target.primaryKey.includes(c.name)
      )
        continue;
      // A name or label that tells the things apart (nearly one per thing), as lists show them.
      if ((c.distinctCount ?? 0) < 0.9 * (target.rowCount ?? Infinity)) continue;
      inPlan.add(key);
      dimensions.push({ column: hit.ref, label: c.label });
      added++;
    }
  }
  if (!added || dimensions.length > 4) return null;
  return withDimensions(plan, dimensions);
}

/**
 * The plan grouped by `dimensions` instead: orders by a dimension keep pointing at the same
 * dimension; those of a dimension left out go.
 */
export function withDimensions(plan: TQueryPlan, dimensions: TDimension[]): TQueryPlan {
  const order = plan.order.flatMap((o) => {
    if (o.kind !== 'dimension') return [o];
    const index = dimensions.indexOf(plan.dimensions[o.index ?? 0]!);
    return index >= 0 ? [{ ...o, index }] : [];
  });
  return { ...plan, dimensions, order };
}

/** Plans whose groups may be shown with names: measured, not top-N per group nor along time. */
const namesGroups = (plan: TQueryPlan | null): plan is TQueryPlan =>
  !!plan && plan.measures.length > 0 && !plan.perGroupLimit && !plan.cumulative && !plan.periodChange;

/**
 * "suppliers that shipped nothing, with their cities", "the desserts and their prices", "the price
 * of each product": things listed with something of theirs are listed by their name too (the name
 * first), as a list of people or products is read.
 */
export function withThingNames(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): TQueryPlan | null {
  if (!plan || plan.intent !== 'list' || plan.measures.length) return null;
  const at = tokens.findIndex(
    (t, i) =>
      ['with', 'including', 'plus', 'and'].includes(t.text) &&
      ['their', 'its'].includes(tokens[i + 1]?.text ?? ''),
  );
  // "the region of every store": one row per store, unless distinct values are asked for.
  const distinctSaid = tokens.some((t) => ['distinct', 'different', 'unique'].includes(t.text));
  if (at < 0 && !(eachThing(tokens, plan.table, model) && !distinctSaid)) return null;
  const table = model.tables.find((t) => t.name === plan.table);
  const name = table?.columns.find(isNameColumn);
  if (!table || !name || plan.columns.some((c) => c.table === table.name && c.column === name.name))
    return null;
  // One row per thing: its name beside what it has.
  return { ...plan, distinct: false, columns: [{ table: table.name, column: name.name }, ...plan.columns] };
}

/** "the price of each product": the listed things' table named after "each" or "every". */
function eachThing(tokens: Token[], table: string, model: SemanticModel): boolean {
  return findMentions(tokens, model).some(
    (m) =>
      m.kind === 'table' &&
      ['each', 'every'].includes(tokens[m.start - 1]?.text ?? '') &&
      m.tables[0]?.table.name === table,
  );
}

/** Words that ask for keys themselves: where said, keys are shown as they are. */
export const KEY_WORDS = new Set(['id', 'ids', 'code', 'codes', 'number', 'numbers', 'key', 'keys', 'no']);

/**
 * "appointments of each doctor" grouped by the appointments' doctor_id: the doctor's name is
 * shown beside the key, as a report shows people (one name per key: the groups stay the same).
 * Not where the question asks for ids or codes.
 */
export function withNamesBesideKeys(
  tokens: Token[],
  plan: TQueryPlan | null,
  model: SemanticModel,
): TQueryPlan | null {
  if (!namesGroups(plan)) return null;
  if (plan.dimensions.length > 2 || tokens.some((t) => KEY_WORDS.has(t.text))) return null;
  const dimensions: TDimension[] = [];
  for (const d of plan.dimensions) {
    dimensions.push(d);
    const key = d.grain ? undefined : columnOf(model, d.column);
    if (!key?.isKey || d.column.table !== plan.table) continue;
    const name = nameOfReferenced(model, plan.table, key);
    if (!name || plan.dimensions.some((x) => x.column.table === name.table && x.column.column === name.name))
      continue;
    // A name that tells the things apart, nearly one per thing.
    const target = model.tables.find((t) => t.name === name.table);
    if ((name.distinctCount ?? 0) < 0.9 * (target?.rowCount ?? Infinity)) continue;
    dimensions.push({ column: { table: name.table, column: name.name }, label: name.label });
  }
  return dimensions.length === plan.dimensions.length ? null : withDimensions(plan, dimensions);
}
