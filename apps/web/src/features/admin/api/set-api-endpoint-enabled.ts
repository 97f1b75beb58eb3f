import type { TApiEndpoint } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const setApiEndpointEnabled = (id: string, enabled: boolean) =>
  api.put<TApiEndpoint>(`${ADMIN}/api-endpoints/${id}`, { enabled });
