import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dataSourceKeys } from './keys';

const getSchemas = (connId: number) =>
  api.get<string[]>(`/api/copilot/onboarding/connections/${connId}/schemas/`);

export const useSchemas = (connId: number, { enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: dataSourceKeys.schemas(connId), queryFn: () => getSchemas(connId), enabled });
