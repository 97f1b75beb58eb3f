import type { TDecision } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionKeys, type DecisionFilters } from './keys';

function getDecisions({ sort, status, search }: DecisionFilters) {
  const params = new URLSearchParams({ sort, status, ...(search ? { search } : {}) });
  return api
    .get<{ decisions: TDecision[] }>(`/api/copilot/decisions?${params.toString()}`)
    .then((r) => r.decisions);
}

export const useDecisions = (filters: DecisionFilters, { enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: decisionKeys.list(filters), queryFn: () => getDecisions(filters), enabled });
