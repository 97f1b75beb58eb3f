import { ZCreateDecision } from '@catalyst/contracts';
import { z } from 'zod';
import { filledAs } from '../../lib/form';

/**
 * The Make Decision form (spec document 1 §3, §5; document 2 §2.6) sends ZCreateDecision. Its
 * fields as typed: the use case chosen in a list, the alert either given (opened from an alert,
 * its title read-only) or typed.
 */
export const ZDecisionForm = ZCreateDecision.pick({ title: true, description: true, decisionRationale: true })
  .extend({
    useCaseId: filledAs(ZCreateDecision.shape.useCaseId, 'Related use case is required'),
    alertId: z.string().optional(),
    alertTitle: z.string(),
  })
  .superRefine((form, ctx) => {
    if (!(form.alertId || form.alertTitle.trim()))
      ctx.addIssue({ code: 'custom', path: ['alertTitle'], message: 'Related alert is required' });
  });
export type DecisionFormValues = z.input<typeof ZDecisionForm>;

/** The fields in the form's order, the order its problems are listed in. */
export const DECISION_FIELDS = [
  'title',
  'description',
  'useCaseId',
  'alertTitle',
  'decisionRationale',
] as const;

/** The alert reference sent to the server: the alert's id, or a manual one built from the typed title. */
export function alertReference(v: { alertId?: string; alertTitle: string }): {
  alertId: string;
  alertTitle: string;
} {
  if (v.alertId) return { alertId: v.alertId, alertTitle: v.alertTitle };
  return { alertId: `manual:${v.alertTitle.trim().slice(0, 80)}`, alertTitle: v.alertTitle.trim() };
}
