import type {
  TApiEndpoint,
  TApiKey,
  TApiRequestLogPage,
  TApiSummary,
  TCreateApiKey,
  TCreatedApiKey,
} from '@catalyst/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The API Management tab's calls (features/api-keys on the server). */
const base = '/api/v1/admin';

export const apiManagementKeys = {
  all: ['admin', 'api-management'] as const,
  keys: ['admin', 'api-management', 'keys'] as const,
  endpoints: ['admin', 'api-management', 'endpoints'] as const,
  summary: ['admin', 'api-management', 'summary'] as const,
  logs: (page: number, limit: number) => ['admin', 'api-management', 'logs', page, limit] as const,
};

export const useApiKeys = () =>
  useQuery({
    queryKey: apiManagementKeys.keys,
    queryFn: ({ signal }) => api.get<{ keys: TApiKey[] }>(`${base}/api-keys`, { signal }).then((r) => r.keys),
  });
export const useApiEndpoints = () =>
  useQuery({
    queryKey: apiManagementKeys.endpoints,
    queryFn: ({ signal }) =>
      api.get<{ endpoints: TApiEndpoint[] }>(`${base}/api-endpoints`, { signal }).then((r) => r.endpoints),
  });
export const useApiSummary = () =>
  useQuery({
    queryKey: apiManagementKeys.summary,
    queryFn: ({ signal }) => api.get<TApiSummary>(`${base}/api-summary`, { signal }),
  });
export const useApiRequestLogs = (page: number, limit: number) =>
  useQuery({
    queryKey: apiManagementKeys.logs(page, limit),
    queryFn: ({ signal }) =>
      api.get<TApiRequestLogPage>(`${base}/api-request-logs?page=${page}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const createApiKey = (body: TCreateApiKey) => api.post<TCreatedApiKey>(`${base}/api-keys`, body);
export const deleteApiKey = (id: number) => api.delete<{ status: 'Success' }>(`${base}/api-keys/${id}`);
export const setApiEndpointEnabled = (id: string, enabled: boolean) =>
  api.put<TApiEndpoint>(`${base}/api-endpoints/${id}`, { enabled });
