import type { TDocument, TDocumentSharing } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const shareDocument = (id: number, body: TDocumentSharing) =>
  api.put<TDocument>(`${DOCUMENTS}/${id}/sharing`, body);
