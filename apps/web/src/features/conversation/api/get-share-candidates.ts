import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './keys';

interface ShareCandidate {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
}

/** The users a thread can be shared with: page 1 of 500 (spec document 1 §9). */
const getShareCandidates = (useCaseId: number | null) =>
  api
    .post<{ items: ShareCandidate[] }>('/api/v1/share/user/list', {
      pageNumber: 1,
      pageSize: 500,
      useCaseId,
    })
    .then((r) => r.items);

export const useShareCandidates = (useCaseId: number | null) =>
  useQuery({
    queryKey: conversationKeys.shareCandidates(useCaseId),
    queryFn: () => getShareCandidates(useCaseId),
  });
