import { useEffect } from 'react';
import { updateStoredUser } from '../../../lib/session';
import { useCurrentUserQuery } from '../../../lib/permissions';

/**
 * The signed-in user from the server. Keeps the stored user (name, default use case id) in step,
 * which refreshes the current use case id on load (spec document 3, route guard).
 */
export function useCurrentUser(enabled: boolean) {
  const query = useCurrentUserQuery(enabled);
  const user = query.data;
  useEffect(() => {
    if (!user) return;
    updateStoredUser({
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      defaultUseCaseId: user.defaultUseCaseId,
    });
  }, [user]);
  return query;
}
