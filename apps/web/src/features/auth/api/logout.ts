import type { TMessageResponse } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../../lib/api';
import { clearSession } from '../../../lib/session';

/** Spec document 1 §9: the redirect to /login follows the toast after 500 ms. */
const LOGOUT_REDIRECT_MS = 500;

function logout(): Promise<TMessageResponse> {
  return api.post<TMessageResponse>('/api/v1/authentication/logout', {});
}

/** Log out: revoke the session on the server, toast the result, then leave for /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useRef(false);

  return useCallback(async () => {
    if (pending.current) return;
    pending.current = true;
    try {
      await logout();
      toast.success('Logged out', { description: 'You have been successfully logged out' });
    } catch {
      toast.error('Logout Error', { description: 'An error occurred during logout' });
    }
    window.setTimeout(() => {
      clearSession();
      queryClient.clear();
      pending.current = false;
      void navigate('/login', { replace: true, state: null });
    }, LOGOUT_REDIRECT_MS);
  }, [navigate, queryClient]);
}
