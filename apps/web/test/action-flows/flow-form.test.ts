import { describe, expect, it } from 'vitest';
import {
  addStep,
  cleanSteps,
  EMPTY_FLOW,
  flowPayload,
  removeStep,
  validateFlow,
} from '../../src/features/action-flows/flow-form';

describe('the action-flow form (spec document 3 §5)', () => {
  it('requires a name in the create dialog, nothing else', () => {
    expect(validateFlow(EMPTY_FLOW)).toEqual(['Name is required']);
    expect(validateFlow({ ...EMPTY_FLOW, name: '  ' })).toEqual(['Name is required']);
    expect(validateFlow({ ...EMPTY_FLOW, name: 'Restock', description: '', steps: [''] })).toEqual([]);
  });
  it('requires name, description, trigger and one non-empty step in the workflow form', () => {
    expect(
      validateFlow({ name: '', description: ' ', triggerType: '', steps: ['  ', ''] }, { complete: true }),
    ).toEqual([
      'Name is required',
      'Description is required',
      'Trigger is required',
      'Add at least one step',
    ]);
    expect(
      validateFlow(
        { name: 'Restock', description: 'Low stock', triggerType: 'event', steps: ['', 'Order more'] },
        { complete: true },
      ),
    ).toEqual([]);
  });
  it('drops blank steps and trims the rest', () => {
    expect(cleanSteps(['  Check stock ', '', '   ', 'Order'])).toEqual(['Check stock', 'Order']);
    expect(
      flowPayload({ name: ' Restock ', description: ' Low ', triggerType: 'scheduled', steps: ['', ' a '] }),
    ).toEqual({ name: 'Restock', description: 'Low', triggerType: 'scheduled', steps: ['a'] });
  });
  it('always keeps at least one step input', () => {
    expect(removeStep(['only'], 0)).toEqual(['']);
    expect(removeStep(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(addStep(['a'])).toEqual(['a', '']);
  });
});
