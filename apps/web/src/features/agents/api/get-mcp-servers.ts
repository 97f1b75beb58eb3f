import type { TMcpServerList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS, MCP_KEY } from './keys';

const getMcpServers = () => api.get<TMcpServerList>(`${AGENTS}/mcp-servers`);

export const useMcpServers = () => useQuery({ queryKey: MCP_KEY, queryFn: getMcpServers });
