import { api } from '../../../lib/api';
import { ONBOARDING } from './keys';

export const setOnboarded = (id: number, flag: boolean) =>
  api.put(`${ONBOARDING}/use_case/${id}`, { onboarding_flag: flag });
