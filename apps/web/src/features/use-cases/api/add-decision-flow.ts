import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

/** Generated steps are saved through the add call (spec document 2 §4.3). */
export const addDecisionFlow = (id: number, steps: string[]) =>
  api.post(`${SCHEMA_VALIDATION}/add_decision_flow`, { use_case_id: id, decision_flow: steps });
