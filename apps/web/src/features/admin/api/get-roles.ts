import type { TRole } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

export const useRoles = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.roles,
    queryFn: () => api.get<{ roles: TRole[] }>(`${ADMIN}/roles`).then((r) => r.roles),
    enabled,
  });
