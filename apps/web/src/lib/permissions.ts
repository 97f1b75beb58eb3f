import type { TCurrentUser, TPermission } from '@catalyst/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, onPermissionDenied } from './api';

export const currentUserQueryKey = ['auth', 'me'] as const;

function getCurrentUser(signal?: AbortSignal): Promise<TCurrentUser> {
  return api.get<TCurrentUser>('/api/v1/authentication/me', { signal });
}

/** The signed-in user from the server (shared by the guard, the shell and every screen). */
export function useCurrentUserQuery(enabled = true) {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** Re-reads the user's permissions when the server refuses a call for a missing one (their role changed). */
export function useRefreshPermissionsOnDenial(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => onPermissionDenied(() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })),
    [queryClient],
  );
}

export interface Permissions {
  /** False until the user's permissions are known: hide gated things, show no "no access" yet. */
  known: boolean;
  can: (permission: TPermission) => boolean;
  /** Holds at least one of them. */
  canAny: (...permissions: TPermission[]) => boolean;
}

/**
 * What the signed-in user may do, from their role. The server enforces it; the web uses it to
 * hide what would only be refused (spec: "the sidebar and screens hide what a user may not do").
 */
export function usePermissions(): Permissions {
  const me = useCurrentUserQuery();
  const held = me.data?.permissions;
  return {
    known: held !== undefined,
    can: (permission) => held?.includes(permission) ?? false,
    canAny: (...permissions) => permissions.some((p) => held?.includes(p) ?? false),
  };
}
