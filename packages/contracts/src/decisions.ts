import { z } from 'zod';
import { ZColumnRef } from './plan';
import { zText } from './text';

const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'is not a known id');
const required = (label: string, max: number) =>
  zText(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (${max} characters at most)`);

export const DECISION_STATUSES = ['pending', 'approved', 'implemented', 'rejected'] as const;
export const ZDecisionStatus = z.enum(DECISION_STATUSES, {
  error: 'status must be pending, approved, implemented or rejected',
});
export type TDecisionStatus = z.infer<typeof ZDecisionStatus>;

/** The moves a decision may make; anything else is refused with 409. */
export const DECISION_TRANSITIONS: Record<TDecisionStatus, TDecisionStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['implemented', 'rejected'],
  implemented: [],
  rejected: [],
};

export const ARTIFACT_TYPES = ['document', 'chart', 'analysis', 'data'] as const;
export const ZArtifactInput = z.object({
  name: required('Artifact name', 200),
  type: z.enum(ARTIFACT_TYPES, { error: 'type must be document, chart, analysis or data' }),
  /** Text content, or a file's bytes as base64 when `encoding` is base64. */
  content: zText('content must be text').max(7_000_000, 'An artifact has 5 MB at most').default(''),
  encoding: z.enum(['text', 'base64']).default('text'),
  mimeType: z.string().max(200).optional(),
});

/** A metric a decision is meant to move: measured before approval and after implementation. */
export const ZDecisionMetric = z.object({
  label: z.string().max(200),
  table: z.string().max(300),
  timeColumn: z.string().max(300),
  /** A canonical aggregate expression (double-quoted columns), as in the semantic model. */
  expression: z.string().max(2000),
  filters: z
    .array(
      z.object({
        column: z.string().max(300),
        value: z.union([z.string().max(500), z.number(), z.boolean()]),
        /** The table of the column when it is not `table` (a segment of a related table). */
        table: z.string().max(300).optional(),
      }),
    )
    .max(5)
    .default([]),
  grain: z.enum(['day', 'week', 'month']).default('week'),
  /** Many-to-one join steps from `table` to the tables its filters read. */
  joins: z
    .array(z.object({ from: z.array(ZColumnRef).max(4), to: z.array(ZColumnRef).max(4) }))
    .max(4)
    .optional(),
  /** How the time column is read when it is stored as text (its stored type and date format). */
  timeRead: z.object({ storedType: z.string().max(100), format: z.string().max(40).nullable() }).optional(),
});
export type TDecisionMetric = z.infer<typeof ZDecisionMetric>;

export const ZCreateDecision = z
  .object({
    title: required('Title', 300),
    description: required('Description', 10_000),
    status: ZDecisionStatus.default('pending').refine(
      (s) => s === 'pending',
      'A new decision starts as pending',
    ),
    useCaseId: id,
    alertId: zText('Related alert is required').trim().min(1, 'Related alert is required').max(100),
    alertTitle: zText('alertTitle must be text').max(500).optional(),
    decisionRationale: required('Decision rationale', 10_000),
    artifacts: z.array(ZArtifactInput).max(20).default([]),
    metric: ZDecisionMetric.optional(),
  })
  .meta({ id: 'CreateDecision' });
export type TCreateDecision = z.infer<typeof ZCreateDecision>;

export const ZUpdateDecision = z
  .object({
    title: required('Title', 300).optional(),
    description: required('Description', 10_000).optional(),
    decisionRationale: required('Decision rationale', 10_000).optional(),
    metric: ZDecisionMetric.nullable().optional(),
  })
  .meta({ id: 'UpdateDecision' });

export const ZDecisionStatusChange = z.object({
  status: ZDecisionStatus,
  note: zText('note must be text').max(2000).optional(),
});

export const ZDecisionListQuery = z.object({
  search: zText('search must be text').max(200).optional(),
  status: z.union([ZDecisionStatus, z.literal('all')]).optional(),
  sort: z.enum(['newest', 'oldest', 'title', 'status', 'updated']).default('newest'),
  use_case_id: id.optional(),
});

export const ZDecisionArtifact = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(ARTIFACT_TYPES),
  content: z.string(),
  encoding: z.enum(['text', 'base64']),
  mimeType: z.string().nullable(),
  size: z.number(),
  uploadedAt: z.string(),
});
export const ZDecisionEvent = z.object({
  from: ZDecisionStatus.nullable(),
  to: ZDecisionStatus,
  at: z.string(),
  by: z.string(),
  note: z.string().nullable(),
});

export const ZDecision = z
  .object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    status: ZDecisionStatus,
    useCaseId: z.number(),
    useCaseName: z.string(),
    alertId: z.string(),
    alertTitle: z.string(),
    decisionRationale: z.string(),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    allowedTransitions: z.array(ZDecisionStatus),
    metric: ZDecisionMetric.nullable(),
    artifacts: z.array(ZDecisionArtifact),
    history: z.array(ZDecisionEvent),
  })
  .meta({ id: 'Decision' });
export type TDecision = z.infer<typeof ZDecision>;

export const ZOutcomePoint = z.object({
  period: z.string(),
  actual: z.number().nullable(),
  expected: z.number().nullable(),
});
export const ZDecisionOutcome = z
  .object({
    status: z.enum(['no_metric', 'awaiting_approval', 'awaiting_implementation', 'too_early', 'measured']),
    metric: ZDecisionMetric.nullable(),
    baseline: z
      .object({ from: z.string(), to: z.string(), mean: z.number(), periods: z.number() })
      .nullable(),
    points: z.array(ZOutcomePoint),
    comparison: z
      .object({ periods: z.number(), actualMean: z.number(), expectedMean: z.number(), change: z.number() })
      .nullable(),
    statement: z.string(),
  })
  .meta({ id: 'DecisionOutcome' });
export type TDecisionOutcome = z.infer<typeof ZDecisionOutcome>;
