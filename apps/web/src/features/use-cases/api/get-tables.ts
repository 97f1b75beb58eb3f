import type { TUseCaseTable } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { knowledgeKeys, SCHEMA_VALIDATION } from './keys';

/** The schema's tables for the use case; `refresh` reads the data source again. */
export const getTables = (useCaseId: number, refresh = false) =>
  api
    .get<TUseCaseTable[]>(
      `${SCHEMA_VALIDATION}/usecase_db_tables/${useCaseId}${refresh ? '?refresh=true' : ''}`,
    )
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to fetch use case tables', detailOf(e));
    });

export const useTables = (useCaseId: number | null, { enabled }: { enabled: boolean }) =>
  useQuery({
    queryKey: knowledgeKeys.tables(useCaseId ?? 0),
    enabled: !!useCaseId && enabled,
    queryFn: () => getTables(useCaseId!),
  });
