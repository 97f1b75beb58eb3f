import type { TUploadCsvResponse } from '@catalyst/contracts';
import { api } from '../../../lib/api';

/** One multipart request into a File Source (a new one when `connId` is absent); loading goes on after it answers. */
export function uploadCsvFiles(target: { connId?: number; name: string }, files: File[]) {
  const form = new FormData();
  form.append('conn_name', target.name);
  if (target.connId) form.append('conn_id', String(target.connId));
  for (const file of files) form.append('files', file, file.name);
  return api.post<TUploadCsvResponse>('/api/copilot/upload-files/upload-csv', form);
}
