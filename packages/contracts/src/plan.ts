import { z } from 'zod';

/**
 * The engine's query plan: what a question was understood to ask, in terms of the semantic
 * model. Only a plan (never free text) is compiled to SQL, so everything here names model
 * tables/columns/metrics and carries values that become bound parameters.
 */
export const ZColumnRef = z.object({ table: z.string().min(1), column: z.string().min(1) });
export type TColumnRef = z.infer<typeof ZColumnRef>;

export const ZAggregate = z.enum([
  'count',
  'count_distinct',
  'sum',
  'avg',
  'min',
  'max',
  'median',
  'percentile',
]);
export type TAggregate = z.infer<typeof ZAggregate>;

export const ZTimeGrain = z.enum(['day', 'week', 'month', 'quarter', 'year']);
export type TTimeGrain = z.infer<typeof ZTimeGrain>;

export const ZMeasure = z.object({
  agg: ZAggregate,
  /** Absent for COUNT(*). */
  column: ZColumnRef.optional(),
  /** A derived metric of the model, by name (its expression comes from the model, not the plan). */
  metric: z.string().optional(),
  /** For "percentile": which one, as a fraction (0.9 = the 90th percentile). */
  p: z.number().min(0).max(1).optional(),
  label: z.string(),
});
export type TMeasure = z.infer<typeof ZMeasure>;

export const ZDimension = z.object({ column: ZColumnRef, grain: ZTimeGrain.optional(), label: z.string() });
export type TDimension = z.infer<typeof ZDimension>;

export const ZFilterOp = z.enum([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'in',
  'not_in',
  'contains',
  'is_null',
  'not_null',
]);
export type TFilterOp = z.infer<typeof ZFilterOp>;

export const ZFilterValue = z.union([z.string().max(500), z.number(), z.boolean()]);
export const ZFilter = z.object({
  column: ZColumnRef,
  op: ZFilterOp,
  values: z.array(ZFilterValue).max(50),
});
export type TFilter = z.infer<typeof ZFilter>;

export const ZTimeRange = z.object({
  column: ZColumnRef,
  /** ISO dates, `from` inclusive and `to` exclusive. */
  from: z.string().optional(),
  to: z.string().optional(),
  label: z.string(),
});
export type TTimeRange = z.infer<typeof ZTimeRange>;

export const ZOrder = z.object({
  /** "measure" → index into measures; "dimension" → index into dimensions; "column" → any column. */
  kind: z.enum(['measure', 'dimension', 'column']),
  index: z.number().int().min(0).optional(),
  column: ZColumnRef.optional(),
  dir: z.enum(['asc', 'desc']),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZHaving = z.object({
  measure: z.number().int().min(0),
  op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq']),
  value: z.number(),
});
export type THaving = z.infer<typeof ZHaving>;

export const ZIntent = z.enum([
  'value',
  'breakdown',
  'trend',
  'top',
  'superlative',
  'share',
  'compare_periods',
  'compare_members',
  'distribution',
  'correlation',
  'list',
]);
export type TIntent = z.infer<typeof ZIntent>;

export const ZQueryPlan = z
  .object({
    intent: ZIntent,
    /** The table the question is about; others are joined along the model's join paths. */
    table: z.string().min(1),
    measures: z.array(ZMeasure).max(10),
    dimensions: z.array(ZDimension).max(4),
    /** For listings: the columns to show (no aggregation). */
    columns: z.array(ZColumnRef).max(20).default([]),
    distinct: z.boolean().default(false),
    filters: z.array(ZFilter).max(20),
    /** How filters combine; "or" only when the question joins conditions with "or". */
    filterLogic: z.enum(['and', 'or']).default('and'),
    timeRange: ZTimeRange.optional(),
    having: z.array(ZHaving).max(4).default([]),
    order: z.array(ZOrder).max(4),
    limit: z.number().int().min(1).max(100000).optional(),
    /** Period comparison: the same measures over the period before (or a year before). */
    comparison: z.enum(['previous_period', 'previous_year']).optional(),
    /** Applies to share: each group's measure as a fraction of the total. */
    share: z.boolean().default(false),
  })
  .meta({ id: 'QueryPlan' });
export type TQueryPlan = z.infer<typeof ZQueryPlan>;
