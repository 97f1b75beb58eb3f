import type { TCreateUseCase, TUseCaseDetails } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import type { SendOptions } from '../autosave';
import { ONBOARDING } from './keys';

export const createUseCase = (body: TCreateUseCase, send?: SendOptions) =>
  api.post<TUseCaseDetails & { usecase_id: number }>(`${ONBOARDING}/use_case/v2`, body, send);
