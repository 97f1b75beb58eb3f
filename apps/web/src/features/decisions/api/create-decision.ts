import type { TCreateDecision, TDecision } from '@catalyst/contracts';
import { api } from '../../../lib/api';

/** A new decision; the server starts it as pending. */
export const createDecision = (body: Omit<TCreateDecision, 'status'>) =>
  api.post<TDecision>('/api/copilot/decisions', body);
