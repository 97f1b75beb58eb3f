import { api } from '../../../lib/api';
import { DOCUMENTS } from './keys';

/** Uploads files into the use case (one multipart request). */
export function uploadUseCaseDocuments(useCaseId: number, files: File[]) {
  const form = new FormData();
  form.append('use_case_id', String(useCaseId));
  for (const f of files) form.append('file', f, f.name);
  return api.post(DOCUMENTS, form);
}
