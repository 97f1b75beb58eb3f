import type { TPasswordResetRequest, TStatusResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

export function requestPasswordReset(body: TPasswordResetRequest): Promise<TStatusResponse> {
  return api.post<TStatusResponse>('/api/v1/password/reset', body);
}
