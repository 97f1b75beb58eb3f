import type { TRole, TRoleInput } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const base = '/api/v1/admin/roles';

export const useRoles = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.roles,
    queryFn: () => api.get<{ roles: TRole[] }>(base).then((r) => r.roles),
    enabled,
  });
export const createRole = (body: TRoleInput) => api.post<TRole>(base, body);
export const updateRole = (id: number, body: TRoleInput) => api.put<TRole>(`${base}/${id}`, body);
export const deleteRole = (id: number) => api.delete<{ status: 'Success' }>(`${base}/${id}`);
