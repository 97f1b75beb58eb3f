// The SQL of the plan features beyond plain aggregates: medians and percentiles, conditional and
// ratio measures, weekdays, running totals, changes from period to period and top N per group.
// What the SQL returns is checked on real databases by the server's dialect round trip.
import { describe, expect, it } from 'vitest';
import type { TMeasure, TQueryPlan } from '@catalyst/contracts';
import { compilePlan, derivedColumns, fansOut, PlanError } from '../src/sql/compile';
import { conditionAggregates } from '../src/sql/scope';
import type { ModelColumn, SemanticModel } from '../src/model/types';
import { col } from './model-columns';
import { measureSemantics } from '../src/cards/semantics';

const table = (name: string, columns: ModelColumn[]) => ({
  schema: 'main',
  name,
  label: name,
  synonyms: [],
  rowCount: 10,
  primaryKey: [],
  freshness: null,
  columns,
});
const model: SemanticModel = {
  tables: [
    table('orders', [
      col('orders', 'revenue', 'number'),
      col('orders', 'order_id', 'number'),
      col('orders', 'day', 'date'),
      col('orders', 'status', 'text'),
      col('orders', 'customer_id', 'number'),
    ]),
    table('customers', [col('customers', 'customer_id', 'number'), col('customers', 'region', 'text')]),
  ],
  metrics: [
    {
      name: 'kept_share',
      label: 'Kept share',
      table: 'orders',
      expression: `SUM(CASE WHEN "status" <> 'refunded' THEN "revenue" ELSE 0 END) / COUNT(*)`,
      synonyms: [],
      definition: '',
    },
  ],
  joins: [
    {
      from: [{ table: 'orders', column: 'customer_id' }],
      to: [{ table: 'customers', column: 'customer_id' }],
    },
  ],
};

const o = (column: string) => ({ table: 'orders', column });
const revenue: TMeasure = { agg: 'sum', column: o('revenue'), label: 'Revenue' };
const base: TQueryPlan = {
  intent: 'breakdown',
  table: 'orders',
  columns: [],
  distinct: false,
  filterLogic: 'and',
  having: [],
  share: false,
  measures: [revenue],
  dimensions: [],
  filters: [],
  order: [],
};
const region = { column: { table: 'customers', column: 'region' }, label: 'Region' };
const month = { column: o('day'), grain: 'month' as const, label: 'Month' };
const status = { column: o('status'), label: 'Status' };
const onlyPaid = [{ column: o('status'), op: 'eq' as const, values: ['paid'] }];

describe('medians and percentiles', () => {
  const plan = {
    ...base,
    measures: [
      { agg: 'median' as const, column: o('revenue'), label: 'Median' },
      { agg: 'percentile' as const, p: 0.9, column: o('revenue'), label: 'P90' },
    ],
  };
  it('are continuous percentiles of the values as decimals', () => {
    expect(compilePlan(plan, model, 'duckdb').sql).toContain(
      'quantile_cont(CAST(t0."revenue" AS DOUBLE), 0.5), quantile_cont(CAST(t0."revenue" AS DOUBLE), 0.9)',
    );
    expect(compilePlan(plan, model, 'postgres').sql).toContain(
      'PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY CAST(t0."revenue" AS DOUBLE PRECISION))',
    );
  });
  it('are refused, with the nearest thing named, where the database has no percentile aggregate', () => {
    expect(() => compilePlan(plan, model, 'mysql')).toThrow(PlanError);
    expect(() => compilePlan(plan, model, 'mysql')).toThrow(
      /Medians and percentiles cannot be computed on MySQL or MariaDB.*average/,
    );
    expect(() => compilePlan(plan, model, 'bigquery')).toThrow(/on BigQuery/);
  });
  it('need to know which percentile', () => {
    const { p: _, ...noP } = plan.measures[1]!;
    expect(() => compilePlan({ ...plan, measures: [noP] }, model, 'duckdb')).toThrow(/needs p/);
  });
});

