import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from './header';
import { DesktopSidebar, MobileDrawer } from './sidebar';
import { SIDEBAR, useSidebarState } from './use-sidebar-state';

/** The layout of every protected page: sidebar (or drawer), top bar, page. */
export function AppShell() {
  const sidebar = useSidebarState();
  const { pathname } = useLocation();
  const { setDrawerOpen } = sidebar;

  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname, setDrawerOpen]);

  const offset = sidebar.isMobile ? 0 : sidebar.collapsed ? SIDEBAR.collapsedWidth : SIDEBAR.expandedWidth;

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {sidebar.isMobile ? (
        <MobileDrawer open={sidebar.drawerOpen} onOpenChange={setDrawerOpen} />
      ) : (
        <DesktopSidebar collapsed={sidebar.collapsed} onToggleCollapsed={sidebar.toggleCollapsed} />
      )}
      <div
        className="flex min-h-dvh flex-col transition-[padding] duration-200 ease-out"
        style={{ paddingLeft: offset }}
      >
        <Header isMobile={sidebar.isMobile} onOpenDrawer={() => setDrawerOpen(true)} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
