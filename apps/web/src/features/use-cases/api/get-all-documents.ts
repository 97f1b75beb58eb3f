import type { TDocumentList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, useCaseDocumentKeys } from './keys';

/** Every document the user can see, to attach to a use case. */
const getAllDocuments = () => api.get<TDocumentList>(`${DOCUMENTS}?category=all`).then((r) => r.documents);

export const useAllDocuments = () =>
  useQuery({ queryKey: useCaseDocumentKeys.attachable, queryFn: getAllDocuments });
