import type {
  TCreateOrganization,
  TOrganization,
  TOrganizationList,
  TUpdateOrganization,
} from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adminKeys } from './keys';

const base = '/api/v1/admin/organizations';

export const useOrganizations = (enabled = true) =>
  useQuery({ queryKey: adminKeys.organizations, queryFn: () => api.get<TOrganizationList>(base), enabled });
export const createOrganization = (body: TCreateOrganization) => api.post<TOrganization>(base, body);
export const updateOrganization = (id: number, body: TUpdateOrganization) =>
  api.put<TOrganization>(`${base}/${id}`, body);
export const setOrganizationActive = (id: number, active: boolean) =>
  api.post<TOrganization>(`${base}/${id}/${active ? 'reactivate' : 'deactivate'}`);
