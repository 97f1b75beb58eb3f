import type { TDataSourceOption } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, adminKeys } from './keys';

/** The data sources a group can grant. */
export const useSourceOptions = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.sources,
    queryFn: () =>
      api.get<{ sources: TDataSourceOption[] }>(`${ADMIN}/data-access/sources`).then((r) => r.sources),
    enabled,
  });
