import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { SCHEMA_VALIDATION } from './keys';

export const selectAndFetchColumns = (tableIds: number[]) =>
  api
    .post(`${SCHEMA_VALIDATION}/usecase_db_tables/select_and_fetch_columns`, { table_ids: tableIds })
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to select and fetch columns', detailOf(e));
    });
