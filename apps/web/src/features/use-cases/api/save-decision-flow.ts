import { api } from '../../../lib/api';
import type { SendOptions } from '../autosave';
import { SCHEMA_VALIDATION } from './keys';

export const saveDecisionFlow = (id: number, steps: string[], send?: SendOptions) =>
  api.post(`${SCHEMA_VALIDATION}/update_decision_flow`, { use_case_id: id, decision_flow: steps }, send);
