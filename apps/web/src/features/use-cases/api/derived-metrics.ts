import type { TDerivedMetric } from '@catalyst/contracts';
import { api } from '../../../lib/api';

const SV = '/api/copilot/schema_validation';

export interface MetricValues {
  derived_metric: string;
  metric_definition: string;
  calculation: string;
}

export const metricKeys = {
  list: (useCaseId: number | null) => ['derived-metrics', useCaseId] as const,
  columns: (useCaseId: number | null) => ['autosuggest', useCaseId] as const,
};

export const fetchMetrics = (useCaseId: number) =>
  api.get<TDerivedMetric[]>(`${SV}/get_derived_metrics?usecase_id=${useCaseId}`);
export const fetchSuggestedColumns = (useCaseId: number) =>
  api.get<{ columns: string[] }>(`${SV}/autosuggest_columns?usecase_id=${useCaseId}`).then((r) => r.columns);
/** The type sent is 'general' (spec document 2 §9). */
export const addMetric = (useCaseId: number, v: MetricValues) =>
  api.post<{ id: number; metric: TDerivedMetric }>(`${SV}/add_derived_metric`, {
    usecase_id: useCaseId,
    ...v,
    type: 'general',
  });
export const updateMetric = (useCaseId: number, id: number, v: MetricValues, type = 'general') =>
  api.post<{ metric: TDerivedMetric }>(`${SV}/update_derived_metric`, {
    id,
    usecase_id: useCaseId,
    ...v,
    type,
  });
export const deleteMetric = (id: number) => api.post(`${SV}/delete_derived_metric`, { id });
