import { api } from '../../../lib/api';
import { ONBOARDING } from './keys';

export const publishUseCase = (id: number) =>
  api.put<{ status: string; userUseCaseMapping?: unknown }>(`${ONBOARDING}/use_case/${id}`);
