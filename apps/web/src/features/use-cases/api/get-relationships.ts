import type { TRelationshipList } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { knowledgeKeys, SCHEMA_VALIDATION } from './keys';

const getRelationships = (useCaseId: number) =>
  api
    .get<TRelationshipList>(`${SCHEMA_VALIDATION}/relationships?usecase_id=${useCaseId}`)
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to fetch relationships', detailOf(e));
    });

export const useRelationships = (useCaseId: number) =>
  useQuery({ queryKey: knowledgeKeys.relationships(useCaseId), queryFn: () => getRelationships(useCaseId) });
