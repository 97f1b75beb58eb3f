import type { TAdminUser, TUpdateUser } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const updateUser = (id: number, body: TUpdateUser) =>
  api.put<TAdminUser>(`${ADMIN}/users/${id}`, body);
