import { api } from '../../../lib/api';

export const deleteCsvFile = (fileId: number) => api.delete(`/api/copilot/upload-files/csv/${fileId}`);
