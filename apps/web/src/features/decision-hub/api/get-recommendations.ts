import type { TRecommendation } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionHubKeys, HUB_REFRESH_MS } from './keys';

/** The 20 newest active recommendations (Attention Required). */
const getRecommendations = () =>
  api
    .get<{ data: { recommendations: TRecommendation[] } }>(
      '/api/copilot/landing/recommendations?limit=20&status=active',
    )
    .then((r) => r.data.recommendations);

export const useRecommendations = () =>
  useQuery({
    queryKey: decisionHubKeys.recommendations,
    queryFn: getRecommendations,
    refetchInterval: HUB_REFRESH_MS,
  });
