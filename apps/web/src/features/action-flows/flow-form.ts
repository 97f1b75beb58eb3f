import { ZActionFlowTrigger, ZCreateActionFlow, type TActionFlowTrigger } from '@catalyst/contracts';
import { filledAs } from '../../lib/form';

/**
 * The action-flow forms (spec document 3 §5) send ZCreateActionFlow, which drops blank steps and
 * trims the rest. The create dialog needs only a name; the Agents screen's workflow form also
 * needs a description, a trigger and one non-empty step.
 */
export const ZFlowForm = ZCreateActionFlow.extend({
  triggerType: filledAs(ZActionFlowTrigger, 'Trigger is required'),
});
export const ZWorkflowForm = ZFlowForm.extend({
  description: filledAs(ZCreateActionFlow.shape.description.unwrap(), 'Description is required'),
  steps: ZCreateActionFlow.shape.steps.unwrap().refine((steps) => steps.length > 0, 'Add at least one step'),
});

/** The form's values: a step input per step, blank ones included. */
export interface FlowFormValues {
  name: string;
  description: string;
  triggerType: TActionFlowTrigger | '';
  steps: string[];
}

/** The fields in the form's order, the order its problems are listed in. */
export const FLOW_FIELDS = ['name', 'description', 'triggerType', 'steps'] as const;

export const EMPTY_FLOW: FlowFormValues = { name: '', description: '', triggerType: 'manual', steps: [''] };

/** Removes the step at `index`; at least one step input always stays. */
export function removeStep(steps: readonly string[], index: number): string[] {
  const next = steps.filter((_, i) => i !== index);
  return next.length ? next : [''];
}

export function addStep(steps: readonly string[]): string[] {
  return [...steps, ''];
}

export const TRIGGER_LABELS: Record<TActionFlowTrigger, string> = {
  manual: 'Manual',
  scheduled: 'Scheduled',
  event: 'Event',
};
