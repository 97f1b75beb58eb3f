import type { TApiRequestLogPage } from '@catalyst/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ADMIN, apiManagementKeys } from './keys';

/** One page of the request log; the previous page stays shown while the next loads. */
export const useApiRequestLogs = (page: number, limit: number) =>
  useQuery({
    queryKey: apiManagementKeys.logs(page, limit),
    queryFn: ({ signal }) =>
      api.get<TApiRequestLogPage>(`${ADMIN}/api-request-logs?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });
