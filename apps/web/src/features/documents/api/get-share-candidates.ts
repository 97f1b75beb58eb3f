import type { TShareCandidates } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DOCUMENTS, documentKeys } from './keys';

const getShareCandidates = () =>
  api.get<TShareCandidates>(`${DOCUMENTS}/share-candidates`).then((r) => r.users);

export const useShareCandidates = () =>
  useQuery({ queryKey: documentKeys.candidates, queryFn: getShareCandidates });
