import type { TDerivedMetric } from '@catalyst/contracts';
import { api } from '../../../lib/api';
import type { MetricValues } from './add-derived-metric';
import { SCHEMA_VALIDATION } from './keys';

export const updateMetric = (useCaseId: number, id: number, v: MetricValues, type = 'general') =>
  api.post<{ metric: TDerivedMetric }>(`${SCHEMA_VALIDATION}/update_derived_metric`, {
    id,
    usecase_id: useCaseId,
    ...v,
    type,
  });
