import type { TUseCaseDetails } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { whenSaved } from '../pending-saves';
import { ONBOARDING, useCaseKeys } from './keys';

const getUseCase = (id: number) => api.get<TUseCaseDetails>(`${ONBOARDING}/use_case/v2/${id}`);

/** The editor's use case (none on the create route). */
export const useUseCase = (id: number | null) =>
  useQuery({
    queryKey: useCaseKeys.detail(id ?? 0),
    enabled: id !== null,
    // After a save of this use case that may still be in flight (the editor was left and opened again).
    queryFn: () => whenSaved(`use-case:${id}`).then(() => getUseCase(id ?? 0)),
  });
