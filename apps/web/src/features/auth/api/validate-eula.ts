import type { TEulaValidateResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

/** Whether this user name has accepted the licence agreement (public; the name is trimmed). */
export function validateEula(userName: string, signal?: AbortSignal): Promise<TEulaValidateResponse> {
  return api.post<TEulaValidateResponse>(
    '/api/v1/accept/eula/validate',
    { userName: userName.trim() },
    { signal },
  );
}
