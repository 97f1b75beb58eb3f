import type { TDecision } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DecisionArtifactDraft } from '../make-decision-dialog';
import type { MutationConfig } from '../../../lib/query';
import { decisionKeys } from './keys';

const addDecisionArtifact = (id: number, artifact: DecisionArtifactDraft) =>
  api.post<TDecision>(`/api/copilot/decisions/${id}/artifacts`, artifact);

export function useAddDecisionArtifact(
  id: number,
  config: MutationConfig<TDecision, DecisionArtifactDraft> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artifact: DecisionArtifactDraft) => addDecisionArtifact(id, artifact),
    onSuccess: (updated, input) => {
      queryClient.setQueryData(decisionKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      config.onSuccess?.(updated, input);
    },
    onError: config.onError,
  });
}
