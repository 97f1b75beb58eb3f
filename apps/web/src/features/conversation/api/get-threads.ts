import type { TThread } from '@catalyst/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './keys';

const getThreads = () => api.get<{ result: TThread[] }>('/api/copilot/threads').then((r) => r.result);

/** The caller's threads, newest activity first: one cache for the sidebar and the conversation's title. */
const threadsQuery = queryOptions({ queryKey: conversationKeys.threads, queryFn: getThreads });

export const useThreads = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...threadsQuery, enabled });
