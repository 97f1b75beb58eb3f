/** React Query keys of the Admin Panel; a change to one list refreshes what depends on it. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  organizations: ['admin', 'organizations'] as const,
  roles: ['admin', 'roles'] as const,
  groups: ['admin', 'data-access-groups'] as const,
  sources: ['admin', 'data-access-sources'] as const,
  audit: (groupId: number) => ['admin', 'audit', groupId] as const,
};

/** The API Management tab's keys (features/api-keys on the server). */
export const apiManagementKeys = {
  all: ['admin', 'api-management'] as const,
  keys: ['admin', 'api-management', 'keys'] as const,
  endpoints: ['admin', 'api-management', 'endpoints'] as const,
  summary: ['admin', 'api-management', 'summary'] as const,
  logs: (page: number, limit: number) => ['admin', 'api-management', 'logs', page, limit] as const,
};

export const ADMIN = '/api/v1/admin';
