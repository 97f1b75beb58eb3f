import type { TAdminUser } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const setUserActive = (id: number, active: boolean) =>
  api.post<TAdminUser>(`${ADMIN}/users/${id}/${active ? 'reactivate' : 'deactivate'}`);
