import type { TConnection } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { failedCall } from '../../../lib/api-errors';
import { dataSourceKeys } from './keys';

/** The organisation's connections; a failure is worded as spec document 2 §8 words it. */
const getConnections = () =>
  api
    .get<{ connections: TConnection[] }>('/api/copilot/db_conn/get_conns')
    .then((r) => r.connections)
    .catch((e: unknown) => {
      throw new Error(failedCall('Failed to fetch connections', e, 'Failed to load connections'));
    });

export const useConnections = ({ enabled }: { enabled: boolean }) =>
  useQuery({ queryKey: dataSourceKeys.connections, queryFn: getConnections, enabled });
