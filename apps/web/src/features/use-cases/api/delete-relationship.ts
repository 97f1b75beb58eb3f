import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

export const deleteRelationship = (id: number) => api.delete(`${SCHEMA_VALIDATION}/relationships/${id}`);
