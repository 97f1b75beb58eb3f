import type { TCsvFile } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dataSourceKeys } from './keys';

const getCsvFiles = (connId: number) =>
  api.get<TCsvFile[]>(`/api/copilot/upload-files/csv?conn_id=${connId}`);

export const useCsvFiles = (connId: number) =>
  useQuery({ queryKey: dataSourceKeys.csvFiles(connId), queryFn: () => getCsvFiles(connId) });
