import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/query';
import { decisionKeys } from './keys';

const deleteDecision = (id: number) => api.delete(`/api/copilot/decisions/${id}`);

export function useDeleteDecision(id: number, config: MutationConfig<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDecision(id),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      config.onSuccess?.(result);
    },
    onError: config.onError,
  });
}
