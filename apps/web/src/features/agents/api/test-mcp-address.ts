import type { TMcpTestResult } from '@catalyst/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AGENTS } from './keys';

const testMcpAddress = (body: { url: string; token?: string }) =>
  api.post<TMcpTestResult>(`${AGENTS}/mcp-servers/test`, body);

/** Tests an address before it is saved (nothing is recorded). */
export const useTestMcpAddress = () => useMutation({ mutationFn: testMcpAddress });
