import type { TDataAccessGroup } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

export const useGroups = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.groups,
    queryFn: () =>
      api.get<{ groups: TDataAccessGroup[] }>(`${ADMIN}/data-access-groups`).then((r) => r.groups),
    enabled,
  });
