import type { TCreateOrganization, TOrganization } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const createOrganization = (body: TCreateOrganization) =>
  api.post<TOrganization>(`${ADMIN}/organizations`, body);
