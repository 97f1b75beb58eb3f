import type { TOrganizationList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

export const useOrganizations = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.organizations,
    queryFn: () => api.get<TOrganizationList>(`${ADMIN}/organizations`),
    enabled,
  });
