/**
 * The plans of the round trip: every feature of ZQueryPlan, written as the engine writes them,
 * over the dataset of dataset.ts. Each is compiled for every dialect and run on every database.
 */
import type { TColumnRef } from '@catalyst/contracts';
import { rows, type Engine } from './dataset';
import type { Row } from './compare';

export interface RoundTripCase {
  name: string;
  /**
   * The plan without the parts every plan has. Not typed as TQueryPlan: a case may use a plan
   * feature this build's contract does not have yet, and is then skipped (the test says which).
   */
  plan: Record<string, unknown>;
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

/** A continuous percentile (0–1) as SQL's PERCENTILE_CONT: interpolated between neighbours. */
function percentile(values: number[], p: number): number | null {
  const xs = [...values].sort((a, b) => a - b);
  if (!xs.length) return null;
  const at = p * (xs.length - 1);
  const low = Math.floor(at);
  return xs[low]! + (xs[Math.min(low + 1, xs.length - 1)]! - xs[low]!) * (at - low);
}

/** A column of the sales of a channel (NULL: no channel), NULLs left out. */
const salesOf = (channel: string | null, column: 'amount' | 'quantity'): number[] =>
  rows('sales')
    .filter((r) => r.channel === channel && typeof r[column] === 'number')
    .map((r) => r[column] as number);

/** A customer's sales amounts of 2025 added up (NULL amounts left out; 0 without sales). */
const amountIn2025 = (id: unknown): number =>
  rows('sales')
    .filter(
      (r) =>
        r.customer_id === id &&
        typeof r.amount === 'number' &&
        String(r.order_date) >= '2025-01-01' &&
        String(r.order_date) < '2026-01-01',
    )
    .reduce((total, r) => total + (r.amount as number), 0);

/** Between the customers' 2025 totals, fractional: some customers are over it and some are not. */
const TOTAL_BOUND = (() => {
  const totals = rows('customers')
    .map((c) => amountIn2025(c.id))
    .sort((a, b) => a - b);
  return Math.floor(totals[Math.floor(totals.length / 2)]!) + 0.5;
})();

/** How many sales notes contain `text` as it is (the oracle of a substring search). */
const notesContaining = (text: string): Row[] => [
  [
    rows('sales').filter(
      (r) => typeof r.note === 'string' && r.note.toLowerCase().includes(text.toLowerCase()),
    ).length,
  ],
];

type Sale = Record<string, string | number | boolean | null>;

/** SQL's SUM: NULL over no numbers. */
const total = (xs: Sale[], column: string): number | null => {
  const values = xs.map((r) => r[column]).filter((v): v is number => typeof v === 'number');
  return values.length ? values.reduce((a, b) => a + b, 0) : null;
};
/** A division that is NULL where either side is NULL or the denominator 0. */
const divide = (a: number | null, b: number | null): number | null =>
  a === null || b === null || b === 0 ? null : a / b;
const minus = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : a - b;
const distinct = (xs: Sale[], column: string) =>
  new Set(xs.map((r) => r[column]).filter((v) => v !== null)).size;
/** Rows grouped by a key, in the order the keys first appear. */
function groupBy<K>(xs: Sale[], key: (r: Sale) => K): Map<K, Sale[]> {
  const out = new Map<K, Sale[]>();
  for (const r of xs) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}
const lookup = (table: 'customers' | 'products', id: unknown, column: string) =>
  rows(table).find((r) => r.id === id)![column]!;
/** Text (or NULL, the smallest) in code-point order, as DuckDB and PostgreSQL's C collation sort. */
const byText = (a: unknown, b: unknown): number =>
  a === b ? 0 : a === null ? -1 : b === null ? 1 : String(a) < String(b) ? -1 : 1;
const inPeriod = (from: string, to: string) => (r: Sale) =>
  String(r.order_date) >= from && String(r.order_date) < to;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;

export const CASES: RoundTripCase[] = [
  // Aggregates
  { name: 'counts all rows', plan: { measures: [count()] } },
  {
    name: 'days between two dates of a row (a date and a timestamp), by channel',
    plan: {
      measures: [
        { agg: 'avg', column: s('created_at'), since: s('order_date'), label: 'Average days' },
        { agg: 'max', column: s('created_at'), since: s('order_date'), label: 'Most days' },
        {
          agg: 'avg',
          column: s('created_at'),
          since: s('order_date'),
          sinceUnit: 'hours',
          label: 'Average hours',
        },
      ],
      dimensions: [{ column: s('channel'), label: 'Channel' }],
    },
    order: 'none',
  },
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
  {
    name: 'medians and percentiles by channel (MySQL/MariaDB have no percentile aggregate)',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [
        { agg: 'median', column: s('amount'), label: 'Median amount' },
        { agg: 'percentile', p: 0.9, column: s('amount'), label: '90th percentile' },
        { agg: 'percentile', p: 0.25, column: s('quantity'), label: 'Lower quartile of units' },
      ],
    },
    refuses: { mysql: /Medians and percentiles cannot be computed on MySQL/ },
    oracle: () =>
      ['Online', 'Store', 'Phone', null].map((channel) => [
        channel,
        percentile(salesOf(channel, 'amount'), 0.5),
        percentile(salesOf(channel, 'amount'), 0.9),
        percentile(salesOf(channel, 'quantity'), 0.25),
      ]),
  },
  {
    name: 'a conditional median',
    plan: {
      measures: [
        {
          agg: 'median',
          column: s('amount'),
          label: 'Median online amount',
          where: [{ column: s('channel'), op: 'eq', values: ['Online'] }],
        },
      ],
    },
    refuses: { mysql: /Medians and percentiles/ },
    oracle: () => [[percentile(salesOf('Online', 'amount'), 0.5)]],
  },
  {
    name: 'distinct months and weeks with sales',
    plan: {
      measures: [
        { agg: 'count_distinct', column: s('order_date'), grain: 'month', label: 'Months with sales' },
        { agg: 'count_distinct', column: s('created_at'), grain: 'week', label: 'Weeks with sales' },
      ],
    },
  },

