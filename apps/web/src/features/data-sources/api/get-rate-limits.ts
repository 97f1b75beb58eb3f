import type { TRateLimits } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dataSourceKeys } from './keys';

/** The organisation's CSV limits and usage; read fresh each time the picker shows (staleTime 0). */
const getRateLimits = () => api.get<TRateLimits>('/api/copilot/get-rate-limits');

export const useRateLimits = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: dataSourceKeys.rateLimits, enabled, staleTime: 0, queryFn: getRateLimits });
