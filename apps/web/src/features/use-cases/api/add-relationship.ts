import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

interface NewRelationship {
  usecase_id: number;
  from_table: string;
  from_column: string | undefined;
  to_table: string;
  to_column: string | undefined;
}

/** Adds a relationship, or restores a removed declared or inferred one (same call). */
export const addRelationship = (body: NewRelationship) =>
  api.post(`${SCHEMA_VALIDATION}/relationships`, body);
