import { api } from '../../../lib/api';

export const shareThread = (threadId: number, userIds: number[]) =>
  api.post('/api/copilot/share', { thread_id: threadId, user_list: userIds });
