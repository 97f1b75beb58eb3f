import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { SCHEMA_VALIDATION } from './keys';

export const unselectTables = (tableIds: number[]) =>
  api
    .post(`${SCHEMA_VALIDATION}/usecase_db_tables/select`, { table_ids: tableIds, is_selected: false })
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to update table selection', detailOf(e));
    });
