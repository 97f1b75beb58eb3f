import type {
  TAuditEntry,
  TDataAccessGroup,
  TDataAccessGroupInput,
  TDataSourceOption,
} from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const base = '/api/v1/admin/data-access-groups';

export const useGroups = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.groups,
    queryFn: () => api.get<{ groups: TDataAccessGroup[] }>(base).then((r) => r.groups),
    enabled,
  });
export const useSourceOptions = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.sources,
    queryFn: () =>
      api.get<{ sources: TDataSourceOption[] }>('/api/v1/admin/data-access/sources').then((r) => r.sources),
    enabled,
  });
export const useAuditLog = (groupId: number) =>
  useQuery({
    queryKey: adminKeys.audit(groupId),
    queryFn: () =>
      api
        .get<{ entries: TAuditEntry[] }>(`/api/v1/admin/data-access/audit?groupId=${groupId}&limit=200`)
        .then((r) => r.entries),
  });
export const createGroup = (body: TDataAccessGroupInput) => api.post<TDataAccessGroup>(base, body);
export const updateGroup = (id: number, body: TDataAccessGroupInput) =>
  api.put<TDataAccessGroup>(`${base}/${id}`, body);
export const deleteGroup = (id: number) => api.delete<{ status: 'Success' }>(`${base}/${id}`);