describe('conditional measures', () => {
  it('read only the rows meeting their condition, bound before the WHERE values', () => {
    const q = compilePlan(
      {
        ...base,
        measures: [
          revenue,
          { ...revenue, label: 'Paid revenue', where: onlyPaid },
          { agg: 'count', label: 'Paid orders', where: onlyPaid },
          { agg: 'count_distinct', column: o('customer_id'), label: 'Paying customers', where: onlyPaid },
        ],
        filters: [{ column: o('revenue'), op: 'gt', values: [0] }],
      },
      model,
      'postgres',
    );
    expect(q.sql).toContain(
      'SUM(t0."revenue"), SUM(CASE WHEN t0."status" = $1 THEN t0."revenue" END), COUNT(CASE WHEN t0."status" = $2 THEN 1 END), COUNT(DISTINCT CASE WHEN t0."status" = $3 THEN t0."customer_id" END)',
    );
    expect(q.sql).toContain('WHERE t0."revenue" > $4');
    expect(q.params).toEqual(['paid', 'paid', 'paid', 0]);
  });
  it('as a share of the total bind their values at each place they appear', () => {
    const q = compilePlan(
      { ...base, dimensions: [region], share: true, measures: [{ ...revenue, where: onlyPaid }] },
      model,
      'postgres',
    );
    expect(q.sql).toContain(
      'SUM(CASE WHEN t0."status" = $1 THEN t0."revenue" END) * 1.0 / SUM(SUM(CASE WHEN t0."status" = $2 THEN t0."revenue" END)) OVER ()',
    );
    expect(q.params).toEqual(['paid', 'paid']);
  });
  it('narrow a derived metric: every aggregate in it, COUNT(*) included, literals untouched', () => {
    const q = compilePlan(
      { ...base, measures: [{ agg: 'sum', metric: 'kept_share', label: 'Kept share', where: onlyPaid }] },
      model,
      'duckdb',
    );
    expect(q.sql).toContain(
      `SUM(CASE WHEN t0."status" = ? THEN CASE WHEN t0."status" <> 'refunded' THEN t0."revenue" ELSE 0 END END) / COUNT(CASE WHEN t0."status" = ? THEN 1 END)`,
    );
    expect(q.params).toEqual(['paid', 'paid']);
  });
  it('rewrites aggregates of an expression, leaving quoted names and strings alone', () => {
    expect(conditionAggregates(`SUM("a") / NULLIF(COUNT(DISTINCT "b"), 0) + "SUM(x)" + 'MAX(y)'`)).toBe(
      `SUM(CASE WHEN \uE000 THEN "a" END) / NULLIF(COUNT(DISTINCT CASE WHEN \uE000 THEN "b" END), 0) + "SUM(x)" + 'MAX(y)'`,
    );
    expect(conditionAggregates('ASUM(x)')).toBe('ASUM(x)');
    expect(() => conditionAggregates('SUM("a"')).toThrow(PlanError);
  });
  it('count distinct periods of a date', () => {
    const q = compilePlan(
      { ...base, measures: [{ agg: 'count_distinct', column: o('day'), grain: 'month', label: 'Months' }] },
      model,
      'mysql',
    );
    expect(q.sql).toContain("COUNT(DISTINCT DATE_FORMAT(t0.`day`, '%Y-%m-01'))");
  });
  it('on a table past a one-to-many join are refused rather than counted twice', () => {
    const plan: TQueryPlan = {
      ...base,
      table: 'customers',
      measures: [
        {
          agg: 'count',
          column: { table: 'customers', column: 'customer_id' },
          label: 'Customers',
          where: onlyPaid,
        },
      ],
    };
    expect(fansOut(plan, model)).toBe(true);
    expect(() => compilePlan(plan, model, 'duckdb')).toThrow(PlanError);
  });
});

