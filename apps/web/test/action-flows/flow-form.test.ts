import { ZCreateActionFlow } from '@catalyst/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addStep,
  EMPTY_FLOW,
  FLOW_FIELDS,
  removeStep,
  ZFlowForm,
  ZWorkflowForm,
} from '../../src/features/action-flows/flow-form';

/** The form's problems as it lists them: one per field, in the form's order. */
function problems(schema: z.ZodType, values: unknown): string[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return FLOW_FIELDS.flatMap((field) => {
    const issue = result.error.issues.find((i) => i.path[0] === field);
    return issue ? [issue.message] : [];
  });
}

describe('the action-flow form (spec document 3 §5)', () => {
  it('requires a name in the create dialog, nothing else', () => {
    expect(problems(ZFlowForm, EMPTY_FLOW)).toEqual(['Name is required']);
    expect(problems(ZFlowForm, { ...EMPTY_FLOW, name: '  ' })).toEqual(['Name is required']);
    expect(problems(ZFlowForm, { ...EMPTY_FLOW, name: 'Restock', description: '', steps: [''] })).toEqual([]);
  });
  it('requires name, description, trigger and one non-empty step in the workflow form', () => {
    expect(
      problems(ZWorkflowForm, { name: '', description: ' ', triggerType: '', steps: ['  ', ''] }),
    ).toEqual([
      'Name is required',
      'Description is required',
      'Trigger is required',
      'Add at least one step',
    ]);
    expect(
      problems(ZWorkflowForm, {
        name: 'Restock',
        description: 'Low stock',
        triggerType: 'event',
        steps: ['', 'Order more'],
      }),
    ).toEqual([]);
  });
  it('keeps the contract rules: lengths and the trigger choices', () => {
    expect(problems(ZFlowForm, { ...EMPTY_FLOW, name: 'x'.repeat(201) })).toEqual([
      'Name is too long (200 characters at most)',
    ]);
    expect(problems(ZFlowForm, { ...EMPTY_FLOW, name: 'Restock', triggerType: 'hourly' })).toEqual([
      'triggerType must be manual, scheduled or event',
    ]);
  });
  it('sends the request the contract makes of it: blank steps dropped, the rest trimmed', () => {
    const values = { name: ' Restock ', description: ' Low ', triggerType: 'scheduled', steps: ['', ' a '] };
    const expected = { name: 'Restock', description: 'Low', triggerType: 'scheduled', steps: ['a'] };
    expect(ZFlowForm.parse(values)).toEqual(expected);
    expect(ZCreateActionFlow.parse(values)).toEqual(expected);
  });
  it('always keeps at least one step input', () => {
    expect(removeStep(['only'], 0)).toEqual(['']);
    expect(removeStep(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(addStep(['a'])).toEqual(['a', '']);
  });
});
