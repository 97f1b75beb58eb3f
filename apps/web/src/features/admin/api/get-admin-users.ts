import type { TAdminUserList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

export const useAdminUsers = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.users,
    queryFn: () => api.get<TAdminUserList>(`${ADMIN}/users`).then((r) => r.users),
    enabled,
  });
