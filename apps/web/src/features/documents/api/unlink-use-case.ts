import type { TDocument } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const unlinkUseCase = (id: number, useCaseId: number) =>
  api.delete<TDocument>(`${DOCUMENTS}/${id}/use-cases/${useCaseId}`);
