import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { failedCall } from '../../../lib/api-errors';
import { useCaseKeys } from './keys';

interface OrgUser {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  isSelected: boolean;
}

const getOrgUsers = (id: number) =>
  api.get<{ userDetails: OrgUser[] }>(`/api/v1/user-list-by-org?useCaseId=${id}`).then((r) => r.userDetails);

/** The organisation's users, each marked when assigned to the use case; read fresh each time (staleTime 0). */
export const useOrgUsers = (useCaseId: number) =>
  useQuery({
    queryKey: useCaseKeys.orgUsers(useCaseId),
    queryFn: () =>
      getOrgUsers(useCaseId).catch((e: unknown) => {
        throw new Error(
          failedCall('Failed to fetch users', e, 'Failed to fetch users: no answer from the server'),
        );
      }),
    staleTime: 0,
  });
