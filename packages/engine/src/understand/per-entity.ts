import type { TMeasure, TQueryPlan } from '@catalyst/contracts';
import type { ModelColumn, SemanticModel } from '../model/types';
import { lemma, splitIdentifier, type Token } from '../nlp/text';
import { measureLabel } from './measures';
import { findMentions } from './mentions';
import { columnOf } from './shape-input';
import { isNameColumn, referenceKey, referencedTable } from './context';

// "revenue per customer by segment", "how much does each customer spend on average, by region":
// a figure per member of an entity (a customer, an employee, an order) within groups named
// beside it is a ratio — the groups' total over how many distinct members they hold — not a
// breakdown by every member.

const EACH = new Set(['each', 'every']);
const AVERAGE = new Set(['average', 'avg', 'mean', 'typical', 'typically']);

/** Whether a column is a member's identity: a key, or a name nearly every row has its own of. */
function identifies(column: ModelColumn, model: SemanticModel): boolean {
  if (column.isKey) return true;
  const table = model.tables.find((t) => t.name === column.table);
  const rows = table?.rowCount ?? 0;
  return rows > 1 && (column.distinctCount ?? 0) >= 0.9 * rows;
}

/** The words a member is called by: its column's name and label and its table's name. */
function memberWords(column: ModelColumn): Set<string> {
  const words = [
    ...splitIdentifier(column.name),
    ...splitIdentifier(column.label),
    ...splitIdentifier(column.table),
  ];
  return new Set(words.map((w) => lemma(w.toLowerCase())));
}

/**
 * The plan with a "per member" breakdown turned into a ratio, when the question says "per" or
 * "each" before a member of an entity and also groups by something else; otherwise null.
 */
export function perMemberWithinGroups(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || plan.dimensions.length < 2 || plan.limit !== undefined || plan.share || plan.comparison)
    return null;
  if (!plan.measures.length || plan.measures.some((m) => m.over || !['sum', 'avg', 'count'].includes(m.agg)))
    return null;
  // "per customer" always; "each customer" only with an average ("on average"): "for each
  // customer, … by month" is a breakdown by both.
  const averaged = tokens.some((t) => AVERAGE.has(t.text));
  const said = new Set(
    tokens.flatMap((t, i) =>
      (t.text === 'per' || (EACH.has(t.text) && averaged)) && tokens[i + 1] ? [tokens[i + 1]!.lemma] : [],
    ),
  );
  const at = plan.dimensions.findIndex((d) => {
    if (d.grain) return false;
    const column = columnOf(model, d.column);
    return !!column && identifies(column, model) && [...memberWords(column)].some((w) => said.has(w));
  });
  if (at < 0) return null;
  const member = plan.dimensions[at]!;
  // Members are counted by their table's key where it has one (two customers may share a name).
  const table = model.tables.find((t) => t.name === member.column.table)!;
  const memberColumn = columnOf(model, member.column)!;
  const key = !memberColumn.isKey && table.primaryKey.length === 1 ? table.primaryKey[0]! : null;
  // Counted where the facts refer to them: the members with facts, not every member on file.
  const referring = key
    ? model.joins.find(
        (j) =>
          j.from.length === 1 &&
          j.from[0]!.table === plan.table &&
          j.to[0]!.table === table.name &&
          j.to[0]!.column === key,
      )?.from[0]
    : undefined;
  const counted = referring ?? (key ? { table: table.name, column: key } : member.column);
  const words = (key ? table.label : member.label).split(' ').filter((w) => !/^id$/i.test(w));
  const one = [...words.slice(0, -1), lemma(words[words.length - 1]!.toLowerCase())].join(' ');
  const name = words.length ? one.charAt(0).toUpperCase() + one.slice(1) : member.label;
  const measures: TMeasure[] = plan.measures.map((m) => {
    const column = m.column ? columnOf(model, m.column) : undefined;
    // What each member brings in on average is the group's total shared among its members.
    const total = m.agg === 'avg' ? { ...m, agg: 'sum' as const, label: measureLabel('sum', column) } : m;
    return {
      ...total,
      label: `${total.label} per ${name}`,
      over: { agg: 'count_distinct', column: counted, label: `${name} count` },
    };
  });
  return {
    ...plan,
    intent: 'breakdown' as const,
    dimensions: plan.dimensions.filter((_, i) => i !== at),
    measures,
    order: plan.order.filter((o) => o.kind !== 'dimension'),
  };
}

