import type { TDecision, TDecisionStatus } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/query';
import { decisionKeys } from './keys';

const changeDecisionStatus = (id: number, status: TDecisionStatus) =>
  api.post<TDecision>(`/api/copilot/decisions/${id}/status`, { status });

export function useChangeDecisionStatus(id: number, config: MutationConfig<TDecision, TDecisionStatus> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TDecisionStatus) => changeDecisionStatus(id, status),
    onSuccess: (updated, status) => {
      void queryClient.invalidateQueries({ queryKey: decisionKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      config.onSuccess?.(updated, status);
    },
    onError: config.onError,
  });
}
