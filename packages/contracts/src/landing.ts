import { z } from 'zod';

const id = z.coerce.number({ error: 'must be a number' }).int().positive().max(2_147_483_647);

export const IMPACT_LEVELS = [
  'Critical Alert',
  'High Impact',
  'Medium Impact',
  'Low Impact',
  'Product',
] as const;
export const ZImpactLevel = z.enum(IMPACT_LEVELS);
export const RECOMMENDATION_STATUSES = ['active', 'dismissed', 'resolved'] as const;

const commaList = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .max(500)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `${label} must be among: ${values.join(', ')}` })));

export const ZRecommendationQuery = z.object({
  usecase_id: id.optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
  impact_levels: commaList(IMPACT_LEVELS, 'impact_levels').optional(),
  status: commaList(RECOMMENDATION_STATUSES, 'status').default(['active']),
});

export const ZRecommendation = z
  .object({
    id: z.number(),
    title: z.string(),
    brief_summary: z.string(),
    full_description: z.string(),
    impact_level: ZImpactLevel,
    generated_at: z.string(),
    action: z.enum(['investigate', 'explore']),
    usecase_id: z.number(),
    use_case_name: z.string(),
    status: z.enum(RECOMMENDATION_STATUSES),
    category: z.string(),
    details: z.record(z.string(), z.unknown()),
    /** Every measure that moved in this incident (one root cause), lead first, with its relative change. */
    affected_metrics: z.array(z.object({ label: z.string(), change: z.number() })),
    /** The use cases (the caller may see) over the same data that raised this incident; the first is `usecase_id`. */
    use_cases: z.array(z.object({ id: z.number(), name: z.string() })),
  })
  .meta({ id: 'Recommendation' });
export type TRecommendation = z.infer<typeof ZRecommendation>;

export const ZRecommendationList = z.object({
  status: z.literal('success'),
  data: z.object({ recommendations: z.array(ZRecommendation), total_count: z.number() }),
});

export const ZDashboardMetric = z.object({
  value: z.union([z.number(), z.string(), z.null()]),
  /** The caller's own figure where it differs from the organisation's (AI score: their answers). */
  user: z.union([z.number(), z.string(), z.null()]),
  change: z.number().nullable(),
  trend: z.enum(['up', 'down', 'neutral']),
});
export const ZDashboardMetrics = z
  .object({
    status: z.literal('success'),
    data: z.object({
      aiScoreAverage: ZDashboardMetric,
      activeUseCases: ZDashboardMetric,
      recentInsights: ZDashboardMetric,
      lastActivity: ZDashboardMetric,
    }),
  })
  .meta({ id: 'DashboardMetrics' });
export type TDashboardMetrics = z.infer<typeof ZDashboardMetrics>;

/** One recommendation scan of an organisation (GET …/landing/recommendations/runs). */
export const ZScanRun = z
  .object({
    id: z.number(),
    trigger: z.enum(['schedule', 'manual', 'new-data']),
    status: z.enum(['running', 'completed', 'failed']),
    use_cases: z.number(),
    created: z.number(),
    updated: z.number(),
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'ScanRun' });
export type TScanRun = z.infer<typeof ZScanRun>;
