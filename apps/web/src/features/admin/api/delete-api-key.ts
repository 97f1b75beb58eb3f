import { api } from '../../../lib/api';
import { ADMIN } from './keys';

export const deleteApiKey = (id: number) => api.delete<{ status: 'Success' }>(`${ADMIN}/api-keys/${id}`);
