import type { TDecision } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/query';
import { decisionKeys } from './keys';

interface DecisionText {
  title: string;
  description: string;
  decisionRationale: string;
}

const updateDecision = (id: number, body: DecisionText) =>
  api.put<TDecision>(`/api/copilot/decisions/${id}`, body);

/** Saves the text of a decision: its page shows the saved record at once, lists refresh. */
export function useUpdateDecision(id: number, config: MutationConfig<TDecision, DecisionText> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecisionText) => updateDecision(id, body),
    onSuccess: (updated, body) => {
      queryClient.setQueryData(decisionKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      config.onSuccess?.(updated, body);
    },
    onError: config.onError,
  });
}
