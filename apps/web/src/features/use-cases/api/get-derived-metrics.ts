import type { TDerivedMetric } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { metricKeys, SCHEMA_VALIDATION } from './keys';

const getDerivedMetrics = (useCaseId: number) =>
  api.get<TDerivedMetric[]>(`${SCHEMA_VALIDATION}/get_derived_metrics?usecase_id=${useCaseId}`);

export const useDerivedMetrics = (useCaseId: number | null) =>
  useQuery({
    queryKey: metricKeys.list(useCaseId),
    enabled: !!useCaseId,
    // A refetch while a new row is open would list its metric twice; the row refreshes on close.
    refetchOnWindowFocus: false,
    queryFn: () => getDerivedMetrics(useCaseId ?? 0),
  });
