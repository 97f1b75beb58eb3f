import type { TDocumentList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, documentKeys, type DocumentFilters } from './keys';

const getDocuments = (filters: DocumentFilters) => {
  const params = new URLSearchParams({ category: filters.category });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.folderId) params.set('folder_id', String(filters.folderId));
  return api.get<TDocumentList>(`${DOCUMENTS}?${params.toString()}`).then((r) => r.documents);
};

export const useDocuments = (filters: DocumentFilters) =>
  useQuery({
    queryKey: documentKeys.list(filters),
    queryFn: () => getDocuments(filters),
    // Keep polling while a document's text is being read.
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'processing') ? 1500 : false),
  });
