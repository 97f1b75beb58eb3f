import { useEffect, useSyncExternalStore } from 'react';

/**
 * A screen can ask the shell to collapse the desktop sidebar for a while (the PDF side panel of a
 * conversation, spec document 1 §2.7), without changing the collapse choice the user saved.
 */
let collapseRequested = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (value === collapseRequested) return;
  collapseRequested = value;
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Collapses the sidebar while `active` is true and the caller is mounted; restores it afterwards. */
export function useCollapseSidebarWhile(active: boolean) {
  useEffect(() => {
    if (!active) return;
    set(true);
    return () => set(false);
  }, [active]);
}

/** For the shell: whether a screen asked for the collapse. */
export function useSidebarCollapseRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => collapseRequested,
    () => false,
  );
}

/** The user expanded the sidebar anyway: the request is dropped until the screen asks again. */
export function releaseSidebarCollapse() {
  set(false);
}
