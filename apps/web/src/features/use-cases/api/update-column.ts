import type { TColumnMetadata } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { detailOf, KnowledgeError } from './knowledge-error';
import { SCHEMA_VALIDATION } from './keys';

export type ColumnPatch = Partial<
  Pick<
    TColumnMetadata,
    'business_name' | 'business_definition' | 'entity_type' | 'is_selected' | 'value_type' | 'value_format'
  >
>;

export const updateColumn = (id: number, patch: ColumnPatch) =>
  api
    .post<TColumnMetadata>(`${SCHEMA_VALIDATION}/table_column_metadata/update`, { id, ...patch })
    .catch((e: unknown) => {
      // Spec §8: ticking a column is "updating the column"; names, definitions and kinds are its metadata.
      const only = Object.keys(patch);
      throw new KnowledgeError(
        only.length === 1 && only[0] === 'is_selected'
          ? 'Failed to update column'
          : 'Failed to update column metadata',
        detailOf(e),
      );
    });
