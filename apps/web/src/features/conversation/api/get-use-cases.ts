import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { conversationKeys } from './keys';

/** The use cases a conversation can belong to; one cache with the Use Cases screen (same key and call). */
export const getUseCases = () =>
  api
    .get<{ use_cases: { use_case_id: number; use_case_name: string }[] }>(
      '/api/copilot/onboarding/use_cases/v2',
    )
    .then((r) => r.use_cases);

export const useUseCases = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: conversationKeys.useCases, queryFn: getUseCases, enabled });
