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
}
