/** React Query keys of the use case screens. */
export const useCaseKeys = {
  list: ['use-cases'] as const,
  detail: (id: number) => ['use-case', id] as const,
  orgUsers: (id: number) => ['org-users', id] as const,
};

/**
 * The Knowledge tab's keys. `connections` and `schemas` are the Data Sources screen's too (same
 * calls), so a change on either screen refreshes the other.
 */
export const knowledgeKeys = {
  connections: ['connections'] as const,
  schemaData: (useCaseId: number) => ['schema-data', useCaseId] as const,
  schemas: (connId: number | null) => ['schemas', connId] as const,
  tables: (useCaseId: number) => ['uc-tables', useCaseId] as const,
  columns: (tableId: number) => ['columns', tableId] as const,
  relationships: (useCaseId: number) => ['relationships', useCaseId] as const,
  suggestions: (useCaseId: number) => ['autosuggest', useCaseId] as const,
  dateFormats: ['date-formats'] as const,
};

/** Derived metrics and the columns a calculation may use (`null` until the use case has an id). */
export const metricKeys = {
  list: (useCaseId: number | null) => ['derived-metrics', useCaseId] as const,
  columns: (useCaseId: number | null) => ['autosuggest', useCaseId] as const,
};

/** A use case's documents; under the Documents screen's `['documents']`, so its changes refresh them. */
export const useCaseDocumentKeys = {
  all: ['documents'] as const,
  linked: (useCaseId: number) => ['documents', 'use-case', useCaseId] as const,
  attachable: ['documents', 'list', 'for-use-case'] as const,
};

export const ONBOARDING = '/api/copilot/onboarding';
export const SCHEMA_VALIDATION = '/api/copilot/schema_validation';
export const DOCUMENTS = '/api/copilot/documents';
