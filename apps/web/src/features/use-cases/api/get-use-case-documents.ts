import type { TDocumentList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, useCaseDocumentKeys } from './keys';

const getUseCaseDocuments = (useCaseId: number) =>
  api.get<TDocumentList>(`${DOCUMENTS}?use_case_id=${useCaseId}`).then((r) => r.documents);

/** The use case's documents, re-read every 1.5 s while one is still being read. */
export const useUseCaseDocuments = (useCaseId: number) =>
  useQuery({
    queryKey: useCaseDocumentKeys.linked(useCaseId),
    queryFn: () => getUseCaseDocuments(useCaseId),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'processing') ? 1500 : false),
  });
