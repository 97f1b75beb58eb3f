import type { TUpdateUseCase, TUseCaseDetails } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import type { SendOptions } from '../autosave';
import { ONBOARDING } from './keys';

export const updateUseCase = (body: TUpdateUseCase, send?: SendOptions) =>
  api.put<TUseCaseDetails>(`${ONBOARDING}/use_case/v2`, body, send);
