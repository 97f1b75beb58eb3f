import type { TDashboardMetrics } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionHubKeys, HUB_REFRESH_MS } from './keys';

const getMetrics = () => api.get<TDashboardMetrics>('/api/copilot/landing/metrics');

export const useMetrics = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: decisionHubKeys.metrics,
    queryFn: getMetrics,
    refetchInterval: HUB_REFRESH_MS,
    enabled,
  });