describe('ratios of two measures', () => {
  const perOrder: TMeasure = {
    ...revenue,
    label: 'Revenue per order',
    over: { agg: 'count_distinct', column: o('order_id'), label: 'Orders' },
  };
  it('divide as decimals and are NULL where the denominator is 0', () => {
    const q = compilePlan({ ...base, measures: [perOrder] }, model, 'postgres');
    expect(q.sql).toContain('SUM(t0."revenue") * 1.0 / NULLIF(COUNT(DISTINCT t0."order_id"), 0)');
  });
  it('filter groups on the ratio (HAVING), not on its numerator', () => {
    const q = compilePlan(
      { ...base, dimensions: [status], measures: [perOrder], having: [{ measure: 0, op: 'gt', value: 10 }] },
      model,
      'duckdb',
    );
    expect(q.sql).toContain('HAVING SUM(t0."revenue") * 1.0 / NULLIF(COUNT(DISTINCT t0."order_id"), 0) > ?');
  });
  it('of measures of two tables read each from its own table, divided afterwards', () => {
    const q = compilePlan(
      {
        ...base,
        dimensions: [region],
        measures: [
          {
            ...revenue,
            label: 'Revenue per customer',
            over: { agg: 'count', column: { table: 'customers', column: 'customer_id' }, label: 'Customers' },
          },
        ],
      },
      model,
      'duckdb',
    );
    expect(q.sql).toContain('SUM(t0."revenue") AS m0');
    expect(q.sql).toContain('COUNT(t0."customer_id") AS o0');
    expect(q.sql).toMatch(/^SELECT r\.d0, r\.m0 \* 1\.0 \/ NULLIF\(r\.o0, 0\)/);
  });
});

describe('weekdays', () => {
  const plan = { ...base, dimensions: [{ column: o('day'), grain: 'weekday' as const, label: 'Weekday' }] };
  it('are named and ordered Monday to Sunday', () => {
    const q = compilePlan(plan, model, 'duckdb');
    expect(q.sql).toContain(
      `CASE isodow(t0."day") WHEN 1 THEN 'Monday' WHEN 2 THEN 'Tuesday' WHEN 3 THEN 'Wednesday' WHEN 4 THEN 'Thursday' WHEN 5 THEN 'Friday' WHEN 6 THEN 'Saturday' WHEN 7 THEN 'Sunday' END`,
    );
    expect(q.sql).toContain('ORDER BY MIN(isodow(t0."day")) ASC');
    expect(compilePlan(plan, model, 'mysql').sql).toContain('CASE (WEEKDAY(t0.`day`) + 1) WHEN 1');
    expect(compilePlan(plan, model, 'bigquery').sql).toContain(
      'CASE (MOD(EXTRACT(DAYOFWEEK FROM t0.`day`) + 5, 7) + 1) WHEN 1',
    );
  });
  it('order by their place in the week over pre-aggregated rows', () => {
    const q = compilePlan(
      { ...plan, perGroupLimit: 1, dimensions: [...plan.dimensions, status] },
      model,
      'duckdb',
    );
    expect(q.sql).toContain(`ORDER BY CASE r.d0 WHEN 'Monday' THEN 1`);
  });
});

describe('running totals and changes from period to period', () => {
  it('add up each series along time, one series per other grouping', () => {
    const q = compilePlan({ ...base, dimensions: [status, month], cumulative: true }, model, 'postgres');
    expect(q.sql).toContain(
      'SUM(r.m0) OVER (PARTITION BY r.d0 ORDER BY r.d1 ASC NULLS FIRST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)',
    );
    expect(q.columns).toEqual(['Status', 'Month', 'Revenue', 'Running total of Revenue']);
  });
  it('are refused for what does not add up, and without a time grouping', () => {
    const average: TMeasure = { agg: 'avg', column: o('revenue'), label: 'Average' };
    expect(() =>
      compilePlan({ ...base, dimensions: [month], measures: [average], cumulative: true }, model, 'duckdb'),
    ).toThrow(/running total adds up sums and counts/);
    expect(() => compilePlan({ ...base, dimensions: [status], periodChange: true }, model, 'duckdb')).toThrow(
      /need a time grouping/,
    );
  });
  it('change: the difference from the previous period and its fraction of it', () => {
    const q = compilePlan({ ...base, dimensions: [month], periodChange: true }, model, 'mysql');
    expect(q.sql).toContain('r.m0 - LAG(r.m0) OVER (ORDER BY r.d0 ASC)');
    expect(q.sql).toContain(
      '(r.m0 - LAG(r.m0) OVER (ORDER BY r.d0 ASC)) * 1.0 / NULLIF(ABS(LAG(r.m0) OVER (ORDER BY r.d0 ASC)), 0)',
    );
    expect(q.columns).toEqual(['Month', 'Revenue', 'Change in Revenue', '% change in Revenue']);
  });
});

