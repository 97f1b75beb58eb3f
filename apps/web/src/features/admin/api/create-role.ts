import type { TRole, TRoleInput } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const createRole = (body: TRoleInput) => api.post<TRole>(`${ADMIN}/roles`, body);
