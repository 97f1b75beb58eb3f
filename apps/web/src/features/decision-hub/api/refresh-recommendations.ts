import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { decisionHubKeys } from './keys';

/** Runs a scan now; the hub re-reads everything whether it worked or not. */
const refreshRecommendations = () => api.post('/api/copilot/landing/recommendations/refresh');

export function useRefreshRecommendations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshRecommendations,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: decisionHubKeys.all }),
    onError: (error) =>
      toast.error('Refresh failed', {
        description: error instanceof Error ? error.message : 'Failed to fetch recommendations',
      }),
  });
}
