import type { TConnection } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError, reasonOf } from './knowledge-error';
import { knowledgeKeys } from './keys';

const getConnections = () =>
  api
    .get<{ connections: TConnection[] }>('/api/copilot/db_conn/get_conns')
    .then((r) => r.connections)
    .catch((e: unknown) => {
      throw new KnowledgeError(`Failed to fetch connections: ${reasonOf(e)}`, detailOf(e));
    });

export const useConnections = () =>
  useQuery({ queryKey: knowledgeKeys.connections, queryFn: getConnections });
