import type { TActionFlow, TActionFlowStatus, TCreateActionFlow } from '@catalyst/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../lib/api';

const BASE = '/api/copilot/action-flows';
const FLOWS_KEY = ['action-flows'] as const;

export function useActionFlows() {
  return useQuery({
    queryKey: FLOWS_KEY,
    queryFn: () => api.get<{ flows: TActionFlow[] }>(BASE).then((r) => r.flows),
  });
}

export function useCreateActionFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateActionFlow) => api.post<TActionFlow>(BASE, body),
    onSuccess: (flow) => {
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) => [flow, ...(all ?? [])]);
      void queryClient.invalidateQueries({ queryKey: FLOWS_KEY });
    },
  });
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** The pause/play toggle: the card flips at once and flips back if the server refuses. */
export function useSetFlowStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: TActionFlowStatus }) =>
      api.post<TActionFlow>(`${BASE}/${id}/status`, { status }),
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

export function useDeleteActionFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flow: TActionFlow) => api.delete(`${BASE}/${flow.id}`),
    onSuccess: (_, flow) => {
      queryClient.setQueryData<TActionFlow[]>(FLOWS_KEY, (all) => all?.filter((f) => f.id !== flow.id));
      toast.success('Action flow deleted', { description: flow.name });
    },
    onError: (error) => toast.error('The flow could not be deleted', { description: errorText(error) }),
  });
}
