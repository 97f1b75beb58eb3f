import type { TFilter, TQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';

const OP_WORDS: Record<TFilter['op'], string> = {
  eq: '=',
  neq: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  between: 'between',
  in: 'in',
  not_in: 'not in',
  contains: 'contains',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_null: 'is empty',
  not_null: 'is not empty',
};

function columnLabel(model: SemanticModel, table: string, column: string): string {
  return model.tables.find((t) => t.name === table)?.columns.find((c) => c.name === column)?.label ?? column;
}

function filterText(model: SemanticModel, f: TFilter): string {
  const label = columnLabel(model, f.column.table, f.column.column);
  if (f.op === 'between') return `${label} between ${f.values[0]} and ${f.values[1]}`;
  if (f.op === 'is_null' || f.op === 'not_null') return `${label} ${OP_WORDS[f.op]}`;
  if (f.op === 'in' || f.op === 'not_in') return `${label} ${OP_WORDS[f.op]} ${f.values.join(', ')}`;
  return `${label} ${OP_WORDS[f.op]} ${f.values[0]}`;
}

/** One line a person can check: "Revenue by Region · last quarter · top 5". */
export function readingOf(plan: TQueryPlan, model: SemanticModel): string {
  const table = model.tables.find((t) => t.name === plan.table)?.label ?? plan.table;
  const what = plan.measures.length
    ? plan.measures.map((m) => m.label).join(', ')
    : `${plan.distinct ? 'Distinct ' : ''}${plan.columns.map((c) => columnLabel(model, c.table, c.column)).join(', ')} of ${table}`;
  const parts = [
    what + (plan.dimensions.length ? ` by ${plan.dimensions.map((d) => d.label).join(' and ')}` : ''),
  ];
  if (plan.filters.length)
    parts.push(
      plan.filters.map((f) => filterText(model, f)).join(plan.filterLogic === 'or' ? ' or ' : ' and '),
    );
  if (plan.related?.length) parts.push(plan.related.map((r) => r.label).join(' and '));
  if (plan.timeRange) parts.push(plan.timeRange.label);
  if (plan.having.length)
    parts.push(
      plan.having
        .map((h) => `${plan.measures[h.measure]?.label ?? 'count'} ${OP_WORDS[h.op]} ${h.value}`)
        .join(' and '),
    );
  if (plan.comparisonRange) parts.push(`change from ${plan.comparisonRange.label}`);
  else if (plan.comparison)
    parts.push(plan.comparison === 'previous_year' ? 'vs last year' : 'vs previous period');
  if (plan.share) parts.push('share of total');
  if (plan.cumulative) parts.push('running total');
  if (plan.periodChange) parts.push('change from the period before');
  const first = plan.order[0];
  const groups = plan.dimensions.slice(0, -1).map((d) => d.grain ?? d.label);
  if (plan.perGroupLimit && first)
    parts.push(
      `${first.dir === 'desc' ? 'top' : 'bottom'} ${plan.perGroupLimit} per ${groups.join(' and ')}`,
    );
  else if (plan.limit && first) parts.push(`${first.dir === 'desc' ? 'top' : 'bottom'} ${plan.limit}`);
  else if (first) {
    const by =
      first.kind === 'measure'
        ? plan.measures[first.index ?? 0]?.label
        : first.kind === 'dimension'
          ? plan.dimensions[first.index ?? 0]?.label
          : first.column
            ? columnLabel(model, first.column.table, first.column.column)
            : '';
    parts.push(`sorted by ${by} ${first.dir === 'desc' ? 'descending' : 'ascending'}`);
  }
  return parts.join(' · ');
}

/** How a clarification button says a filter ("where discount is above 0.2"). */
const FILTER_WORDS: Partial<Record<TQueryPlan['filters'][number]['op'], string>> = {
  eq: '',
  gt: 'above ',
  gte: 'at least ',
  lt: 'below ',
  lte: 'at most ',
};

/** A question that asks for exactly this plan's reading (used by clarification buttons). */
export function questionFor(plan: TQueryPlan, model: SemanticModel): string {
  const table = model.tables.find((t) => t.name === plan.table)?.label.toLowerCase() ?? plan.table;
  const measure = (m: TQueryPlan['measures'][number]): string =>
    m.agg === 'count'
      ? `the number of ${table}`
      : m.agg === 'count_distinct' && m.column
        ? `the number of different ${columnLabel(model, m.column.table, m.column.column).toLowerCase()}`
        : m.label.toLowerCase();
  const ranked = plan.perGroupLimit && plan.dimensions.length === 2 ? plan.dimensions : null;
  const first = plan.order[0];
  if (ranked && first && plan.measures[0]) {
    const [group, what] = ranked;
    const q = `What are the ${first.dir === 'desc' ? 'top' : 'bottom'} ${plan.perGroupLimit} ${what!.label.toLowerCase().replace(/ (?:name|title)$/, '')} in each ${group!.grain ?? group!.label.toLowerCase()} by ${measure(plan.measures[0])}`;
    return `${q}${plan.timeRange ? ` ${plan.timeRange.label}` : ''}?`;
  }
  let q = plan.measures.length
    ? `What is ${plan.cumulative ? 'the running total of ' : ''}${plan.measures.map(measure).join(' and ')}`
    : `Show ${plan.distinct ? 'the different ' : 'the '}${plan.columns.map((c) => columnLabel(model, c.table, c.column).toLowerCase()).join(' and ')} of ${table}`;
  if (plan.related?.length) q += ` ${plan.related.map((r) => r.label.toLowerCase()).join(' and ')}`;
  if (plan.dimensions.length)
    q += ` for each ${plan.dimensions.map((d) => d.grain ?? d.label.toLowerCase()).join(' and ')}`;
  const said = plan.filters.filter((f) => f.op in FILTER_WORDS);
  if (said.length)
    q += ` where ${said.map((f) => `${columnLabel(model, f.column.table, f.column.column).toLowerCase()} is ${FILTER_WORDS[f.op]}${f.values[0]}`).join(' and ')}`;
  if (plan.timeRange) q += ` ${plan.timeRange.label}`;
  return `${q}?`;
}
