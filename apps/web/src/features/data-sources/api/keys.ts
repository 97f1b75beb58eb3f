/**
 * React Query keys of Data Sources. `connections` and `schemas` are shared with the use case
 * editor's Knowledge tab (same calls), so a change here refreshes it too.
 */
export const dataSourceKeys = {
  connections: ['connections'] as const,
  types: ['db-types'] as const,
  schemas: (connId: number) => ['schemas', connId] as const,
  csvFiles: (connId: number) => ['csv-files', connId] as const,
  rateLimits: ['rate-limits'] as const,
};
