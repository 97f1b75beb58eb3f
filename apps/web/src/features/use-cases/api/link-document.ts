import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const linkDocument = (documentId: number, useCaseId: number) =>
  api.post(`${DOCUMENTS}/${documentId}/use-cases/${useCaseId}`);
