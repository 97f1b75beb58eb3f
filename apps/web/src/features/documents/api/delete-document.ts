import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const deleteDocument = (id: number) => api.delete<{ status: 'Success' }>(`${DOCUMENTS}/${id}`);
