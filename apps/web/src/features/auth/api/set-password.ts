import type { TPasswordSetRequest, TStatusResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

export function setPassword(body: TPasswordSetRequest): Promise<TStatusResponse> {
  return api.post<TStatusResponse>('/api/v1/password/set', body);
}
