import type { TDerivedMetric } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import { SCHEMA_VALIDATION } from './keys';

export interface MetricValues {
  derived_metric: string;
  metric_definition: string;
  calculation: string;
}

/** The type sent is 'general' (spec document 2 §9). */
export const addMetric = (useCaseId: number, v: MetricValues) =>
  api.post<{ id: number; metric: TDerivedMetric }>(`${SCHEMA_VALIDATION}/add_derived_metric`, {
    usecase_id: useCaseId,
    ...v,
    type: 'general',
  });
