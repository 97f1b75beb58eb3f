/**
 * Every browser-storage key the app uses, in one place (spec document 1 §3, §9).
 * `catalyst-ui-theme` is named by the spec; the others are ours. The spec's `authToken` is only
 * removed: the session token stays in the HttpOnly cookie (see session.ts).
 */
export const STORAGE_KEYS = {
  legacyAuthToken: 'authToken',
  user: 'catalyst-user',
  theme: 'catalyst-ui-theme',
  sidebarCollapsed: 'catalyst-sidebar-collapsed',
} as const;

/** Display preferences survive a logout; everything else is session data and is wiped. */
export const PREFERENCE_KEYS: readonly string[] = [STORAGE_KEYS.theme, STORAGE_KEYS.sidebarCollapsed];

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing is kept there anyway.
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or disabled (private mode); the app keeps working without it.
  }
}
