import type { TActionFlowTrigger } from '@catalyst/contracts';

/** The action-flow form's values and rules (spec document 3 §5). */
export interface FlowFormValues {
  name: string;
  description: string;
  triggerType: TActionFlowTrigger | '';
  steps: string[];
}

export const EMPTY_FLOW: FlowFormValues = { name: '', description: '', triggerType: 'manual', steps: [''] };

/** The steps to save: blank ones dropped, the rest trimmed. */
export function cleanSteps(steps: readonly string[]): string[] {
  return steps.map((s) => s.trim()).filter(Boolean);
}

/** Removes the step at `index`; at least one step input always stays. */
export function removeStep(steps: readonly string[], index: number): string[] {
  const next = steps.filter((_, i) => i !== index);
  return next.length ? next : [''];
}

export function addStep(steps: readonly string[]): string[] {
  return [...steps, ''];
}

/**
 * What stops the form from saving, in the form's order. The create dialog needs only a name;
 * the Agents screen's workflow form (`complete`) also needs a description, a trigger and one
 * non-empty step.
 */
export function validateFlow(v: FlowFormValues, options: { complete?: boolean } = {}): string[] {
  const problems = [!v.name.trim() && 'Name is required'];
  if (options.complete) {
    problems.push(
      !v.description.trim() && 'Description is required',
      !v.triggerType && 'Trigger is required',
      cleanSteps(v.steps).length === 0 && 'Add at least one step',
    );
  }
  return problems.filter((p): p is string => Boolean(p));
}

/** The request body of a valid form. */
export function flowPayload(v: FlowFormValues) {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    triggerType: v.triggerType || 'manual',
    steps: cleanSteps(v.steps),
  };
}

export const TRIGGER_LABELS: Record<TActionFlowTrigger, string> = {
  manual: 'Manual',
  scheduled: 'Scheduled',
  event: 'Event',
};
