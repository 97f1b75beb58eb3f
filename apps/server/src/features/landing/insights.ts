/** The insight algorithms the scan needs (implemented in packages/engine/src/insights). */
export interface Driver {
  attribute: string;
  column: string;
  value: string;
  before: number;
  after: number;
  /** This value's part of the change of the total (same unit as the measure). */
  contribution: number;
  /** Its contribution as a share of the total change, 0–1 (signed). */
  share: number;
}

export interface Insights {
  /** Anomalous points of a weekly series (causal scores), `t` as ISO dates. */
  detect(series: { t: string; v: number }[], risk: 'conservative' | 'balanced' | 'aggressive'): { t: string; score: number }[];
  /** Contributions of each value of one attribute to the change between the two windows. */
  explain(input: { attribute: string; column: string; additive: boolean; rows: { value: string; before: { t: string; v: number }[]; after: { t: string; v: number }[] }[] }): Driver[];
  impact(input: { relativeChange: number; score: number; shareOfBusiness: number; riskTolerance: 'conservative' | 'balanced' | 'aggressive' }): 'Critical Alert' | 'High Impact' | 'Medium Impact' | 'Low Impact';
}
