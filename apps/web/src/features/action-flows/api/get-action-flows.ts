import type { TActionFlow } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ACTION_FLOWS, FLOWS_KEY } from './keys';

const getActionFlows = () => api.get<{ flows: TActionFlow[] }>(ACTION_FLOWS).then((r) => r.flows);

export const useActionFlows = () => useQuery({ queryKey: FLOWS_KEY, queryFn: getActionFlows });
