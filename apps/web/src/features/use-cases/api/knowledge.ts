import type {
  TColumnMetadata,
  TConnection,
  TDateFormat,
  TRelationshipList,
  TUseCaseTable,
} from '@catalyst/contracts';
import { api, ApiError } from '../../../lib/api';

const O = '/api/copilot/onboarding';
export const SV = '/api/copilot/schema_validation';

/**
 * The Knowledge tab's reads. Failures carry the texts of spec document 2 §8 ("Failed to fetch
 * schemas for connection 3: Bad Gateway"); `detail` keeps the server's own words.
 */
export class KnowledgeError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}
const reason = (e: unknown) =>
  e instanceof ApiError ? e.statusText || e.message : e instanceof Error ? e.message : String(e);
const detailOf = (e: unknown) => (e instanceof Error ? e.message : undefined);

export const knowledgeKeys = {
  connections: ['connections'] as const,
  schemaData: (useCaseId: number) => ['schema-data', useCaseId] as const,
  schemas: (connId: number | null) => ['schemas', connId] as const,
  tables: (useCaseId: number) => ['uc-tables', useCaseId] as const,
  columns: (tableId: number) => ['columns', tableId] as const,
  relationships: (useCaseId: number) => ['relationships', useCaseId] as const,
  suggestions: (useCaseId: number) => ['autosuggest', useCaseId] as const,
  metrics: (useCaseId: number) => ['derived-metrics', useCaseId] as const,
  dateFormats: ['date-formats'] as const,
};

export const fetchConnections = () =>
  api
    .get<{ connections: TConnection[] }>('/api/copilot/db_conn/get_conns')
    .then((r) => r.connections)
    .catch((e: unknown) => {
      throw new KnowledgeError(`Failed to fetch connections: ${reason(e)}`, detailOf(e));
    });

/** The saved connection and schema, or null when the use case has none yet (404). */
export const fetchSchemaData = (useCaseId: number) =>
  api
    .get<{ ConnectionId: number; Schema: string }>(`${O}/use_case/schema_data/${useCaseId}`)
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    });

export const fetchSchemas = (connId: number) =>
  api.get<string[]>(`${O}/connections/${connId}/schemas/`).catch((e: unknown) => {
    throw new KnowledgeError(`Failed to fetch schemas for connection ${connId}: ${reason(e)}`, detailOf(e));
  });

export const saveSchemaData = (useCaseId: number, connId: number, schema: string, update: boolean) =>
  (update ? api.put : api.post)(`${O}/use_case/add_schema_data`, {
    usecase_id: useCaseId,
    conn_id: connId,
    schema,
  }).catch((e: unknown) => {
    throw new KnowledgeError(
      update ? 'Failed to update schema data' : 'Failed to add schema data',
      detailOf(e),
    );
  });

export const fetchTables = (useCaseId: number, refresh = false) =>
  api
    .get<TUseCaseTable[]>(`${SV}/usecase_db_tables/${useCaseId}${refresh ? '?refresh=true' : ''}`)
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to fetch use case tables', detailOf(e));
    });

export const selectAndFetchColumns = (tableIds: number[]) =>
  api
    .post(`${SV}/usecase_db_tables/select_and_fetch_columns`, { table_ids: tableIds })
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to select and fetch columns', detailOf(e));
    });

export const unselectTables = (tableIds: number[]) =>
  api
    .post(`${SV}/usecase_db_tables/select`, { table_ids: tableIds, is_selected: false })
    .catch((e: unknown) => {
      throw new KnowledgeError('Failed to update table selection', detailOf(e));
    });

export const fetchColumns = (tableId: number) =>
  api.get<TColumnMetadata[]>(`${SV}/table_column_metadata/${tableId}`).catch((e: unknown) => {
    throw new KnowledgeError('Failed to fetch table column metadata', detailOf(e));
  });

export type ColumnPatch = Partial<
  Pick<
    TColumnMetadata,
    'business_name' | 'business_definition' | 'entity_type' | 'is_selected' | 'value_type' | 'value_format'
  >
>;
export const updateColumn = (id: number, patch: ColumnPatch) =>
  api.post<TColumnMetadata>(`${SV}/table_column_metadata/update`, { id, ...patch }).catch((e: unknown) => {
    // Spec §8: ticking a column is "updating the column"; names, definitions and kinds are its metadata.
    const only = Object.keys(patch);
    throw new KnowledgeError(
      only.length === 1 && only[0] === 'is_selected'
        ? 'Failed to update column'
        : 'Failed to update column metadata',
      detailOf(e),
    );
  });

export const fetchRelationships = (useCaseId: number) =>
  api.get<TRelationshipList>(`${SV}/relationships?usecase_id=${useCaseId}`).catch((e: unknown) => {
    throw new KnowledgeError('Failed to fetch relationships', detailOf(e));
  });

export const fetchDateFormats = () => api.get<TDateFormat[]>(`${SV}/date_formats`);
