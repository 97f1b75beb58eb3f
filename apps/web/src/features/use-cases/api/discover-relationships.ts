import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

/** Profiles the selected tables again for relationships. */
export const discoverRelationships = (useCaseId: number) =>
  api.post(`${SCHEMA_VALIDATION}/relationships/discover`, { usecase_id: useCaseId });
