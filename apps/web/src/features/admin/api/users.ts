import type { TAdminUser, TAdminUserList, TInviteUser, TUpdateUser } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const base = '/api/v1/admin/users';

export const useAdminUsers = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.users,
    queryFn: () => api.get<TAdminUserList>(base).then((r) => r.users),
    enabled,
  });
export const inviteUser = (body: TInviteUser) =>
  api.post<{ id: number; username: string; email: string }>(base, body);
export const updateUser = (id: number, body: TUpdateUser) => api.put<TAdminUser>(`${base}/${id}`, body);
export const setUserActive = (id: number, active: boolean) =>
  api.post<TAdminUser>(`${base}/${id}/${active ? 'reactivate' : 'deactivate'}`);
export const resendInvitation = (id: number) => api.post<{ status: 'Success' }>(`${base}/${id}/invitation`);
