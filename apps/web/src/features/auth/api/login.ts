import type { TLoginRequest, TLoginResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

export function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/v1/authentication/login', credentials);
}
