import type { TDocumentPages } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, documentKeys } from './keys';

const getPages = (id: number) => api.get<TDocumentPages>(`${DOCUMENTS}/${id}/pages`);

/** A document's extracted text, page by page. */
export const usePages = (id: number, { enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: documentKeys.pages(id), queryFn: () => getPages(id), enabled });
