import type { TMcpTestResult } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, MCP_KEY } from './keys';

const testMcpServer = (id: number) => api.post<TMcpTestResult>(`${AGENTS}/mcp-servers/${id}/test`);

/** Tests a saved server; the server records the result on it. */
export function useTestMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testMcpServer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}
