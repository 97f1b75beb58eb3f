import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

export const getDecisionFlow = (id: number) =>
  api
    .get<{ decision_flow: string[] } | undefined>(`${SCHEMA_VALIDATION}/get_decision_flow?use_case_id=${id}`)
    .then((r) => r?.decision_flow ?? []);