  // Conditional measures, ratios and derived metrics
  {
    name: 'conditional measures beside unconditional ones',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: product('category'), label: 'Category' }],
      measures: [
        sum('amount'),
        {
          ...sum('amount', 'Online amount'),
          where: [{ column: s('channel'), op: 'eq', values: ['Online'] }],
        },
        { ...count('Returns'), where: [{ column: s('returned'), op: 'eq', values: [true] }] },
        {
          agg: 'count_distinct',
          column: s('customer_id'),
          label: 'Customers who kept something',
          where: [{ column: s('returned'), op: 'eq', values: [false] }],
        },
      ],
    },
    oracle: () =>
      [...groupBy(rows('sales'), (r) => lookup('products', r.product_id, 'category'))].map(
        ([category, xs]) => [
          category as string,
          total(xs, 'amount'),
          total(
            xs.filter((r) => r.channel === 'Online'),
            'amount',
          ),
          xs.filter((r) => r.returned === true).length,
          distinct(
            xs.filter((r) => r.returned === false),
            'customer_id',
          ),
        ],
      ),
  },
  {
    name: 'ratios: order value, return rate, a share and whole numbers over whole numbers',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: product('category'), label: 'Category' }],
      measures: [
        {
          ...sum('amount', 'Average order value'),
          over: { agg: 'count_distinct', column: s('order_id'), label: 'Orders' },
        },
        {
          ...count('Return rate'),
          where: [{ column: s('returned'), op: 'eq', values: [true] }],
          over: count(),
          format: 'percent',
        },
        {
          ...sum('amount', 'Online share'),
          where: [{ column: s('channel'), op: 'in', values: ['Online'] }],
          over: sum('amount'),
        },
        {
          ...sum('quantity', 'Units per order'),
          over: { agg: 'count_distinct', column: s('order_id'), label: 'Orders' },
        },
      ],
      order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
    },
    oracle: () =>
      [...groupBy(rows('sales'), (r) => lookup('products', r.product_id, 'category'))]
        .sort(([a], [b]) => byText(a, b))
        .map(([category, xs]) => [
          category as string,
          divide(total(xs, 'amount'), distinct(xs, 'order_id')),
          divide(xs.filter((r) => r.returned === true).length, xs.length),
          divide(
            total(
              xs.filter((r) => r.channel === 'Online'),
              'amount',
            ),
            total(xs, 'amount'),
          ),
          divide(total(xs, 'quantity'), distinct(xs, 'order_id')),
        ]),
  },
  {
    name: 'a ratio over nothing is NULL, not an error',
    plan: {
      measures: [
        {
          ...sum('amount', 'Share from nowhere'),
          over: { ...sum('amount'), where: [{ column: s('channel'), op: 'eq', values: ['Nowhere'] }] },
        },
      ],
    },
    oracle: () => [[null]],
  },
  {
    name: 'derived metrics by channel',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [metric('profit'), metric('margin'), metric('units_per_order'), metric('return_rate')],
    },
  },
  {
    name: 'a derived metric narrowed by a condition',
    plan: {
      measures: [{ ...metric('profit'), where: [{ column: s('returned'), op: 'eq', values: [false] }] }],
    },
    oracle: () => {
      const kept = rows('sales').filter((r) => r.returned === false);
      return [[minus(total(kept, 'amount'), total(kept, 'cost'))]];
    },
  },

  // Time grains
  ...(['day', 'week', 'month', 'quarter', 'year', 'weekday'] as const).map((grain): RoundTripCase => ({
    name: `by ${grain} of a date`,
    plan: {
      intent: 'trend',
      dimensions: [{ column: s('order_date'), grain, label: grain }],
      measures: [sum('amount'), count()],
      ...(grain === 'day' && {
        timeRange: { column: s('order_date'), from: '2025-03-01', to: '2025-04-01', label: 'March 2025' },
      }),
    },
    // Weekdays by name, Monday to Sunday.
    ...(grain === 'weekday' && {
      oracle: () => {
        const days = groupBy(rows('sales'), (r) => weekdayOf(String(r.order_date)));
        return WEEKDAYS.filter((w) => days.has(w)).map((w) => [
          w,
          total(days.get(w)!, 'amount'),
          days.get(w)!.length,
        ]);
      },
    }),
  })),
  ...(['day', 'week', 'month', 'quarter', 'year', 'weekday'] as const).map((grain): RoundTripCase => ({
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
    name: 'starts with and ends with, either, ignoring case (a % or _ is no wildcard)',
    plan: {
      intent: 'list',
      table: 'customers',
      measures: [],
      columns: [customer('name')],
      filters: [
        { column: customer('name'), op: 'starts_with', values: ['u'] },
        { column: customer('name'), op: 'ends_with', values: ['LI'] },
        { column: customer('name'), op: 'starts_with', values: ['_%'] },
      ],
      filterLogic: 'or',
    },
    oracle: () =>
      rows('customers')
        .map((c) => String(c.name))
        .filter((n) => n.toLowerCase().startsWith('u') || n.toLowerCase().endsWith('li'))
        .map((n) => [n]),
  },
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
    name: 'a ranking where some groups have no value (NULLs rank last)',
    plan: {
      intent: 'top',
      // Some customers bought no gifts: their amount is NULL.
      dimensions: [{ column: customer('name'), label: 'Customer' }],
      measures: [
        { ...sum('amount', 'Gift amount'), where: [{ column: s('note'), op: 'eq', values: ['Gift'] }] },
      ],
      order: [{ kind: 'measure', index: 0, dir: 'desc' }],
      limit: 5,
    },
  },
  {
    name: 'the same ranking ascending (NULLs first)',
    plan: {
      intent: 'top',
      // Some customers bought no gifts: their amount is NULL.
      dimensions: [{ column: customer('name'), label: 'Customer' }],
      measures: [
        { ...sum('amount', 'Gift amount'), where: [{ column: s('note'), op: 'eq', values: ['Gift'] }] },
      ],
      order: [{ kind: 'measure', index: 0, dir: 'asc' }],
      limit: 5,
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
  {
    name: 'a breakdown compared with the previous period, by its change',
    plan: {
      intent: 'compare_periods',
      dimensions: [{ column: s('channel'), label: 'Channel' }],
      measures: [sum('amount'), count()],
      timeRange: { column: s('order_date'), from: '2026-01-01', to: '2026-04-01', label: 'Q1 2026' },
      comparison: 'previous_period',
      order: [{ kind: 'measure', index: 0, dir: 'desc', change: true }],
    },
    oracle: () => {
      const now = rows('sales').filter(inPeriod('2026-01-01', '2026-04-01'));
      const before = rows('sales').filter(inPeriod('2025-10-01', '2026-01-01'));
      const channels = [...new Set([...now, ...before].map((r) => r.channel))];
      return channels
        .map((channel) => {
          const [a, b] = [now, before].map((xs) => xs.filter((r) => r.channel === channel));
          const [amount, amountBefore] = [total(a!, 'amount'), total(b!, 'amount')];
          const [count, countBefore] = [a!.length, b!.length];
          const change = minus(amount, amountBefore);
          return [
            channel,
            amount,
            count,
            amountBefore,
            countBefore,
            change,
            divide(change, amountBefore === null ? null : Math.abs(amountBefore)),
            count - countBefore,
            divide(count - countBefore, countBefore),
          ] as Row;
        })
        .sort((x, y) => {
          // By the change, largest first, NULL last; ties by the channel, descending.
          const [a, b] = [x[5] as number | null, y[5] as number | null];
          if (a !== b) return a === null ? 1 : b === null ? -1 : b - a;
          return byText(y[0], x[0]);
        });
    },
  },
  {
    name: 'a breakdown compared with a year before',
    plan: {
      intent: 'compare_periods',
      dimensions: [{ column: product('category'), label: 'Category' }],
      measures: [sum('amount')],
      timeRange: { column: s('order_date'), from: '2026-01-01', to: '2026-06-01', label: 'Jan–May 2026' },
      comparison: 'previous_year',
    },
  },
  {
    name: 'a breakdown compared with a named period',
    plan: {
      intent: 'compare_periods',
      dimensions: [{ column: customer('country'), label: 'Country' }],
      measures: [metric('profit')],
      timeRange: { column: s('order_date'), from: '2026-01-01', to: '2026-04-01', label: 'Q1 2026' },
      comparisonRange: { column: s('order_date'), from: '2025-07-01', to: '2025-10-01', label: 'Q3 2025' },
      order: [{ kind: 'measure', index: 0, dir: 'asc' }],
    },
  },

  // Windows over the grouped rows
  {
    name: 'a running total by month',
    plan: {
      intent: 'trend',
      dimensions: [{ column: s('order_date'), grain: 'month', label: 'Month' }],
      measures: [sum('amount')],
      cumulative: true,
    },
    oracle: () => {
      let running = 0;
      return [...groupBy(rows('sales'), (r) => `${String(r.order_date).slice(0, 7)}-01`)]
        .sort(([a], [b]) => byText(a, b))
        .map(([month, xs]) => {
          running += total(xs, 'amount') ?? 0;
          return [month, total(xs, 'amount'), running];
        });
    },
  },
  {
    name: 'running totals by quarter per channel',
    plan: {
      intent: 'trend',
      dimensions: [
        { column: s('channel'), label: 'Channel' },
        { column: s('order_date'), grain: 'quarter', label: 'Quarter' },
      ],
      measures: [count()],
      cumulative: true,
      order: [
        { kind: 'dimension', index: 0, dir: 'asc' },
        { kind: 'dimension', index: 1, dir: 'asc' },
      ],
    },
  },
  {
    name: 'the change from each quarter to the next',
    plan: {
      intent: 'trend',
      dimensions: [{ column: s('order_date'), grain: 'quarter', label: 'Quarter' }],
      measures: [sum('amount'), metric('margin')],
      periodChange: true,
    },
  },
  {
    name: 'running totals and changes by month per category',
    plan: {
      intent: 'trend',
      dimensions: [
        { column: product('category'), label: 'Category' },
        { column: s('order_date'), grain: 'month', label: 'Month' },
      ],
      measures: [sum('quantity')],
      cumulative: true,
      periodChange: true,
      timeRange: { column: s('order_date'), from: '2025-01-01', to: '2025-07-01', label: 'H1 2025' },
    },
    order: [1],
  },
  {
    name: 'the top 2 products in each country',
    plan: {
      intent: 'top',
      dimensions: [
        { column: customer('country'), label: 'Country' },
        { column: product('name'), label: 'Product' },
      ],
      measures: [sum('amount')],
      order: [{ kind: 'measure', index: 0, dir: 'desc' }],
      perGroupLimit: 2,
    },
    oracle: () =>
      [...groupBy(rows('sales'), (r) => lookup('customers', r.customer_id, 'country'))]
        .sort(([a], [b]) => byText(a, b))
        .flatMap(([country, xs]) =>
          [...groupBy(xs, (r) => lookup('products', r.product_id, 'name'))]
            .map(([product, ys]) => [country, product, total(ys, 'amount')] as Row)
            // Largest first, NULL last; ties by the product, descending.
            .sort((x, y) =>
              x[2] !== y[2]
                ? x[2] === null
                  ? 1
                  : y[2] === null
                    ? -1
                    : (y[2] as number) - (x[2] as number)
                : byText(y[1], x[1]),
            )
            .slice(0, 2),
        ),
  },
  {
    name: 'the bottom product in each segment, NULL segment included',
    plan: {
      intent: 'top',
      dimensions: [
        { column: customer('segment'), label: 'Segment' },
        { column: product('name'), label: 'Product' },
      ],
      measures: [count()],
      having: [{ measure: 0, op: 'gte', value: 2 }],
      order: [{ kind: 'measure', index: 0, dir: 'asc' }],
      perGroupLimit: 1,
    },
  },

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
    name: 'measures of two tables (read apart, then joined), ordered by a grouping with NULLs',
    plan: {
      intent: 'breakdown',
      dimensions: [{ column: customer('segment'), label: 'Segment' }],
      measures: [sum('amount'), { agg: 'count_distinct', column: customer('id'), label: 'Customers' }],
      order: [{ kind: 'dimension', index: 0, dir: 'asc' }],
    },
  },
  {
    name: 'customers with no sales (no row refers to them)',
    plan: {
      intent: 'list',
      table: 'customers',
      measures: [],
      columns: [customer('name')],
      related: [{ of: 'customers', table: 'sales', op: 'eq', value: 0, label: 'with no sales' }],
    },
    oracle: () =>
      rows('customers')
        .filter((c) => !rows('sales').some((r) => r.customer_id === c.id))
        .map((c) => [String(c.name)]),
    empty: true,
  },
  {
    name: 'customers counted by segment when they have at least 3 online sales in 2025',
    plan: {
      intent: 'breakdown',
      table: 'customers',
      dimensions: [{ column: customer('segment'), label: 'Segment' }],
      measures: [count('Customers')],
      related: [
        {
          of: 'customers',
          table: 'sales',
          op: 'gte',
          value: 3,
          where: [{ column: s('channel'), op: 'eq', values: ['Online'] }],
          during: { column: s('order_date'), from: '2025-01-01', to: '2026-01-01', label: '2025' },
          label: 'with at least 3 online sales in 2025',
        },
      ],
    },
    oracle: () => {
      const kept = rows('customers').filter(
        (c) =>
          rows('sales').filter(
            (r) =>
              r.customer_id === c.id &&
              r.channel === 'Online' &&
              String(r.order_date) >= '2025-01-01' &&
              String(r.order_date) < '2026-01-01',
          ).length >= 3,
      );
      const bySegment = new Map<string | null, number>();
      for (const c of kept) {
        const segment = c.segment === null ? null : String(c.segment);
        bySegment.set(segment, (bySegment.get(segment) ?? 0) + 1);
      }
      return [...bySegment].map(([segment, n]) => [segment, n]);
    },
  },
  {
    name: 'customers whose 2025 sales amounts total more than a fractional bound',
    plan: {
      intent: 'list',
      table: 'customers',
      measures: [],
      columns: [customer('name')],
      related: [
        {
          of: 'customers',
          table: 'sales',
          op: 'gt',
          value: TOTAL_BOUND,
          total: s('amount'),
          during: { column: s('order_date'), from: '2025-01-01', to: '2026-01-01', label: '2025' },
          label: 'who spent more than the bound in 2025',
        },
      ],
    },
    oracle: () =>
      rows('customers')
        .filter((c) => amountIn2025(c.id) > TOTAL_BOUND)
        .map((c) => [String(c.name)]),
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
