import { useCallback, useEffect, useState } from 'react';
import { releaseSidebarCollapse, useSidebarCollapseRequested } from '../../lib/sidebar-override';
import { STORAGE_KEYS, readStorage, writeStorage } from '../../lib/storage-keys';

/** Spec document 1 §9. */
export const SIDEBAR = {
  expandedWidth: 250,
  collapsedWidth: 70,
  mobileBreakpoint: 768,
  resizeDebounceMs: 100,
} as const;

function readCollapsed(): boolean {
  return readStorage(STORAGE_KEYS.sidebarCollapsed) === 'true';
}

function isMobileWidth(): boolean {
  return window.innerWidth < SIDEBAR.mobileBreakpoint;
}

export interface SidebarState {
  isMobile: boolean;
  /** Desktop icon-only mode; always false on mobile. */
  collapsed: boolean;
  drawerOpen: boolean;
  toggleCollapsed: () => void;
  setDrawerOpen: (open: boolean) => void;
}

/**
 * Sidebar layout state: the remembered collapse choice on desktop; under 768px a drawer with
 * collapse forced off. Resizes are debounced by 100 ms; reaching the desktop layout closes the drawer.
 * A screen may ask for a temporary collapse (the PDF panel); expanding then overrules the request
 * without touching the saved choice.
 */
export function useSidebarState(): SidebarState {
  const [isMobile, setIsMobile] = useState(isMobileWidth);
  const [storedCollapsed, setStoredCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collapseRequested = useSidebarCollapseRequested();

  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const mobile = isMobileWidth();
        setIsMobile(mobile);
        if (!mobile) setDrawerOpen(false);
      }, SIDEBAR.resizeDebounceMs);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const toggleCollapsed = useCallback(() => {
    if (collapseRequested && !storedCollapsed) return releaseSidebarCollapse();
    setStoredCollapsed((current) => {
      const next = !current;
      writeStorage(STORAGE_KEYS.sidebarCollapsed, String(next));
      return next;
    });
  }, [collapseRequested, storedCollapsed]);

  return {
    isMobile,
    collapsed: isMobile ? false : storedCollapsed || collapseRequested,
    drawerOpen: isMobile && drawerOpen,
    toggleCollapsed,
    setDrawerOpen,
  };
}
