import { api } from '../../../lib/api';

export const renameThread = (threadId: number, name: string) =>
  api.put(`/api/copilot/threads/${threadId}`, { thread_name: name });
