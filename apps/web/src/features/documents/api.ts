import type {
  TDocument,
  TDocumentFolder,
  TDocumentList,
  TDocumentPages,
  TDocumentSharing,
  TFolderInput,
  TShareCandidates,
  TUseCase,
} from '@catalyst/contracts';
import { api, apiRequest } from '../../lib/api';

const D = '/api/copilot/documents';

export const documentKeys = {
  all: ['documents'] as const,
  list: (filters: { search: string; category: string; folderId: number | null }) =>
    ['documents', 'list', filters] as const,
  folders: ['documents', 'folders'] as const,
  pages: (id: number) => ['documents', 'pages', id] as const,
  candidates: ['documents', 'share-candidates'] as const,
  useCases: ['use-cases', 'for-documents'] as const,
};

export function fetchDocuments(filters: { search: string; category: string; folderId: number | null }) {
  const params = new URLSearchParams({ category: filters.category });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.folderId) params.set('folder_id', String(filters.folderId));
  return api.get<TDocumentList>(`${D}?${params.toString()}`).then((r) => r.documents);
}

export interface UploadTarget {
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
  return api.post<TDocumentList>(D, form).then((r) => r.documents);
}

export const shareDocument = (id: number, body: TDocumentSharing) =>
  api.put<TDocument>(`${D}/${id}/sharing`, body);
export const deleteDocument = (id: number) => api.delete<{ status: 'Success' }>(`${D}/${id}`);
export const linkUseCase = (id: number, useCaseId: number) =>
  api.post<TDocument>(`${D}/${id}/use-cases/${useCaseId}`);
export const unlinkUseCase = (id: number, useCaseId: number) =>
  api.delete<TDocument>(`${D}/${id}/use-cases/${useCaseId}`);
export const fetchPages = (id: number) => api.get<TDocumentPages>(`${D}/${id}/pages`);
export const fetchShareCandidates = () =>
  api.get<TShareCandidates>(`${D}/share-candidates`).then((r) => r.users);

export const fetchFolders = () =>
  api.get<{ folders: TDocumentFolder[] }>(`${D}/folders`).then((r) => r.folders);
export const createFolder = (body: TFolderInput) => api.post<TDocumentFolder>(`${D}/folders`, body);
export const renameFolder = (id: number, body: Partial<TFolderInput>) =>
  apiRequest<TDocumentFolder>('PATCH', `${D}/folders/${id}`, { body });
export const deleteFolder = (id: number) => api.delete<{ status: 'Success' }>(`${D}/folders/${id}`);

export const fetchUseCases = () =>
  api
    .get<{ use_cases: TUseCase[] }>('/api/copilot/onboarding/use_cases/v2')
    .then((r) => r.use_cases.filter((u) => !u.is_deleted));

export const fileUrl = (id: number, download = false) => `${D}/${id}/file${download ? '?download=1' : ''}`;
