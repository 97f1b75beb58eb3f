export const DOCUMENTS = '/api/copilot/documents';

export interface DocumentFilters {
  search: string;
  category: string;
  folderId: number | null;
}

/** React Query keys of Document Management; every change refreshes everything under `all`. */
export const documentKeys = {
  all: ['documents'] as const,
  list: (filters: DocumentFilters) => ['documents', 'list', filters] as const,
  folders: ['documents', 'folders'] as const,
  pages: (id: number) => ['documents', 'pages', id] as const,
  candidates: ['documents', 'share-candidates'] as const,
  useCases: ['use-cases', 'for-documents'] as const,
};

/** The document's file, shown in the browser or downloaded. */
export const fileUrl = (id: number, download = false) =>
  `${DOCUMENTS}/${id}/file${download ? '?download=1' : ''}`;
