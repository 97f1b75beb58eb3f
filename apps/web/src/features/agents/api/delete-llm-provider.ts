import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, LLM_KEY } from './keys';

const deleteLlmProvider = () => api.delete(`${AGENTS}/llm-provider`);

export function useDeleteLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLlmProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}
