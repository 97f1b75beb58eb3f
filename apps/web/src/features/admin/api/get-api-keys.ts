import type { TApiKey } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, apiManagementKeys } from './keys';

export const useApiKeys = () =>
  useQuery({
    queryKey: apiManagementKeys.keys,
    queryFn: ({ signal }) =>
      api.get<{ keys: TApiKey[] }>(`${ADMIN}/api-keys`, { signal }).then((r) => r.keys),
  });
