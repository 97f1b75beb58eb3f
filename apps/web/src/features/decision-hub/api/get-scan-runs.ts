import type { TScanRun } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionHubKeys, HUB_REFRESH_MS } from './keys';

/** The recommendation scans, newest first. */
const getScanRuns = () =>
  api
    .get<{ data: { runs: TScanRun[] } }>('/api/copilot/landing/recommendations/runs')
    .then((r) => r.data.runs);

export const useScanRuns = () =>
  useQuery({
    queryKey: decisionHubKeys.runs,
    queryFn: getScanRuns,
    refetchInterval: HUB_REFRESH_MS,
  });
