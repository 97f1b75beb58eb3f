import type { TApiEndpoint } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, apiManagementKeys } from './keys';

export const useApiEndpoints = () =>
  useQuery({
    queryKey: apiManagementKeys.endpoints,
    queryFn: ({ signal }) =>
      api.get<{ endpoints: TApiEndpoint[] }>(`${ADMIN}/api-endpoints`, { signal }).then((r) => r.endpoints),
  });
