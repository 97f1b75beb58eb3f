/** The Make Decision form's fields and their rules (spec document 1 §3, §5; document 2 §2.6). */
export interface DecisionFormValues {
  title: string;
  description: string;
  useCaseId: string;
  /** The alert's id when opened from an alert (then its title is read-only). */
  alertId?: string;
  alertTitle: string;
  rationale: string;
}

/** The required-field messages, in the form's order; empty when the form can be saved. */
export function validateDecision(v: DecisionFormValues): string[] {
  return [
    !v.title.trim() && 'Title is required',
    !v.description.trim() && 'Description is required',
    !v.useCaseId && 'Related use case is required',
    !(v.alertId || v.alertTitle.trim()) && 'Related alert is required',
    !v.rationale.trim() && 'Decision rationale is required',
  ].filter((p): p is string => Boolean(p));
}

/** The alert reference sent to the server: the alert's id, or a manual one built from the typed title. */
export function alertReference(v: Pick<DecisionFormValues, 'alertId' | 'alertTitle'>): {
  alertId: string;
  alertTitle: string;
} {
  if (v.alertId) return { alertId: v.alertId, alertTitle: v.alertTitle };
  return { alertId: `manual:${v.alertTitle.trim().slice(0, 80)}`, alertTitle: v.alertTitle.trim() };
}
