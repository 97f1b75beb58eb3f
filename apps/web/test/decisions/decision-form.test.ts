import { describe, expect, it } from 'vitest';
import {
  alertReference,
  validateDecision,
  type DecisionFormValues,
} from '../../src/features/decisions/decision-form';

const FULL: DecisionFormValues = {
  title: 'Win back partners',
  description: 'Orders fell.',
  useCaseId: '3',
  alertTitle: 'Revenue dropped',
  rationale: 'Cheapest lever.',
};

describe('the Make Decision form', () => {
  it('accepts a complete form', () => {
    expect(validateDecision(FULL)).toEqual([]);
  });
  it('names every missing required field, in order', () => {
    expect(
      validateDecision({ title: '', description: ' ', useCaseId: '', alertTitle: '', rationale: '\n' }),
    ).toEqual([
      'Title is required',
      'Description is required',
      'Related use case is required',
      'Related alert is required',
      'Decision rationale is required',
    ]);
  });
  it('needs no typed alert when opened from an alert', () => {
    expect(validateDecision({ ...FULL, alertTitle: '', alertId: 'rec-9' })).toEqual([]);
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
