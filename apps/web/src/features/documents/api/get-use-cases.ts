import type { TUseCase } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { documentKeys } from './keys';

/** The live use cases a document can belong to. */
const getUseCases = () =>
  api
    .get<{ use_cases: TUseCase[] }>('/api/copilot/onboarding/use_cases/v2')
    .then((r) => r.use_cases.filter((u) => !u.is_deleted));

export const useUseCases = () => useQuery({ queryKey: documentKeys.useCases, queryFn: getUseCases });
