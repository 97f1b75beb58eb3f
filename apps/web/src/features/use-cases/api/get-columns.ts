import type { TColumnMetadata } from '@catalyst/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { knowledgeKeys, SCHEMA_VALIDATION } from './keys';

const getColumns = (tableId: number) =>
  api.get<TColumnMetadata[]>(`${SCHEMA_VALIDATION}/table_column_metadata/${tableId}`).catch((e: unknown) => {
    throw new KnowledgeError('Failed to fetch table column metadata', detailOf(e));
  });

/** One table's columns, for `useQuery` or `useQueries` (the columns of every selected table). */
export const columnsQuery = (tableId: number) =>
  queryOptions({ queryKey: knowledgeKeys.columns(tableId), queryFn: () => getColumns(tableId) });

export const useColumns = (tableId: number) => useQuery(columnsQuery(tableId));
