import type { TCreateApiKey, TCreatedApiKey } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const createApiKey = (body: TCreateApiKey) => api.post<TCreatedApiKey>(`${ADMIN}/api-keys`, body);