describe('top N per group', () => {
  const plan: TQueryPlan = {
    ...base,
    intent: 'top',
    dimensions: [region, status],
    order: [{ kind: 'measure', index: 0, dir: 'desc' }],
    having: [{ measure: 0, op: 'gte', value: 100 }],
    perGroupLimit: 2,
  };
  it('ranks within each group after HAVING, ties by the ranked dimension', () => {
    const q = compilePlan(plan, model, 'postgres');
    expect(q.sql).toContain(
      'ROW_NUMBER() OVER (PARTITION BY r.d0 ORDER BY r.m0 DESC NULLS LAST, r.d1 DESC NULLS LAST) AS rn',
    );
    expect(q.sql).toMatch(
      /WHERE r\.m0 >= \$1\n\) AS r\nWHERE r\.rn <= 2\nORDER BY r\.d0 ASC NULLS FIRST, r\.rn/,
    );
  });
  it('is not combined with what would be computed over the kept rows only', () => {
    expect(() => compilePlan({ ...plan, share: true }, model, 'duckdb')).toThrow(/not supported yet/);
  });
  it('needs a group and something ranked in it', () => {
    expect(() => compilePlan({ ...plan, dimensions: [status] }, model, 'duckdb')).toThrow(/two groupings/);
  });
});

describe('a breakdown compared with another period', () => {
  const first: TQueryPlan['timeRange'] = {
    column: o('day'),
    from: '2026-04-01',
    to: '2026-07-01',
    label: 'Q2',
  };
  const plan: TQueryPlan = {
    ...base,
    intent: 'compare_periods',
    dimensions: [status],
    measures: [revenue, { agg: 'count', label: 'Orders' }],
    timeRange: first,
    comparison: 'previous_period',
    order: [{ kind: 'measure', index: 0, dir: 'desc', change: true }],
  };
  it('reads both periods in one pass, each measure its own period, then each change', () => {
    const q = compilePlan(plan, model, 'postgres');
    expect(q.sql).toContain(
      'SUM(CASE WHEN t0."day" >= CAST($1 AS DATE) AND t0."day" < CAST($2 AS DATE) THEN t0."revenue" END) AS m0',
    );
    expect(q.sql).toContain(
      'WHERE ((t0."day" >= CAST($9 AS DATE) AND t0."day" < CAST($10 AS DATE)) OR (t0."day" >= CAST($11 AS DATE) AND t0."day" < CAST($12 AS DATE)))',
    );
    // The period before a quarter is the quarter before.
    expect(q.params.slice(4, 6)).toEqual(['2026-01-01', '2026-04-01']);
    expect(q.params.slice(8)).toEqual(['2026-04-01', '2026-07-01', '2026-01-01', '2026-04-01']);
    expect(q.columns).toEqual([
      'Status',
      'Revenue',
      'Orders',
      'Revenue (period before Q2)',
      'Orders (period before Q2)',
      'Change in Revenue',
      '% change in Revenue',
      'Change in Orders',
      '% change in Orders',
    ]);
    expect(q.sql).toContain('ORDER BY (r.m0 - r.m2) DESC NULLS LAST, r.d0 DESC NULLS LAST');
  });
  it('with a named period, which must be on the same column', () => {
    const named = { column: o('day'), from: '2025-04-01', to: '2025-07-01', label: 'Q2 last year' };
    const q = compilePlan({ ...plan, comparison: undefined, comparisonRange: named }, model, 'duckdb');
    expect(q.params.slice(4, 6)).toEqual(['2025-04-01', '2025-07-01']);
    expect(q.columns).toContain('Revenue (Q2 last year)');
    expect(() =>
      compilePlan({ ...plan, comparisonRange: { ...named, column: o('order_id') } }, model, 'duckdb'),
    ).toThrow(/same date column/);
    expect(() =>
      compilePlan({ ...plan, timeRange: undefined, comparisonRange: named }, model, 'duckdb'),
    ).toThrow(PlanError);
  });
  it('a ratio compares both of its parts over each period', () => {
    const q = compilePlan(
      {
        ...plan,
        order: [],
        measures: [{ ...revenue, over: { agg: 'count', label: 'Orders' } }],
      },
      model,
      'duckdb',
    );
    expect(q.sql).toContain(
      'COUNT(CASE WHEN t0."day" >= CAST(? AS DATE) AND t0."day" < CAST(? AS DATE) THEN 1 END) AS o0',
    );
    expect(q.sql).toMatch(
      /^SELECT r\.d0, r\.m0 \* 1\.0 \/ NULLIF\(r\.o0, 0\), r\.m1 \* 1\.0 \/ NULLIF\(r\.o1, 0\)/,
    );
  });
  it('a single figure keeps its own comparison query; ordering by a change needs a comparison', () => {
    const single = compilePlan({ ...plan, dimensions: [], order: [] }, model, 'duckdb');
    expect(single.columns).toEqual(['Revenue', 'Orders']);
    expect(() => compilePlan({ ...plan, comparison: undefined }, model, 'duckdb')).toThrow(
      /needs a comparison/,
    );
  });
});

