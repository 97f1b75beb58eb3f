import { api } from '../../../lib/api';

export const assignUsers = (usecase_id: number, selected_users: number[], unselected_users: number[]) =>
  api.post<{ status: string; message?: string }>('/api/copilot/user-access', {
    usecase_id,
    selected_users,
    unselected_users,
  });
