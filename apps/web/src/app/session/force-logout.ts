import { clearSession } from '../../lib/session';

/**
 * Forced logout (spec document 1 §4): tells the server to drop the session and its HttpOnly
 * cookie (best effort, it may already be gone), clears storage and cookies here; the route guard
 * then sends the user to /login.
 */
export function forceLogout(): void {
  try {
    void fetch('/api/v1/authentication/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch unavailable: nothing more to do
  }
  clearSession();
}
