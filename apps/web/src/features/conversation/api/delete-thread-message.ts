import { api } from '../../../lib/api';

export const deleteThreadMessage = (input: { thread_id: number; message_id: number }) =>
  api.post<{ status: string }>('/api/copilot/delete-thread-message', input);
