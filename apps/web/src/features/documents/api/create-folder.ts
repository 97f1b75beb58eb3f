import type { TDocumentFolder, TFolderInput } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

export const createFolder = (body: TFolderInput) => api.post<TDocumentFolder>(`${DOCUMENTS}/folders`, body);
