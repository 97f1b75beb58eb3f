import type {
  TConnectionTest,
  TLlmProvider,
  TLlmProviderInput,
  TLlmSettings,
  TMcpServer,
  TMcpServerInput,
  TMcpServerList,
  TMcpTestResult,
} from '@catalyst/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/api/copilot/agents';
const LLM_KEY = ['agents', 'llm-provider'] as const;
const MCP_KEY = ['agents', 'mcp-servers'] as const;

export function useLlmSettings() {
  return useQuery({ queryKey: LLM_KEY, queryFn: () => api.get<TLlmSettings>(`${BASE}/llm-provider`) });
}

export function useSaveLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLlmProviderInput) => api.put<TLlmProvider>(`${BASE}/llm-provider`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}

export function useDeleteLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`${BASE}/llm-provider`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}

/** Tests the typed settings; the server records the result when they are the saved ones. */
export function useTestLlmProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number | null }) =>
      api.post<TConnectionTest>(`${BASE}/llm-provider/test`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LLM_KEY }),
  });
}

export function useMcpServers() {
  return useQuery({ queryKey: MCP_KEY, queryFn: () => api.get<TMcpServerList>(`${BASE}/mcp-servers`) });
}

export function useCreateMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMcpServerInput) => api.post<TMcpServer>(`${BASE}/mcp-servers`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}

export function useDeleteMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${BASE}/mcp-servers/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}

export function useTestMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<TMcpTestResult>(`${BASE}/mcp-servers/${id}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}

export function useTestMcpAddress() {
  return useMutation({
    mutationFn: (body: { url: string; token?: string }) =>
      api.post<TMcpTestResult>(`${BASE}/mcp-servers/test`, body),
  });
}
