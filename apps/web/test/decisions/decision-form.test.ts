import { describe, expect, it } from 'vitest';
import {
  alertReference,
  DECISION_FIELDS,
  ZDecisionForm,
  type DecisionFormValues,
} from '../../src/features/decisions/decision-form';

const FULL: DecisionFormValues = {
  title: 'Win back partners',
  description: 'Orders fell.',
  useCaseId: '3',
  alertTitle: 'Revenue dropped',
  decisionRationale: 'Cheapest lever.',
};

/** The form's problems as it lists them: one per field, in the form's order. */
function problems(values: DecisionFormValues): string[] {
  const result = ZDecisionForm.safeParse(values);
  if (result.success) return [];
  return DECISION_FIELDS.flatMap((field) => {
    const issue = result.error.issues.find((i) => i.path[0] === field);
    return issue ? [issue.message] : [];
  });
}

describe('the Make Decision form', () => {
  it('accepts a complete form, read as ZCreateDecision reads it', () => {
    expect(problems(FULL)).toEqual([]);
    expect(ZDecisionForm.parse({ ...FULL, title: ' Win back partners ' })).toMatchObject({
      title: 'Win back partners',
      useCaseId: 3,
    });
  });
  it('names every missing required field, in order', () => {
    expect(
      problems({ title: '', description: ' ', useCaseId: '', alertTitle: '', decisionRationale: '\n' }),
    ).toEqual([
      'Title is required',
      'Description is required',
      'Related use case is required',
      'Related alert is required',
      'Decision rationale is required',
    ]);
  });
  it('keeps the contract lengths', () => {
    expect(problems({ ...FULL, title: 'x'.repeat(301) })).toEqual([
      'Title is too long (300 characters at most)',
    ]);
  });
  it('needs no typed alert when opened from an alert', () => {
    expect(problems({ ...FULL, alertTitle: '', alertId: 'rec-9' })).toEqual([]);
  });
  it('sends the alert id as given, or a manual reference from the typed title', () => {
    expect(alertReference({ alertId: 'rec-9', alertTitle: 'Revenue dropped' })).toEqual({
      alertId: 'rec-9',
      alertTitle: 'Revenue dropped',
    });
    expect(alertReference({ alertTitle: '  Board asked for it ' })).toEqual({
      alertId: 'manual:Board asked for it',
      alertTitle: 'Board asked for it',
    });
  });
});
