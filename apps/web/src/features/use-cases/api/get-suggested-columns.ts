import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { metricKeys, SCHEMA_VALIDATION } from './keys';

/** The columns a calculation may use (the ticked ones). */
const getSuggestedColumns = (useCaseId: number) =>
  api
    .get<{ columns: string[] }>(`${SCHEMA_VALIDATION}/autosuggest_columns?usecase_id=${useCaseId}`)
    .then((r) => r.columns);

export const useSuggestedColumns = (useCaseId: number | null) =>
  useQuery({
    queryKey: metricKeys.columns(useCaseId),
    enabled: !!useCaseId,
    queryFn: () => getSuggestedColumns(useCaseId ?? 0),
  });
