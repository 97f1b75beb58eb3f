import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const unlinkDocument = (documentId: number, useCaseId: number) =>
  api.delete(`${DOCUMENTS}/${documentId}/use-cases/${useCaseId}`);
