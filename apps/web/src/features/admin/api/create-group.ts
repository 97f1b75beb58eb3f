import type { TDataAccessGroup, TDataAccessGroupInput } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const createGroup = (body: TDataAccessGroupInput) =>
  api.post<TDataAccessGroup>(`${ADMIN}/data-access-groups`, body);
