import { api } from '../../../lib/api';
import { ONBOARDING } from './keys';

export const copyUseCase = (id: number) => api.post(`${ONBOARDING}/use_cases/${id}/copy_usecase`);
