import type { TSupportedDbType } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { failedCall } from '../../../lib/api-errors';
import { dataSourceKeys } from './keys';

/** The connection types the server can read; a failure is worded as spec document 2 §8 words it. */
const getDbTypes = () =>
  api.get<TSupportedDbType[]>('/api/copilot/db_conn/supported_db_types').catch((e: unknown) => {
    throw new Error(failedCall('Failed to fetch supported DB types', e, 'Failed to load supported DB types'));
  });

export const useDbTypes = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: dataSourceKeys.types, queryFn: getDbTypes, enabled });
