import { api } from '../../../lib/api';

export const sendFeedback = (input: { message_id: number; thread_id: number; feedback: 0 | 1 }) =>
  api.post<{ status: string }>('/api/copilot/feedback', input);
