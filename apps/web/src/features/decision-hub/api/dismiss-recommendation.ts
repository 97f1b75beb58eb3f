import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decisionHubKeys } from './keys';

const dismissRecommendation = (id: number) => api.post(`/api/copilot/landing/recommendations/${id}/dismiss`);

export function useDismissRecommendation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRecommendation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: decisionHubKeys.all }),
  });
}
