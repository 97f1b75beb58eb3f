import type {
  TEulaValidateResponse,
  TLoginRequest,
  TLoginResponse,
  TMessageResponse,
} from '@catalyst/contracts';
import { api } from '../../../lib/api';

export function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/v1/authentication/login', credentials);
}

/** Whether this user name has accepted the licence agreement (public; the name is trimmed). */
export function validateEula(userName: string, signal?: AbortSignal): Promise<TEulaValidateResponse> {
  return api.post<TEulaValidateResponse>(
    '/api/v1/accept/eula/validate',
    { userName: userName.trim() },
    { signal },
  );
}

/** Records the licence acceptance for the user who just signed in (their session cookie is set). */
export function acceptEula(): Promise<TMessageResponse> {
  return api.post<TMessageResponse>('/api/v1/accept/eula', {}, { justSignedIn: true });
}
