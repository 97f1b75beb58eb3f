import type { TUseCaseDetails } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const getEmbedUseCase = (useCaseId: number) =>
  api.get<TUseCaseDetails>(`/api/copilot/onboarding/use_case/v2/${useCaseId}`);

/** The embedded agent's use case; not retried, so a missing one or one without access says so at once. */
export const useEmbedUseCase = (useCaseId: number) =>
  useQuery({
    queryKey: ['embed-use-case', useCaseId],
    retry: false,
    queryFn: () => getEmbedUseCase(useCaseId),
  });
