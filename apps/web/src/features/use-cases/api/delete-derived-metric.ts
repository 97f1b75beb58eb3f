import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

export const deleteMetric = (id: number) => api.post(`${SCHEMA_VALIDATION}/delete_derived_metric`, { id });
