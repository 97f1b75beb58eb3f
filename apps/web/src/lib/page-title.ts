import { useEffect, useSyncExternalStore } from 'react';

/**
 * A screen's own title for the top bar and the browser tab, when its route's fixed title is not
 * enough (a conversation is named after its thread, or "Error" when it failed to load).
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  if (title === current) return;
  current = title;
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The title a screen set, or null to use the route's. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Shows `title` in the top bar and the tab while the calling screen is mounted (null: the route's title). */
export function useSetPageTitle(title: string | null) {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}
