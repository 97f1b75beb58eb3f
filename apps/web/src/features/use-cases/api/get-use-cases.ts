import type { TUseCase } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ONBOARDING, useCaseKeys } from './keys';

const getUseCases = () =>
  api.get<{ use_cases: TUseCase[] }>(`${ONBOARDING}/use_cases/v2`).then((r) => r.use_cases);

export const useUseCases = () => useQuery({ queryKey: useCaseKeys.list, queryFn: getUseCases });
