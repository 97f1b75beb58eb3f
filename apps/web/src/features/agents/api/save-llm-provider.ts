import type { TLlmProvider, TLlmProviderInput } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, LLM_KEY } from './keys';

const saveLlmProvider = (body: TLlmProviderInput) => api.put<TLlmProvider>(`${AGENTS}/llm-provider`, body);

export function useSaveLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLlmProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}
