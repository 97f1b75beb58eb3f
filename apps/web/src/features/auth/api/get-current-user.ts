import type { TCurrentUser } from '@catalyst/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { updateStoredUser } from '../../../lib/session';

export const currentUserQueryKey = ['auth', 'me'] as const;

export function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  return api.get<TCurrentUser>('/api/v1/authentication/me', { signal });
}

/**
 * The signed-in user from the server. Keeps the stored user (name, default use case id) in step,
 * which refreshes the current use case id on load (spec document 3, route guard).
 */
export function useCurrentUser(enabled: boolean) {
  const query = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
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
