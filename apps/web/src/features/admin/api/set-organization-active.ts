import type { TOrganization } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const setOrganizationActive = (id: number, active: boolean) =>
  api.post<TOrganization>(`${ADMIN}/organizations/${id}/${active ? 'reactivate' : 'deactivate'}`);
