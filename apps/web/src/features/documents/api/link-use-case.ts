import type { TDocument } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const linkUseCase = (id: number, useCaseId: number) =>
  api.post<TDocument>(`${DOCUMENTS}/${id}/use-cases/${useCaseId}`);
