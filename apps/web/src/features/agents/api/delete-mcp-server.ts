import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, MCP_KEY } from './keys';

const deleteMcpServer = (id: number) => api.delete(`${AGENTS}/mcp-servers/${id}`);

export function useDeleteMcpServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMcpServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MCP_KEY }),
  });
}
