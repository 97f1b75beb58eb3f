import { ChevronDown, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { usePermissions } from '../../lib/permissions';
import { RecentConversations } from '../../features/conversation';
import { ADMIN_NAV, MAIN_NAV, isAdminPath, type NavItem } from './nav-items';
import { SIDEBAR } from './use-sidebar-state';

function SidebarLink({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = item.isActive(pathname);
  const Icon = item.icon;
  return (
    <li>
      <Tooltip content={item.label} disabled={!collapsed}>
        <Link
          to={item.to}
          onClick={onNavigate}
          aria-current={active ? 'page' : undefined}
          aria-label={collapsed ? item.label : undefined}
          className={cn(
            'group flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
            collapsed && 'mx-auto size-10 justify-center px-0',
            active
              ? 'bg-primary-soft text-primary dark:text-accent-foreground'
              : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          <Icon
            className={cn('size-[18px] shrink-0', active ? 'text-primary dark:text-accent-foreground' : '')}
            aria-hidden
          />
          {collapsed ? null : <span className="truncate">{item.label}</span>}
        </Link>
      </Tooltip>
    </li>
  );
}

function AdminGroup({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => isAdminPath(pathname));
  const listId = useId();
  const onAdminPage = isAdminPath(pathname);
  const { can } = usePermissions();
  const items = ADMIN_NAV.filter((item) => !item.permission || can(item.permission));

  // Arriving on an admin page (from a link elsewhere) opens the group so the highlight is visible.
  useEffect(() => {
    if (onAdminPage) setOpen(true);
  }, [onAdminPage]);

  // Entries the user's role cannot use are not offered; with none left, neither is the group.
  if (items.length === 0) return null;

  if (collapsed) {
    return (
      <div className="mt-4 border-t border-sidebar-border pt-4">
        <ul className="grid gap-1" aria-label="ADMIN">
          {items.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed onNavigate={onNavigate} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        aria-controls={listId}
        className="flex w-full cursor-pointer items-center justify-between rounded-md px-2.5 py-1.5 text-[11px] font-semibold tracking-[0.08em] text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        ADMIN
        <ChevronDown className={cn('size-3.5 transition-transform', open ? '' : '-rotate-90')} aria-hidden />
      </button>
      {open ? (
        <ul id={listId} className="mt-1 grid gap-1">
          {items.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={false} onNavigate={onNavigate} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SidebarBody({
  collapsed,
  onNavigate,
  onToggleCollapsed,
  onClose,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onToggleCollapsed?: () => void;
  onClose?: () => void;
}) {
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-sidebar-border',
          collapsed ? 'justify-center' : 'justify-between px-4',
        )}
      >
        <Link
          to="/"
          onClick={onNavigate}
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Catalyst, go to Decision Hub"
        >
          <Logo showWordmark={!collapsed} />
        </Link>
        {onClose ? (
          <DialogPrimitive.Close
            className="grid size-8 cursor-pointer place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label="Close navigation menu"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </div>
      <nav
        aria-label="Main navigation"
        className={cn('flex-1 overflow-y-auto py-4', collapsed ? 'px-2' : 'px-3')}
      >
        <ul className="grid gap-1">
          {MAIN_NAV.map((item) => (
            <SidebarLink key={item.to} item={item} collapsed={collapsed} onNavigate={onNavigate} />
          ))}
        </ul>
        <AdminGroup collapsed={collapsed} onNavigate={onNavigate} />
        {collapsed ? null : <RecentConversations onNavigate={onNavigate} />}
      </nav>
      {onToggleCollapsed ? (
        <div
          className={cn(
            'shrink-0 border-t border-sidebar-border p-3',
            collapsed && 'flex justify-center px-2',
          )}
        >
          <Tooltip content="Expand sidebar" disabled={!collapsed}>
            <button
              type="button"
              onClick={onToggleCollapsed}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              aria-pressed={collapsed}
              data-testid="sidebar-toggle"
              className={cn(
                'flex h-9 cursor-pointer items-center gap-3 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                collapsed ? 'size-10 justify-center px-0' : 'w-full',
              )}
            >
              {collapsed ? (
                <PanelLeftOpen className="size-[18px]" aria-hidden />
              ) : (
                <PanelLeftClose className="size-[18px]" aria-hidden />
              )}
              {collapsed ? null : <span>Collapse</span>}
            </button>
          </Tooltip>
        </div>
      ) : null}
    </div>
  );
}

/** The fixed desktop sidebar: 250px, or 70px icons only when collapsed. */
export function DesktopSidebar({
  collapsed,
  onToggleCollapsed,
}: {
  collapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      className="fixed inset-y-0 left-0 z-30 border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out"
      style={{ width: collapsed ? SIDEBAR.collapsedWidth : SIDEBAR.expandedWidth }}
    >
      <SidebarBody collapsed={collapsed} onToggleCollapsed={onToggleCollapsed} />
    </aside>
  );
}

/** Under 768px: a slide-in drawer over a dimmed backdrop; backdrop click and Escape close it. */
export function MobileDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="sidebar-backdrop"
          className="fixed inset-0 z-40 bg-overlay data-[state=open]:animate-fade-in"
        />
        <DialogPrimitive.Content
          data-testid="sidebar-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 border-r border-sidebar-border bg-sidebar shadow-2xl outline-none data-[state=open]:animate-slide-in-left"
          style={{ width: SIDEBAR.expandedWidth }}
        >
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <SidebarBody
            collapsed={false}
            onNavigate={() => onOpenChange(false)}
            onClose={() => onOpenChange(false)}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
