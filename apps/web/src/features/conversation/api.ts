import type { TThreadMessage } from '@catalyst/contracts';
import { api } from '../../lib/api';

export const fetchThreadMessages = (threadId: number) =>
  api.get<{ result: TThreadMessage[] }>(`/api/copilot/threads/${threadId}`).then((r) => r.result);
export const fetchThreads = () =>
  api
    .get<{
      result: {
        thread_id: number;
        thread_name: string | null;
        usecase_id: number | null;
        insert_ts: string;
      }[];
    }>('/api/copilot/threads')
    .then((r) => r.result);
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
