import type { TDecision } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/query';
import { decisionKeys } from './keys';

const deleteDecisionArtifact = (id: number, artifactId: number) =>
  api.delete<TDecision>(`/api/copilot/decisions/${id}/artifacts/${artifactId}`);

export function useDeleteDecisionArtifact(id: number, config: MutationConfig<TDecision, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artifactId: number) => deleteDecisionArtifact(id, artifactId),
    onSuccess: (updated, input) => {
      queryClient.setQueryData(decisionKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      config.onSuccess?.(updated, input);
    },
    onError: config.onError,
  });
}
