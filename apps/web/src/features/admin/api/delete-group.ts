import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const deleteGroup = (id: number) =>
  api.delete<{ status: 'Success' }>(`${ADMIN}/data-access-groups/${id}`);
