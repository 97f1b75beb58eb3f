import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const deleteFolder = (id: number) => api.delete<{ status: 'Success' }>(`${DOCUMENTS}/folders/${id}`);
