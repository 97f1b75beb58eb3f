export type RiskTolerance = 'conservative' | 'balanced' | 'aggressive';
export type ImpactLevel = 'Critical Alert' | 'High Impact' | 'Medium Impact' | 'Low Impact';

/**
 * Impact of a change from its size (relative change), its confidence (|anomaly score|) and the
 * metric's share of the business (0–1). A conservative team (low risk tolerance) hears about
 * smaller moves: the thresholds scale by 0.7; an aggressive one by 1.4.
 */
export function impactLevel(input: {
  relativeChange: number;
  score: number;
  shareOfBusiness: number;
  riskTolerance: RiskTolerance;
}): ImpactLevel {
  const k = input.riskTolerance === 'conservative' ? 0.7 : input.riskTolerance === 'aggressive' ? 1.4 : 1;
  const size = Math.abs(input.relativeChange);
  const confidence = Math.abs(input.score);
  const weight = Math.min(1, Math.max(0.1, input.shareOfBusiness));
  const weighted = size * weight;
  if (weighted >= 0.1 * k && confidence >= 5 * k) return 'Critical Alert';
  if ((size >= 0.2 * k && confidence >= 3) || weighted >= 0.15 * k) return 'High Impact';
  if (size >= 0.08 * k || confidence >= 4 * k) return 'Medium Impact';
  return 'Low Impact';
}
