import type { TThread, TThreadMessage } from '@catalyst/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const fetchThreadMessages = (threadId: number) =>
  api.get<{ result: TThreadMessage[] }>(`/api/copilot/threads/${threadId}`).then((r) => r.result);
/** The caller's threads, newest activity first: one cache for the sidebar and the conversation's title. */
export const threadsQuery = queryOptions({
  queryKey: ['threads'],
  queryFn: () => api.get<{ result: TThread[] }>('/api/copilot/threads').then((r) => r.result),
});
export const sendFeedback = (input: { message_id: number; thread_id: number; feedback: 0 | 1 }) =>
  api.post<{ status: string }>('/api/copilot/feedback', input);
export const deleteThreadMessage = (input: { thread_id: number; message_id: number }) =>
  api.post<{ status: string }>('/api/copilot/delete-thread-message', input);
export const fetchUseCases = () =>
  api
    .get<{ use_cases: { use_case_id: number; use_case_name: string }[] }>(
      '/api/copilot/onboarding/use_cases/v2',
    )
    .then((r) => r.use_cases);
