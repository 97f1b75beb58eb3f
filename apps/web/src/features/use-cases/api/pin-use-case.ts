import { api } from '../../../lib/api';
import { ONBOARDING } from './keys';

export const setPin = (id: number, pinned: boolean) =>
  pinned ? api.post(`${ONBOARDING}/use_cases/${id}/pin`) : api.delete(`${ONBOARDING}/use_cases/${id}/pin`);
