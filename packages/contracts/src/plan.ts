import { z } from 'zod';

/**
 * The engine's query plan: what a question was understood to ask, in terms of the semantic
 * model. Only a plan (never free text) is compiled to SQL, so everything here names model
 * tables/columns/metrics and carries values that become bound parameters.
 */
export const ZColumnRef = z.object({ table: z.string().min(1), column: z.string().min(1) });
export type TColumnRef = z.infer<typeof ZColumnRef>;

export const ZAggregate = z.enum(['count', 'count_distinct', 'sum', 'avg', 'min', 'max']);
export type TAggregate = z.infer<typeof ZAggregate>;

export const ZTimeGrain = z.enum(['day', 'week', 'month', 'quarter', 'year']);
export type TTimeGrain = z.infer<typeof ZTimeGrain>;

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
  /** Case-insensitive: the text begins (or ends) with the value as it is. */
  'starts_with',
  'ends_with',
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

/**
 * What a measure computes: the aggregates, plus the median and a continuous percentile
 * (interpolated between neighbours, as PERCENTILE_CONT), which not every database can compute.
 */
export const ZMeasureAggregate = z.enum([...ZAggregate.options, 'median', 'percentile']);
export type TMeasureAggregate = z.infer<typeof ZMeasureAggregate>;

/** A dimension's grouping of time: a period, or the day of the week (Monday to Sunday). */
export const ZDimensionGrain = z.enum([...ZTimeGrain.options, 'weekday']);
export type TDimensionGrain = z.infer<typeof ZDimensionGrain>;

/** How a value is meant to be shown (a card's style); the compiler does not change values for it. */
export const ZDisplayFormat = z.enum(['number', 'percent', 'currency']);
export type TDisplayFormat = z.infer<typeof ZDisplayFormat>;

const measureFields = {
  agg: ZMeasureAggregate,
  /** Absent for COUNT(*). */
  column: ZColumnRef.optional(),
  /** A derived metric of the model, by name (its expression comes from the model, not the plan). */
  metric: z.string().optional(),
  label: z.string(),
  /** For `percentile`: which one, from 0 to 1 (0.9 is the 90th percentile). */
  p: z.number().min(0).max(1).optional(),
  /** For count_distinct of a date: distinct periods (months with sales) rather than days. */
  grain: ZTimeGrain.optional(),
  /** With a date column: the measure is of the days from this date column's value to `column`'s. */
  since: ZColumnRef.optional(),
  /** With `since`: the unit the time between is counted in (days unless said). */
  sinceUnit: z.enum(['days', 'hours', 'minutes', 'weeks']).optional(),
  /** Only the rows meeting all these conditions count towards this measure (the others' do not). */
  where: z.array(ZFilter).max(10).optional(),
  format: ZDisplayFormat.optional(),
};

/** The measure a ratio divides by: a measure of its own, never itself a ratio. */
export const ZBaseMeasure = z.object(measureFields);
export type TBaseMeasure = z.infer<typeof ZBaseMeasure>;

export const ZMeasure = z.object({
  ...measureFields,
  /** A ratio: this measure divided by `over` (NULL where `over` is 0 or NULL). */
  over: ZBaseMeasure.optional(),
});
export type TMeasure = z.infer<typeof ZMeasure>;

export const ZDimension = z.object({
  column: ZColumnRef,
  grain: ZDimensionGrain.optional(),
  label: z.string(),
  format: ZDisplayFormat.optional(),
});
export type TDimension = z.infer<typeof ZDimension>;

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
  /** With a comparison: order by the measure's change from the comparison period, not its value. */
  change: z.boolean().optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZHaving = z.object({
  measure: z.number().int().min(0),
  op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq']),
  value: z.number(),
});
export type THaving = z.infer<typeof ZHaving>;

/**
 * A condition on a table's rows by the rows of another table that refer to each of them (through
 * a declared or inferred join): "customers with no orders" keeps the customers whose orders,
 * counted, are 0; "customers with at least 5 orders" those with 5 or more.
 */
export const ZRelatedCondition = z
  .object({
    /** The table whose rows are kept (the plan's table or one it reaches many-to-one). */
    of: z.string().min(1),
    /** The table whose rows refer to them. */
    table: z.string().min(1),
    /** How the number of referring rows (or their `total`) compares with `value`. */
    op: z.enum(['gt', 'gte', 'lt', 'lte', 'eq']),
    value: z.number().min(0),
    /**
     * An amount of the referring rows added up and compared instead of their count: "customers who
     * spent over 20000" keeps the customers whose orders' revenue totals more than 20000.
     */
    total: ZColumnRef.optional(),
    /** Only the referring rows meeting these count ("no orders in 2026"). */
    where: z.array(ZFilter).max(10).optional(),
    during: ZTimeRange.optional(),
    /** How a person reads it: "with no Orders". */
    label: z.string(),
  })
  .refine((r) => r.total !== undefined || Number.isInteger(r.value), {
    message: 'A count of referring rows is compared with a whole number',
    path: ['value'],
  });
export type TRelatedCondition = z.infer<typeof ZRelatedCondition>;

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
    /** Rows kept by how many rows of another table refer to them (all conditions must hold). */
    related: z.array(ZRelatedCondition).max(2).optional(),
    order: z.array(ZOrder).max(4),
    limit: z.number().int().min(1).max(100000).optional(),
    /** Period comparison: the same measures over the period before (or a year before). */
    comparison: z.enum(['previous_period', 'previous_year']).optional(),
    /** Applies to share: each group's measure as a fraction of the total. */
    share: z.boolean().default(false),
    /**
     * With a breakdown: the same measures over this period beside those of `timeRange` (on the
     * same column), and each one's change. Takes the place of `comparison` when both are given.
     */
    comparisonRange: ZTimeRange.optional(),
    /** Beside each sum or count, its running total along the time dimension (per other group). */
    cumulative: z.boolean().optional(),
    /** Beside each measure, its change from the time dimension's previous period (per other group). */
    periodChange: z.boolean().optional(),
    /**
     * Top N per group: of the rows of each combination of all dimensions but the last, the first
     * N by the plan's order (the last dimension ranked within the others).
     */
    perGroupLimit: z.number().int().min(1).max(1000).optional(),
  })
  .meta({ id: 'QueryPlan' });
export type TQueryPlan = z.infer<typeof ZQueryPlan>;
