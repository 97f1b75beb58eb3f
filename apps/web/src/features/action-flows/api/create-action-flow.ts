import type { TActionFlow, TCreateActionFlow } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ACTION_FLOWS, FLOWS_KEY } from './keys';

const createActionFlow = (body: TCreateActionFlow) => api.post<TActionFlow>(ACTION_FLOWS, body);

export function useCreateActionFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActionFlow,
    onSuccess: (flow) => {
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) => [flow, ...(all ?? [])]);
      void queryClient.invalidateQueries({ queryKey: FLOWS_KEY });
    },
  });
}
