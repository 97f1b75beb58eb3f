import type { TThreadMessage } from '@catalyst/contracts';
import { api } from '../../../lib/api';

export const getThreadMessages = (threadId: number) =>
  api.get<{ result: TThreadMessage[] }>(`/api/copilot/threads/${threadId}`).then((r) => r.result);
