import type { TQueryPlan } from '@catalyst/contracts';

/** What a question was understood to ask: a plan, how sure the reading is and why not more. */
export interface Understanding {
  plan: TQueryPlan | null;
  confidence: number;
  /** Why confidence is below 1, in words. */
  doubts: string[];
  unexplained: string[];
  /** A shape of question no plan can express yet ("running totals"); `plan` is then the nearest. */
  missing?: string;
  /** Other readings the question may have meant, offered when it is declined. */
  alternatives?: TQueryPlan[];
  /**
   * A second reading, as sure, of another plan: confidence was lowered by `factor` for it. When
   * both give the same figures (answer/answer.ts runs them), the doubt goes.
   */
  rival?: { plan: TQueryPlan; factor: number };
}
