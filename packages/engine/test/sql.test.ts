import { describe, expect, it } from 'vitest';
import type { TQueryPlan } from '@catalyst/contracts';
import { compilePlan, PlanError } from '../src/sql/compile';
import type { SemanticModel } from '../src/model/types';
import { col } from './model-columns';

const model: SemanticModel = {
  tables: [
    {
      schema: 'main',
      name: 'orders',
      label: 'Orders',
      synonyms: [],
      rowCount: 10,
      primaryKey: [],
      freshness: null,
      columns: [
        col('orders', 'revenue', 'number'),
        col('orders', 'order date', 'date'),
        col('orders', 'customer_id', 'number'),
      ],
    },
    {
      schema: 'main',
      name: 'customers',
      label: 'Customers',
      synonyms: [],
      rowCount: 5,
      primaryKey: [],
      freshness: null,
      columns: [col('customers', 'customer_id', 'number'), col('customers', 'region', 'text')],
    },
  ],
  metrics: [
    {
      name: 'avg_order',
      label: 'Average order',
      table: 'orders',
      expression: 'SUM("revenue") / COUNT(*)',
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
const plan: TQueryPlan = {
  intent: 'breakdown',
  table: 'orders',
  columns: [],
  distinct: false,
  filterLogic: 'and',
  having: [],
  share: false,
  measures: [
    { agg: 'sum', column: { table: 'orders', column: 'revenue' }, label: 'Revenue' },
    { agg: 'sum', metric: 'avg_order', label: 'Average order' },
  ],
  dimensions: [
    { column: { table: 'customers', column: 'region' }, label: 'Region' },
    { column: { table: 'orders', column: 'order date' }, grain: 'month', label: 'Month' },
  ],
  filters: [
    {
      column: { table: 'customers', column: 'region' },
      op: 'in',
      values: ["Europe'; DROP TABLE x; --", 'Asia'],
    },
  ],
  timeRange: {
    column: { table: 'orders', column: 'order date' },
    from: '2026-01-01',
    to: '2026-07-01',
    label: 'H1',
  },
  order: [{ kind: 'measure', index: 0, dir: 'desc' }],
  limit: 5,
};

describe('the plan compiles per dialect with quoted identifiers and bound values', () => {
  it('duckdb', () => {
    const q = compilePlan(plan, model, 'duckdb');
    expect(q.sql).toContain(`JOIN "customers" AS t1 ON t0."customer_id" = t1."customer_id"`);
    expect(q.sql).toContain(`date_trunc('month', t0."order date")`);
    expect(q.sql).toContain('IN (?, ?)');
    expect(q.sql).not.toContain('DROP');
    expect(q.params).toEqual(["Europe'; DROP TABLE x; --", 'Asia', '2026-01-01', '2026-07-01']);
    expect(q.sql).toMatch(/LIMIT 5$/);
  });
  it('postgres numbers its placeholders', () => {
    const q = compilePlan(plan, model, 'postgres');
    expect(q.sql).toContain('IN ($1, $2)');
    expect(q.sql).toContain('>= CAST($3 AS DATE)');
  });
  it('mysql quotes with backticks', () => {
    const q = compilePlan(plan, model, 'mysql');
    expect(q.sql).toContain('`customers`');
    expect(q.sql).toContain("DATE_FORMAT(t0.`order date`, '%Y-%m-01')");
  });
  it('bigquery truncates with DATE_TRUNC', () => {
    expect(compilePlan(plan, model, 'bigquery').sql).toContain('DATE_TRUNC(t0.`order date`, MONTH)');
  });
  it('computes an exact median where the database has one, and refuses it elsewhere', () => {
    const median: TQueryPlan = {
      ...plan,
      measures: [{ agg: 'median', column: { table: 'orders', column: 'revenue' }, label: 'Median revenue' }],
    };
    expect(compilePlan(median, model, 'duckdb').sql).toContain(
      'quantile_cont(CAST(t0."revenue" AS DOUBLE), 0.5)',
    );
    expect(compilePlan(median, model, 'postgres').sql).toContain(
      'PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY CAST(t0."revenue" AS DOUBLE PRECISION))',
    );
    expect(() => compilePlan(median, model, 'mysql')).toThrow(/cannot be computed on MySQL or MariaDB/);
    expect(() => compilePlan(median, model, 'bigquery')).toThrow(PlanError);
    const p90: TQueryPlan = {
      ...plan,
      measures: [{ agg: 'percentile', p: 0.9, column: { table: 'orders', column: 'revenue' }, label: 'p90' }],
    };
    expect(compilePlan(p90, model, 'duckdb').sql).toContain(
      'quantile_cont(CAST(t0."revenue" AS DOUBLE), 0.9)',
    );
    expect(compilePlan(p90, model, 'postgres').sql).toContain('PERCENTILE_CONT(0.9) WITHIN GROUP');
    const noP = { ...p90, measures: [{ ...p90.measures[0]!, p: undefined }] };
    expect(() => compilePlan(noP, model, 'duckdb')).toThrow(/needs p \(0 to 1\)/);
  });
  it('expands derived metrics from the model, not the plan', () => {
    expect(compilePlan(plan, model, 'duckdb').sql).toContain('SUM(t0."revenue") / COUNT(*)');
  });
  it('rejects unknown columns and tables', () => {
    expect(() => compilePlan({ ...plan, table: 'nope' }, model, 'duckdb')).toThrow(PlanError);
    expect(() =>
      compilePlan(
        { ...plan, measures: [{ agg: 'sum', column: { table: 'orders', column: 'x"; DROP' }, label: 'x' }] },
        model,
        'duckdb',
      ),
    ).toThrow(PlanError);
  });
  it('limits listings to the row limit', () => {
    const list = compilePlan(
      {
        ...plan,
        measures: [],
        dimensions: [],
        columns: [{ table: 'orders', column: 'revenue' }],
        limit: undefined,
        order: [],
      },
      model,
      'duckdb',
      { maxRows: 100 },
    );
    expect(list.sql).toMatch(/LIMIT 100$/);
  });
});
