import type { TConnectionTest } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, LLM_KEY } from './keys';

const testLlmProvider = (body: {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number | null;
}) => api.post<TConnectionTest>(`${AGENTS}/llm-provider/test`, body);

/** Tests the typed settings; the server records the result when they are the saved ones. */
export function useTestLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testLlmProvider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}
