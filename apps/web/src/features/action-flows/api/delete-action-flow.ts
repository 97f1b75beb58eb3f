import type { TActionFlow } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { ACTION_FLOWS, FLOWS_KEY } from './keys';

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

const deleteActionFlow = (flow: TActionFlow) => api.delete(`${ACTION_FLOWS}/${flow.id}`);

export function useDeleteActionFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActionFlow,
    onSuccess: (_, flow) => {
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) => all?.filter((f) => f.id !== flow.id));
      toast.success('Action flow deleted', { description: flow.name });
    },
    onError: (error) => toast.error('The flow could not be deleted', { description: errorText(error) }),
  });
}
