import { api } from '../../../lib/api';
import { ONBOARDING } from './keys';

export const archiveUseCase = (id: number) => api.delete(`${ONBOARDING}/use_case/${id}`);
