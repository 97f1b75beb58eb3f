/**
 * The plans of the round trip: every feature of ZQueryPlan, written as the engine writes them,
 * over the dataset of dataset.ts. Each is compiled for every dialect and run on every database.
 */
import type { TColumnRef, TQueryPlan } from '@catalyst/contracts';
import { rows, type Engine } from './dataset';
import type { Row } from './compare';

export interface RoundTripCase {
  name: string;
  plan: Partial<TQueryPlan>;
  /**
   * Which output columns the plan's order fixes: 'all' (a total order: compared row by row),
   * positions (only those columns' sequence is compared), or none (compared as a set). Left
   * out, a plan with an order, a time grouping or a ranking per group is taken as totally ordered.
   */
  order?: 'all' | number[] | 'none';
  /** Dialects that must refuse the plan with a PlanError whose message matches. */
  refuses?: Partial<Record<Engine, RegExp>>;
  /** The rows computed from the dataset in memory, where every database could be wrong alike. */
  oracle?: () => Row[];
  /** The plan may rightly return no rows. */
  empty?: boolean;
}

const s = (column: string): TColumnRef => ({ table: 'sales', column });
const customer = (column: string): TColumnRef => ({ table: 'customers', column });
const product = (column: string): TColumnRef => ({ table: 'products', column });

const sum = (column: string, label = `Sum of ${column}`) => ({
  agg: 'sum' as const,
  column: s(column),
  label,
});
const count = (label = 'Rows') => ({ agg: 'count' as const, label });
const metric = (name: string) => ({ agg: 'sum' as const, metric: name, label: name });

/** How many sales notes contain `text` as it is (the oracle of a substring search). */
const notesContaining = (text: string): Row[] => [
  [
    rows('sales').filter(
      (r) => typeof r.note === 'string' && r.note.toLowerCase().includes(text.toLowerCase()),
    ).length,
  ],
];

