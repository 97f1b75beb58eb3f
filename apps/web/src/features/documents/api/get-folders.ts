import type { TDocumentFolder } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, documentKeys } from './keys';

const getFolders = () =>
  api.get<{ folders: TDocumentFolder[] }>(`${DOCUMENTS}/folders`).then((r) => r.folders);

export const useFolders = () => useQuery({ queryKey: documentKeys.folders, queryFn: getFolders });
