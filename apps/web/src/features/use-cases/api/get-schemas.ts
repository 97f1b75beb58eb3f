import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError, reasonOf } from './knowledge-error';
import { knowledgeKeys, ONBOARDING } from './keys';

const getSchemas = (connId: number) =>
  api.get<string[]>(`${ONBOARDING}/connections/${connId}/schemas/`).catch((e: unknown) => {
    throw new KnowledgeError(`Failed to fetch schemas for connection ${connId}: ${reasonOf(e)}`, detailOf(e));
  });

export const useSchemas = (connId: number | null) =>
  useQuery({
    queryKey: knowledgeKeys.schemas(connId),
    enabled: connId !== null,
    queryFn: () => getSchemas(connId!),
  });
