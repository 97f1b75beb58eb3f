import { z } from 'zod';
import { zText } from './text';

/**
 * Action flows (spec 3 "Action Flows screen", §3 entity, §4 states, §5 validation): named
 * sequences of steps with a trigger, kept per organisation. Catalyst does not run them yet.
 */

export const ACTION_FLOW_STATUSES = ['draft', 'active', 'inactive'] as const;
export const ZActionFlowStatus = z.enum(ACTION_FLOW_STATUSES, {
  error: 'status must be draft, active or inactive',
});
export type TActionFlowStatus = z.infer<typeof ZActionFlowStatus>;

export const ACTION_FLOW_TRIGGERS = ['manual', 'scheduled', 'event'] as const;
export const ZActionFlowTrigger = z.enum(ACTION_FLOW_TRIGGERS, {
  error: 'triggerType must be manual, scheduled or event',
});
export type TActionFlowTrigger = z.infer<typeof ZActionFlowTrigger>;

/** The pause/play toggle: a draft or paused flow can be switched on, an active one paused. */
export const ACTION_FLOW_TRANSITIONS: Record<TActionFlowStatus, TActionFlowStatus[]> = {
  draft: ['active'],
  active: ['inactive'],
  inactive: ['active'],
};

export const ACTION_FLOW_MAX_STEPS = 50;

/** Blank steps are dropped (spec 3 §5); the rest are trimmed. */
const zSteps = z
  .array(zText('Each step must be text').max(500, 'A step is too long (500 characters at most)'), {
    error: 'steps must be a list of texts',
  })
  .max(ACTION_FLOW_MAX_STEPS, `A flow has ${ACTION_FLOW_MAX_STEPS} steps at most`)
  .transform((steps) => steps.map((s) => s.trim()).filter(Boolean));

const zName = zText('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name is too long (200 characters at most)');
const zDescription = zText('Description must be text')
  .trim()
  .max(2000, 'Description is too long (2000 characters at most)');

export const ZCreateActionFlow = z
  .object({
    name: zName,
    description: zDescription.default(''),
    triggerType: ZActionFlowTrigger.default('manual'),
    steps: zSteps.default([]),
  })
  .meta({ id: 'CreateActionFlow' });
export type TCreateActionFlow = z.input<typeof ZCreateActionFlow>;

export const ZUpdateActionFlow = z
  .object({
    name: zName.optional(),
    description: zDescription.optional(),
    triggerType: ZActionFlowTrigger.optional(),
    steps: zSteps.optional(),
  })
  .meta({ id: 'UpdateActionFlow' });
export type TUpdateActionFlow = z.input<typeof ZUpdateActionFlow>;

export const ZActionFlowStatusChange = z
  .object({ status: ZActionFlowStatus })
  .meta({ id: 'ActionFlowStatusChange' });

export const ZActionFlow = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    status: ZActionFlowStatus,
    triggerType: ZActionFlowTrigger,
    steps: z.array(z.string()),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ActionFlow' });
export type TActionFlow = z.infer<typeof ZActionFlow>;

export const ZActionFlowList = z.object({ flows: z.array(ZActionFlow) }).meta({ id: 'ActionFlowList' });
