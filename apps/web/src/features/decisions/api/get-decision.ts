import type { TDecision } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionKeys } from './keys';

const getDecision = (id: number) => api.get<TDecision>(`/api/copilot/decisions/${id}`);

export const useDecision = (id: number) =>
  useQuery({ queryKey: decisionKeys.detail(id), queryFn: () => getDecision(id) });
