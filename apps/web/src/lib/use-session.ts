import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from './session';

/** The current session; re-renders when the user signs in or out (in this tab or another). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