/**
 * "profit per unit", "revenue/unit": a total over the total of another measure said after "per"
 * is a ratio of the two, not the two totals side by side. Returns the plan with the ratio, or null.
 */
export function perMeasure(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || plan.measures.length !== 2 || plan.comparison || plan.share) return null;
  const [top, bottom] = plan.measures as [TMeasure, TMeasure];
  if (top.agg !== 'sum' || bottom.agg !== 'sum' || !top.column || !bottom.column || top.over || bottom.over)
    return null;
  const mentions = findMentions(tokens, model);
  const names = (at: number, ref: { table: string; column: string }) =>
    mentions.some(
      (m) =>
        m.kind === 'column' &&
        m.start === at &&
        m.hits.some((h) => h.ref.table === ref.table && h.ref.column === ref.column),
    );
  const per = tokens.findIndex(
    (t, i) =>
      t.text === 'per' &&
      names(i + 1, bottom.column!) &&
      mentions.some(
        (m) =>
          m.kind === 'column' &&
          m.end <= i &&
          m.hits.some((h) => h.ref.table === top.column!.table && h.ref.column === top.column!.column),
      ),
  );
  if (per < 0) return null;
  const unit = tokens[per + 1]!.raw.toLowerCase();
  const ratio: TMeasure = { ...top, label: `${top.label.replace(/^Total /, '')} per ${unit}`, over: bottom };
  return {
    ...plan,
    measures: [ratio],
    order: plan.order.filter((o) => o.kind !== 'measure' || o.index === 0),
    having: plan.having.filter((h) => h.measure === 0),
  };
}

/** Units of measure a column's name may end in ("weight_kg", "distance_km", "duration_min"). */
const UNITS = new Set([
  'kg',
  'kilo',
  'kilogram',
  'gram',
  'lb',
  'pound',
  'ton',
  'tonne',
  'km',
  'kilometer',
  'kilometre',
  'mile',
  'meter',
  'metre',
  'hour',
  'hr',
  'minute',
  'min',
  'liter',
  'litre',
  'gallon',
  'kwh',
  'sqft',
  'sqm',
]);

/**
 * "cost per kg", "fuel per km by carrier": an amount per unit of another amount, said by the
 * unit its column's name ends in, is the ratio of their totals — not a breakdown by every weight.
 * Returns the plan with the ratio (and without that grouping), or null.
 */
export function perUnit(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || plan.measures.length !== 1 || plan.comparison || plan.share || plan.limit !== undefined)
    return null;
  const top = plan.measures[0]!;
  if (!['sum', 'avg'].includes(top.agg) || !top.column || top.over) return null;
  const at = tokens.findIndex((t, i) => i > 0 && tokens[i - 1]!.text === 'per' && UNITS.has(t.lemma));
  if (at < 0) return null;
  const unit = tokens[at]!;
  const by = plan.dimensions.find((d) => {
    const column = columnOf(model, d.column);
    return (
      !d.grain &&
      d.column.table === top.column!.table &&
      column?.kind === 'number' &&
      !column.isKey &&
      splitIdentifier(column.name).some((w) => lemma(w.toLowerCase()) === unit.lemma)
    );
  });
  const amount = columnOf(model, top.column);
  const per = by && columnOf(model, by.column);
  if (!by || !per || !amount) return null;
  const dimensions = plan.dimensions.filter((d) => d !== by);
  const index = plan.dimensions.indexOf(by);
  return {
    ...plan,
    intent: dimensions.length ? plan.intent : ('value' as const),
    dimensions,
    measures: [
      {
        agg: 'sum' as const,
        column: top.column,
        label: `${amount.label} per ${unit.raw.toLowerCase()}`,
        over: { agg: 'sum' as const, column: by.column, label: measureLabel('sum', per) },
      },
    ],
    order: plan.order
      .filter((o) => o.kind !== 'dimension' || o.index !== index)
      .map((o) => (o.kind === 'dimension' && (o.index ?? 0) > index ? { ...o, index: o.index! - 1 } : o)),
  };
}

/**
 * "units per order by region", "revenue per customer in Europe": totals over the number of the
 * things a table holds, said after "per", when the plan did not group by them. Returns the plan
 * with every total divided so, or null.
 */
