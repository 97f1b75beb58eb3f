import type { TApiSummary } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, apiManagementKeys } from './keys';

export const useApiSummary = () =>
  useQuery({
    queryKey: apiManagementKeys.summary,
    queryFn: ({ signal }) => api.get<TApiSummary>(`${ADMIN}/api-summary`, { signal }),
  });