describe('how the new measures read on a card', () => {
  const orders: TMeasure = { agg: 'count_distinct', column: o('order_id'), label: 'Orders' };
  it('a ratio, a median or a percentile never adds up across groups', () => {
    expect(measureSemantics(revenue, model).additive).toBe('yes');
    expect(measureSemantics({ ...revenue, over: orders }, model).additive).toBe('no');
    expect(measureSemantics({ ...revenue, agg: 'median' }, model).additive).toBe('no');
    expect(measureSemantics({ ...revenue, agg: 'percentile', p: 0.9 }, model).additive).toBe('no');
  });
  it('a count over a count is a ratio; a format the plan names is taken as said', () => {
    const rate: TMeasure = {
      agg: 'count',
      label: 'Paid',
      where: onlyPaid,
      over: { agg: 'count', label: 'All' },
    };
    expect(measureSemantics(rate, model).unit).toBe('ratio');
    expect(measureSemantics({ ...rate, format: 'percent' }, model)).toMatchObject({
      unit: 'ratio',
      proportion: true,
    });
    expect(measureSemantics({ ...revenue, format: 'currency' }, model).unit).toBe('money');
  });
});

describe('periods of a measure', () => {
  it('are of dates only', () => {
    const periods: TMeasure = { agg: 'count_distinct', column: o('status'), grain: 'month', label: 'Months' };
    expect(() => compilePlan({ ...base, measures: [periods] }, model, 'duckdb')).toThrow(/holds no dates/);
  });
});

describe('the columns a plan adds after its measures', () => {
  it('are named in the order the compiled query has them', () => {
    const q1: TQueryPlan['timeRange'] = {
      column: o('day'),
      from: '2026-01-01',
      to: '2026-04-01',
      label: 'Q1',
    };
    const plans: TQueryPlan[] = [
      { ...base, dimensions: [status], measures: [revenue] },
      {
        ...base,
        dimensions: [status],
        measures: [revenue, { agg: 'count', label: 'Orders' }],
        timeRange: q1,
        comparison: 'previous_year',
      },
      { ...base, dimensions: [status, month], cumulative: true, periodChange: true },
      { ...base, dimensions: [month], timeRange: q1, comparison: 'previous_period', cumulative: true },
      // A single figure's comparison is a query of its own: nothing added.
      { ...base, timeRange: q1, comparison: 'previous_period' },
    ];
    for (const p of plans) {
      const q = compilePlan(p, model, 'duckdb');
      const derived = derivedColumns(p);
      expect(q.columns.length).toBe(p.dimensions.length + p.measures.length + derived.length);
      derived.forEach((c, k) => {
        const label = q.columns[p.dimensions.length + p.measures.length + k]!;
        const of = p.measures[c.measure]!.label;
        // A running total or change of a compared measure carries that measure's label.
        const prefix = {
          compared: `${of} (`,
          change: `Change in ${of}`,
          percent: `% change in ${of}`,
          running: `Running total of ${of}`,
        }[c.kind];
        expect(label.startsWith(prefix), label).toBe(true);
      });
    }
    expect(derivedColumns(plans[1]!).map((c) => c.kind)).toEqual([
      'compared',
      'compared',
      'change',
      'percent',
      'change',
      'percent',
    ]);
  });
});
