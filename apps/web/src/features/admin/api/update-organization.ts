import type { TOrganization, TUpdateOrganization } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const updateOrganization = (id: number, body: TUpdateOrganization) =>
  api.put<TOrganization>(`${ADMIN}/organizations/${id}`, body);
