import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const deleteRole = (id: number) => api.delete<{ status: 'Success' }>(`${ADMIN}/roles/${id}`);
