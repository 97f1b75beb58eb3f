import type { TDocumentFolder, TFolderInput } from '@catalyst/contracts';
import { apiRequest } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const renameFolder = (id: number, body: Partial<TFolderInput>) =>
  apiRequest<TDocumentFolder>('PATCH', `${DOCUMENTS}/folders/${id}`, { body });
