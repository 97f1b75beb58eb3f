import type { TMcpServer, TMcpServerInput } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, MCP_KEY } from './keys';

const createMcpServer = (body: TMcpServerInput) => api.post<TMcpServer>(`${AGENTS}/mcp-servers`, body);

export function useCreateMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}
