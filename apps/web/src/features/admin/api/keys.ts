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