export function perThing(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || !plan.measures.length || plan.comparison || plan.share) return null;
  if (plan.measures.some((m) => m.over || !['sum', 'count'].includes(m.agg))) return null;
  const mentions = findMentions(tokens, model);
  for (const [i, t] of tokens.entries()) {
    if (t.text !== 'per') continue;
    const said = mentions.find((m) => m.kind === 'table' && m.start === i + 1);
    if (said?.kind !== 'table') continue;
    const table = said.tables[0]!.table;
    // Grouped by the things themselves, or by what they are of ("revenue per customer by segment"
    // is perMemberWithinGroups'); the facts' own rows may be grouped by what they hold ("cost per
    // shipment by carrier").
    if (
      plan.dimensions.some((d) => {
        if (d.column.table !== table.name || d.grain) return false;
        const column = columnOf(model, d.column);
        return table.name !== plan.table || !column || identifies(column, model);
      })
    )
      return null;
    const key = table.primaryKey.length === 1 ? table.primaryKey[0]! : null;
    const words = table.label.split(' ');
    const one = lemma(words[words.length - 1]!.toLowerCase());
    // The facts' own rows without a key of one column: each row is one ("cost per shipment").
    if (!key && table.name === plan.table)
      return {
        ...plan,
        measures: plan.measures.map((m) => ({
          ...m,
          label: `${m.label.replace(/^Total /, '')} per ${one}`,
          over: { agg: 'count' as const, label: `${one} count` },
        })),
      };
    if (!key) return null;
    // The facts' own rows, or the members they refer to.
    const counted =
      table.name === plan.table
        ? { table: table.name, column: key }
        : model.joins.find(
            (j) =>
              j.from.length === 1 &&
              j.from[0]!.table === plan.table &&
              j.to[0]!.table === table.name &&
              j.to[0]!.column === key,
          )?.from[0];
    if (!counted) return null;
    // Already a breakdown by them ("revenue per customer"): each one's own total.
    if (plan.dimensions.some((d) => d.column.table === counted.table && d.column.column === counted.column))
      return null;
    return {
      ...plan,
      measures: plan.measures.map((m) => ({
        ...m,
        label: `${m.label.replace(/^Total /, '')} per ${one}`,
        over: { agg: 'count_distinct' as const, column: counted, label: `${one} count` },
      })),
    };
  }
  return null;
}

/**
 * "the average spend per campaign" where each row is a campaign: the average over the rows, one
 * figure — not a breakdown by every campaign's own name (each "average" its one value).
 */
export function averageOverOwnRows(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || plan.dimensions.length !== 1 || plan.limit !== undefined || plan.share || plan.comparison)
    return null;
  if (!tokens.some((t) => AVERAGE.has(t.text))) return null;
  if (!plan.measures.length || plan.measures.some((m) => m.agg !== 'avg' || !m.column || m.over)) return null;
  const only = plan.dimensions[0]!;
  const column = columnOf(model, only.column);
  const table = model.tables.find((t) => t.name === plan.table);
  if (only.grain || only.column.table !== plan.table || !column || !table) return null;
  // Each value its own row (a name per campaign), not a key the rows share.
  const rows = table.rowCount ?? 0;
  if (rows < 2 || (column.distinctCount ?? 0) < 0.9 * rows) return null;
  // "per campaign" names the rows themselves.
  const rowWords = new Set(splitIdentifier(table.name).map(lemma));
  const said = tokens.some(
    (t, i) => (t.text === 'per' || EACH.has(t.text)) && rowWords.has(tokens[i + 1]?.lemma ?? ''),
  );
  if (!said) return null;
  return {
    ...plan,
    intent: 'value' as const,
    dimensions: [],
    order: plan.order.filter((o) => o.kind !== 'dimension'),
  };
}

const BE_VERBS = new Set(['were', 'was', 'got', 'get', 'gets', 'are', 'is', 'been', 'be', 'being']);

/**
 * "what share of orders were returned, by category": a condition said as what happened to the
 * rows ("were returned", after a verb of being, or "orders returned") within groups is a rate in each group — the
 * rows meeting it over all of the group's rows — not how the rows meeting it spread over the
 * groups ("what share of returned orders came from each category"). Returns that plan or null.
 */
