import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { knowledgeKeys, ONBOARDING } from './keys';

/** The saved connection and schema, or null when the use case has none yet (404). */
const getSchemaData = (useCaseId: number) =>
  api
    .get<{ ConnectionId: number; Schema: string }>(`${ONBOARDING}/use_case/schema_data/${useCaseId}`)
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    });

export const useSchemaData = (useCaseId: number | null) =>
  useQuery({
    queryKey: knowledgeKeys.schemaData(useCaseId ?? 0),
    enabled: !!useCaseId,
    queryFn: () => getSchemaData(useCaseId!),
  });