export const CASES: RoundTripCase[] = [
  // Aggregates
  { name: 'counts all rows', plan: { measures: [count()] } },
  {
    name: 'each aggregate of numbers, dates and timestamps',
    plan: {
      measures: [
        { agg: 'count', column: s('amount'), label: 'Amounts' },
        { agg: 'count_distinct', column: s('customer_id'), label: 'Customers' },
        sum('amount'),
        { agg: 'avg', column: s('amount'), label: 'Average amount' },
        { agg: 'min', column: s('amount'), label: 'Smallest amount' },
        { agg: 'max', column: s('amount'), label: 'Largest amount' },
        sum('quantity'),
        { agg: 'avg', column: s('quantity'), label: 'Average quantity' },
        { agg: 'min', column: s('order_date'), label: 'First day' },
        { agg: 'max', column: s('created_at'), label: 'Last sale' },
      ],
    },
  },

  // Conditional measures, ratios and derived metrics
  {
    name: 'derived metrics by channel',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [metric('profit'), metric('margin'), metric('units_per_order'), metric('return_rate')],
    },
  },

  // Time grains
  ...(['day', 'week', 'month', 'quarter', 'year'] as const).map((grain): RoundTripCase => ({
    name: `by ${grain} of a date`,
    plan: {
      intent: 'trend',
      dimensions: [{ column: s('order_date'), grain, label: grain }],
      measures: [sum('amount'), count()],
      ...(grain === 'day' && {
        timeRange: { column: s('order_date'), from: '2025-03-01', to: '2025-04-01', label: 'March 2025' },
      }),
    },
  })),
  ...(['day', 'week', 'month', 'quarter', 'year'] as const).map((grain): RoundTripCase => ({
    name: `by ${grain} of a timestamp`,
    plan: {
      intent: 'trend',
      dimensions: [{ column: s('created_at'), grain, label: grain }],
      measures: [count()],
    },
  })),

  // Filters
  {
    name: 'equal and not equal text (not equal leaves NULLs out)',
    plan: {
      measures: [count()],
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      filters: [
        { column: s('channel'), op: 'neq', values: ['Store'] },
        { column: customer('segment'), op: 'eq', values: ['Enterprise'] },
      ],
    },
  },
  {
    name: 'comparisons with fractional values, also on whole-number columns',
    plan: {
      measures: [count(), sum('amount')],
      filters: [
        { column: s('amount'), op: 'gt', values: [20.5] },
        { column: s('amount'), op: 'lte', values: [900.25] },
        { column: s('quantity'), op: 'gte', values: [2.5] },
        { column: s('quantity'), op: 'lt', values: [8.5] },
      ],
    },
  },
  {
    name: 'between dates and between numbers',
    plan: {
      measures: [count(), sum('quantity')],
      filters: [
        { column: s('order_date'), op: 'between', values: ['2025-03-01', '2025-05-31'] },
        { column: s('amount'), op: 'between', values: [10, 400] },
      ],
    },
  },
  {
    name: 'comparisons of dates and timestamps with text values',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('order_date'), label: 'Day' }],
      measures: [count()],
      filters: [
        { column: s('order_date'), op: 'gte', values: ['2025-06-01'] },
        { column: s('order_date'), op: 'neq', values: ['2025-06-03'] },
        { column: s('created_at'), op: 'lt', values: ['2025-06-20 12:00:00'] },
      ],
    },
  },
  {
    name: 'in and not in, text and numbers',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('product_id'), label: 'Product' }],
      measures: [count()],
      filters: [
        { column: s('channel'), op: 'in', values: ['Online', 'Phone'] },
        { column: s('product_id'), op: 'not_in', values: [2, 5] },
      ],
    },
  },
  {
    name: 'contains ignores case',
    plan: { measures: [count()], filters: [{ column: s('note'), op: 'contains', values: ['rUSH'] }] },
    oracle: () => notesContaining('rush'),
  },
  ...['%', '_', '\\', 'e_b', '0% o'].map((text): RoundTripCase => ({
    name: `contains finds "${text}" as text, not as a pattern`,
    plan: { measures: [count()], filters: [{ column: s('note'), op: 'contains', values: [text] }] },
    oracle: () => notesContaining(text),
  })),
  {
    name: 'is null and not null',
    plan: {
      measures: [count(), sum('quantity')],
      filters: [
        { column: s('channel'), op: 'is_null', values: [] },
        { column: s('amount'), op: 'not_null', values: [] },
      ],
    },
  },
  {
    name: 'a yes/no column is true, and false',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('returned'), label: 'Returned' }],
      measures: [count(), sum('amount')],
      filters: [{ column: s('returned'), op: 'in', values: [true, false] }],
    },
  },
  {
    name: 'either of several conditions',
    plan: {
      measures: [count()],
      filters: [
        { column: s('channel'), op: 'eq', values: ['Phone'] },
        { column: s('returned'), op: 'eq', values: [true] },
        { column: product('category'), op: 'eq', values: ['Services'] },
      ],
      filterLogic: 'or',
      timeRange: { column: s('order_date'), from: '2025-07-01', to: '2026-01-01', label: 'H2 2025' },
    },
  },
  {
    name: 'having a total above a value, and a count above a fraction',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: customer('name'), label: 'Customer' }],
      measures: [sum('amount'), count()],
      having: [
        { measure: 0, op: 'gt', value: 3000.5 },
        { measure: 1, op: 'gte', value: 30.5 },
      ],
    },
  },

  // Order and limits
  {
    name: 'top 3 customers by amount',
    plan: {
      intent: 'top',
      dimensions: [{ column: customer('name'), label: 'Customer' }],
      measures: [sum('amount')],
      order: [{ kind: 'measure', index: 0, dir: 'desc' }],
      limit: 3,
    },
  },
  {
    name: 'bottom 2 products by units, ascending',
    plan: {
      intent: 'top',
      dimensions: [{ column: product('name'), label: 'Product' }],
      measures: [sum('quantity')],
      order: [{ kind: 'measure', index: 0, dir: 'asc' }],
      limit: 2,
    },
  },
  {
    name: 'ordered by a dimension with NULLs, both ways',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [count()],
      order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
    },
  },
  {
    name: 'ordered by a dimension with NULLs, descending',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: customer('segment'), label: 'Segment' }],
      measures: [count()],
      order: [{ kind: 'dimension', index: 0, dir: 'desc' }],
    },
  },
  {
    name: 'grouped and ordered by a column it does not group',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: product('name'), label: 'Product' }],
      measures: [count()],
      order: [{ kind: 'column', column: product('list_price'), dir: 'desc' }],
    },
  },
  {
    name: 'a listing ordered by columns, limited',
    plan: {
      intent: 'list',
      columns: [s('id'), s('order_date'), s('channel'), s('amount'), s('returned'), s('created_at')],
      filters: [{ column: s('customer_id'), op: 'eq', values: [3] }],
      order: [
        { kind: 'column', column: s('amount'), dir: 'desc' },
        { kind: 'column', column: s('id'), dir: 'asc' },
      ],
      limit: 10,
    },
  },
  {
    name: 'a distinct listing of joined columns',
    plan: {
      intent: 'list',
      columns: [customer('country'), product('category')],
      distinct: true,
      order: [
        { kind: 'column', column: customer('country'), dir: 'asc' },
        { kind: 'column', column: product('category'), dir: 'asc' },
      ],
    },
  },
  {
    name: 'a distinct listing ordered by a column it does not show',
    plan: {
      intent: 'list',
      columns: [product('category')],
      distinct: true,
      order: [{ kind: 'column', column: product('list_price'), dir: 'desc' }],
    },
  },

  // Shares and periods
  {
    name: 'each category as a share of the total',
    plan: {
      intent: 'share',
      dimensions: [{ column: product('category'), label: 'Category' }],
      measures: [sum('amount')],
      share: true,
    },
  },
  {
    name: 'shares by a grouping with NULLs',
    plan: {
      intent: 'share',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [count()],
      share: true,
      order: [{ kind: 'measure', index: 0, dir: 'desc' }],
    },
  },
  {
    name: 'a period from and to',
    plan: {
      measures: [sum('amount'), count()],
      timeRange: { column: s('order_date'), from: '2025-04-01', to: '2025-07-01', label: 'Q2 2025' },
    },
  },
  {
    name: 'a period on a timestamp, open at one end',
    plan: {
      measures: [count()],
      timeRange: { column: s('created_at'), from: '2026-03-15', label: 'since Mar 15, 2026' },
    },
  },
  {
    name: 'a period ending on a day',
    plan: {
      measures: [count()],
      timeRange: { column: s('order_date'), to: '2025-02-01', label: 'before Feb 2025' },
    },
  },

  // Windows over the grouped rows

  // Joins through both dimension tables
  {
    name: 'grouped by both dimension tables',
    plan: {
      intent: 'breakdown',
      dimensions: [
        { column: customer('country'), label: 'Country' },
        { column: product('category'), label: 'Category' },
      ],
      measures: [sum('amount'), { agg: 'avg', column: product('list_price'), label: 'Average list price' }],
    },
  },
  {
    name: 'filtered by one dimension table, grouped by the other',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: customer('segment'), label: 'Segment' }],
      measures: [{ agg: 'count_distinct', column: customer('id'), label: 'Customers' }, sum('quantity')],
      filters: [{ column: product('category'), op: 'not_in', values: ['Accessories'] }],
    },
  },
];
