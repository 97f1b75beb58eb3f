import type { TDataAccessGroup, TDataAccessGroupInput } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const updateGroup = (id: number, body: TDataAccessGroupInput) =>
  api.put<TDataAccessGroup>(`${ADMIN}/data-access-groups/${id}`, body);
