import type { TThread } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './keys';

/** Every thread the caller started or was shared, of one use case when given (Recent Conversations). */
const getRecentThreads = (useCaseId: number | null) =>
  api
    .get<{ result: TThread[] }>(`/api/copilot/threads/v2${useCaseId ? `?usecase_id=${useCaseId}` : ''}`)
    .then((r) => r.result);

export const useRecentThreads = (useCaseId: number | null) =>
  useQuery({ queryKey: conversationKeys.recent(useCaseId), queryFn: () => getRecentThreads(useCaseId) });
