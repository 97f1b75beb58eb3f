import type { TCreateUseCase, TUpdateUseCase, TUseCase, TUseCaseDetails } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { SendOptions } from '../autosave';

export interface OrgUser {
  id: number;
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  isSelected: boolean;
}

const O = '/api/copilot/onboarding';
const SV = '/api/copilot/schema_validation';

export const useCaseKeys = {
  list: ['use-cases'] as const,
  detail: (id: number) => ['use-case', id] as const,
  flow: (id: number) => ['decision-flow', id] as const,
};

const fetchUseCases = () => api.get<{ use_cases: TUseCase[] }>(`${O}/use_cases/v2`).then((r) => r.use_cases);
export const fetchUseCase = (id: number) => api.get<TUseCaseDetails>(`${O}/use_case/v2/${id}`);
export const createUseCase = (body: TCreateUseCase, send?: SendOptions) =>
  api.post<TUseCaseDetails & { usecase_id: number }>(`${O}/use_case/v2`, body, send);
export const updateUseCase = (body: TUpdateUseCase, send?: SendOptions) =>
  api.put<TUseCaseDetails>(`${O}/use_case/v2`, body, send);
export const setPin = (id: number, pinned: boolean) =>
  pinned ? api.post(`${O}/use_cases/${id}/pin`) : api.delete(`${O}/use_cases/${id}/pin`);
export const copyUseCase = (id: number) => api.post(`${O}/use_cases/${id}/copy_usecase`);
export const archiveUseCase = (id: number) => api.delete(`${O}/use_case/${id}`);
export const setOnboarded = (id: number, flag: boolean) =>
  api.put(`${O}/use_case/${id}`, { onboarding_flag: flag });
export const publishUseCase = (id: number) =>
  api.put<{ status: string; userUseCaseMapping?: unknown }>(`${O}/use_case/${id}`);
export const fetchOrgUsers = (id: number) =>
  api.get<{ userDetails: OrgUser[] }>(`/api/v1/user-list-by-org?useCaseId=${id}`).then((r) => r.userDetails);
export const assignUsers = (usecase_id: number, selected_users: number[], unselected_users: number[]) =>
  api.post<{ status: string; message?: string }>('/api/copilot/user-access', {
    usecase_id,
    selected_users,
    unselected_users,
  });
export const fetchDecisionFlow = (id: number) =>
  api
    .get<{ decision_flow: string[] } | undefined>(`${SV}/get_decision_flow?use_case_id=${id}`)
    .then((r) => r?.decision_flow ?? []);
export const saveDecisionFlow = (id: number, steps: string[], send?: SendOptions) =>
  api.post(`${SV}/update_decision_flow`, { use_case_id: id, decision_flow: steps }, send);
/** Generated steps are saved through the add call (spec document 2 §4.3). */
export const addDecisionFlow = (id: number, steps: string[]) =>
  api.post(`${SV}/add_decision_flow`, { use_case_id: id, decision_flow: steps });
export const generateDecisionFlow = (id: number) =>
  api
    .post<{ decision_flow: string[]; error?: string }>(`${SV}/generate_decision_flow`, { usecase_id: id })
    .then((r) => {
      if (r.error) throw new Error(r.error);
      return r.decision_flow;
    });

export const useUseCases = () => useQuery({ queryKey: useCaseKeys.list, queryFn: fetchUseCases });
