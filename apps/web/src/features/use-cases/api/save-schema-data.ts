import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { ONBOARDING } from './keys';

/** Saves the use case's connection and schema: PUT when it has some already, else POST. */
export const saveSchemaData = (useCaseId: number, connId: number, schema: string, update: boolean) =>
  (update ? api.put : api.post)(`${ONBOARDING}/use_case/add_schema_data`, {
    usecase_id: useCaseId,
    conn_id: connId,
    schema,
  }).catch((e: unknown) => {
    throw new KnowledgeError(
      update ? 'Failed to update schema data' : 'Failed to add schema data',
      detailOf(e),
    );
  });
