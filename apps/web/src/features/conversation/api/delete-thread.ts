import { api } from '../../../lib/api';

export const deleteThread = (threadId: number) => api.delete(`/api/copilot/threads/${threadId}`);
