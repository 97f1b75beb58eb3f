import type { TDecisionOutcome } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionKeys } from './keys';

const getDecisionOutcome = (id: number) => api.get<TDecisionOutcome>(`/api/copilot/decisions/${id}/outcome`);

export const useDecisionOutcome = (id: number) =>
  useQuery({ queryKey: decisionKeys.outcome(id), queryFn: () => getDecisionOutcome(id) });
