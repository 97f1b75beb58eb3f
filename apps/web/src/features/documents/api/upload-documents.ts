import type { TDocumentList } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

interface UploadTarget {
  useCaseId: number | null;
  folderId: number | null;
  category: string;
}

/** One multipart request: the target fields first (the server reads them before the files), then the files. */
export function uploadDocuments(files: File[], target: UploadTarget) {
  const form = new FormData();
  if (target.useCaseId) form.append('use_case_id', String(target.useCaseId));
  if (target.folderId) form.append('folder_id', String(target.folderId));
  if (target.category !== 'none') form.append('category', target.category);
  for (const file of files) form.append('file', file, file.name);
  return api.post<TDocumentList>(DOCUMENTS, form).then((r) => r.documents);
}
