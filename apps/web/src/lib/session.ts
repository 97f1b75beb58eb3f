import type { TLoginResponse } from '@catalyst/contracts';
import { PREFERENCE_KEYS, STORAGE_KEYS, readStorage, removeStorage, writeStorage } from './storage-keys';

/**
 * The signed-in user as kept in local storage (spec document 1 §3). The session token is not
 * kept anywhere script can read it: the spec keeps it in local storage under `authToken`, but
 * any script that runs on the page (an injected one included) could then carry it off. It lives
 * only in the server's HttpOnly cookie, which every request and the socket send by themselves
 * (issue 13). The stored user is display data; the server decides who is signed in.
 */
export interface StoredUser {
  username: string;
  name: string;
  firstName: string;
  lastName: string;
  defaultUseCaseId: number | null;
  isAuthenticated: true;
}

export interface Session {
  user: StoredUser;
}

type Listener = () => void;
const listeners = new Set<Listener>();

let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function parseUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      (value as StoredUser).isAuthenticated === true &&
      typeof (value as StoredUser).username === 'string'
    ) {
      const user = value as StoredUser;
      return {
        username: user.username,
        name: typeof user.name === 'string' ? user.name : user.username,
        firstName: typeof user.firstName === 'string' ? user.firstName : '',
        lastName: typeof user.lastName === 'string' ? user.lastName : '',
        defaultUseCaseId: typeof user.defaultUseCaseId === 'number' ? user.defaultUseCaseId : null,
        isAuthenticated: true,
      };
    }
  } catch {
    // A hand-edited or corrupted entry counts as signed out.
  }
  return null;
}

/**
 * The current session, or null when signed out. Returns the same object while storage is
 * unchanged, so it can back `useSyncExternalStore`.
 */
export function getSession(): Session | null {
  // A token an earlier version kept in storage is dropped, never read.
  if (readStorage(STORAGE_KEYS.legacyAuthToken) !== null) removeStorage(STORAGE_KEYS.legacyAuthToken);
  const user = readStorage(STORAGE_KEYS.user);
  if (user === cachedRaw) return cachedSession;
  cachedRaw = user;
  const parsed = parseUser(user);
  cachedSession = parsed ? { user: parsed } : null;
  return cachedSession;
}

export function isAuthenticated(): boolean {
  return getSession() !== null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // Another tab signed in or out.
    if (event.key === null || event.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function saveSession(login: TLoginResponse): void {
  const name = [login.firstName, login.lastName].filter(Boolean).join(' ') || login.username;
  const user: StoredUser = {
    username: login.username,
    name,
    firstName: login.firstName,
    lastName: login.lastName,
    defaultUseCaseId: login.defaultUseCaseId,
    isAuthenticated: true,
  };
  // login.token is left alone: the server set it as the HttpOnly session cookie.
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
}

/** Refreshes stored profile fields (e.g. the default use case id). */
export function updateStoredUser(patch: Partial<Omit<StoredUser, 'isAuthenticated'>>): void {
  const session = getSession();
  if (!session) return;
  const next = { ...session.user, ...patch };
  if (JSON.stringify(next) === JSON.stringify(session.user)) return;
  writeStorage(STORAGE_KEYS.user, JSON.stringify(next));
  notify();
}

function clearCookies(): void {
  // HttpOnly cookies (the server's session cookie) are not visible here; the logout call clears it.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Ends the session in this browser: clears local and session storage and the cookies script
 * can reach, then tells subscribers (the route guard sends the user to /login).
 * The theme and sidebar preferences are kept: they are display choices, not session data, and
 * wiping them would flash the sign-in screen in the wrong theme.
 */
export function clearSession(): void {
  const kept = new Map<string, string>();
  for (const key of PREFERENCE_KEYS) {
    const value = readStorage(key);
    if (value !== null) kept.set(key, value);
  }
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    // ignore: storage unavailable
  }
  for (const [key, value] of kept) writeStorage(key, value);
  clearCookies();
  notify();
}
