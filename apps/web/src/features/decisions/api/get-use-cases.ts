import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The use cases a decision can belong to; one cache with the Use Cases screen (same key and call). */
const getUseCases = () =>
  api
    .get<{ use_cases: { use_case_id: number; use_case_name: string }[] }>(
      '/api/copilot/onboarding/use_cases/v2',
    )
    .then((r) => r.use_cases);

export const useUseCases = () => useQuery({ queryKey: ['use-cases'], queryFn: getUseCases });