export function rateWithinGroups(tokens: Token[], plan: TQueryPlan | null, model: SemanticModel) {
  if (!plan || !plan.share || !plan.dimensions.length || plan.measures.length !== 1) return null;
  const measure = plan.measures[0]!;
  if (measure.over || measure.where?.length) return null;
  const mentions = findMentions(tokens, model);
  const said = plan.filters.find((f) => {
    if (f.op !== 'eq' || f.values.length !== 1) return false;
    // "were returned", or after the rows' own name: "shipments lost".
    const predicate = (at: number) =>
      BE_VERBS.has(tokens[at - 1]?.text ?? '') ||
      mentions.some(
        (t) => t.kind === 'table' && t.end === at && t.tables.some((x) => x.table.name === plan.table),
      );
    return mentions.some(
      (m) =>
        (m.kind === 'column' || m.kind === 'value') &&
        m.start > 0 &&
        predicate(m.start) &&
        m.hits.some((h) => h.ref.table === f.column.table && h.ref.column === f.column.column),
    );
  });
  if (!said) return null;
  const column = columnOf(model, said.column);
  return {
    ...plan,
    share: false,
    filters: plan.filters.filter((f) => f !== said),
    measures: [
      {
        ...measure,
        label: `Share of ${measure.label.replace(/^(Number|Count) of /, '')}: ${typeof said.values[0] === 'boolean' ? (column?.label ?? said.column.column) : String(said.values[0])}`,
        where: [said],
        format: 'percent' as const,
        over: { ...measure, label: measure.label },
      },
    ],
  };
}

/** "the average number of orders per customer", "orders per customer on average". */
const AVERAGE_COUNT_PER = [
  /\b(?:the )?(?:average|avg|mean) (?=(?:number|count) of .+? per \p{L})/iu,
  /\b(?:the )?(?:average|avg|mean) (?=\p{L}+ per \p{L})/iu,
];
const ON_AVERAGE = /^on average,?\s*|,? on average\b/i;

/**
 * The question without the words that ask for an average per thing, or null; `amounts` where they
 * were "on average" after the rest ("days of absence per employee on average"), which averages
 * totals too, not only counts.
 */
export function averageCountWording(question: string): { text: string; amounts: boolean } | null {
  if (!/\b(?:per|each|every)\b/i.test(question)) return null;
  for (const said of [...AVERAGE_COUNT_PER, ON_AVERAGE]) {
    const m = said.exec(question);
    if (m)
      return {
        text: question.slice(0, m.index) + question.slice(m.index + m[0].length),
        amounts: said === ON_AVERAGE,
      };
  }
  return null;
}

/**
 * "the average number of orders per customer": the count of the facts grouped by each thing,
 * averaged over the things, is one figure — the facts' count over the number of things they
 * refer to — not the list of every thing's own count. With `amounts`, a total too ("days of
 * absence per employee on average": the days over the employees). Returns that plan, or null.
 */
export function averageCountPerThing(
  plan: TQueryPlan | null,
  model: SemanticModel,
  amounts = false,
): TQueryPlan | null {
  if (!plan || plan.measures.length !== 1 || !plan.dimensions.length) return null;
  if (plan.limit !== undefined || plan.share || plan.comparison || plan.having.length) return null;
  const m = plan.measures[0]!;
  const d = plan.dimensions[0]!;
  // One grouping, or a key with the name shown beside it.
  const nameBeside = plan.dimensions[1];
  if (
    plan.dimensions.length > 2 ||
    (nameBeside && referencedTable(model, d.column)?.name !== nameBeside.column.table)
  )
    return null;
  if (![...(amounts ? ['sum'] : []), 'count', 'count_distinct'].includes(m.agg) || m.over || d.grain)
    return null;
  // The things counted by: the facts' own key of them, or the table the grouping column is of.
  const through =
    d.column.table === plan.table
      ? columnOf(model, d.column)?.isKey
        ? d.column
        : undefined
      : referenceKey(model, plan.table, d.column.table);
  if (!through) return null;
  // A total per thing is averaged over things themselves (their key or name), never over what
  // groups them ("how long are visits per specialty, on average" is each specialty's average).
  const grouped = columnOf(model, d.column);
  if (amounts && m.agg === 'sum' && !(grouped?.isKey || (grouped && isNameColumn(grouped)))) return null;
  const thing = d.label.replace(/ (?:id|name|code)$/i, '').toLowerCase();
  return {
    ...plan,
    intent: 'value',
    dimensions: [],
    order: [],
    measures: [
      {
        ...m,
        label: `${m.label} per ${thing} (average)`,
        over: { agg: 'count_distinct', column: through, label: `${thing} count` },
      },
    ],
  };
}
