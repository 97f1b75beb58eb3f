import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

export const generateDecisionFlow = (id: number) =>
  api
    .post<{ decision_flow: string[]; error?: string }>(`${SCHEMA_VALIDATION}/generate_decision_flow`, {
      usecase_id: id,
    })
    .then((r) => {
      if (r.error) throw new Error(r.error);
      return r.decision_flow;
    });
