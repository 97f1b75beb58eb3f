import type { TActionFlow, TActionFlowStatus } from '@catalyst/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { ACTION_FLOWS, FLOWS_KEY } from './keys';

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

const setFlowStatus = ({ id, status }: { id: number; status: TActionFlowStatus }) =>
  api.post<TActionFlow>(`${ACTION_FLOWS}/${id}/status`, { status });

/** The pause/play toggle: the card flips at once and flips back if the server refuses. */
export function useSetFlowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFlowStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: FLOWS_KEY });
      const before = queryClient.getQueryData<TActionFlow[]>(FLOWS_KEY);
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) =>
        all?.map((f) => (f.id === id ? { ...f, status } : f)),
      );
      return { before };
    },
    onError: (error, { status }, context) => {
      if (context?.before) queryClient.setQueryData(FLOWS_KEY, context.before);
      toast.error(
        status === 'inactive' ? 'The flow could not be paused' : 'The flow could not be switched on',
        { description: errorText(error) },
      );
    },
    onSuccess: (flow) =>
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) =>
        all?.map((f) => (f.id === flow.id ? flow : f)),
      ),
  });
}
