import type { TRole, TRoleInput } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const updateRole = (id: number, body: TRoleInput) => api.put<TRole>(`${ADMIN}/roles/${id}`, body);
