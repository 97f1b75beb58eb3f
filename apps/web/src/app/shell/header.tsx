import { Menu } from 'lucide-react';
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { usePageTitleOverride } from '../../lib/page-title';
import { ThemeSwitch } from './theme-switch';
import { UserMenu } from './user-menu';

export interface RouteHandle {
  title?: string;
}

/** The screen's own title if it set one (a conversation's thread name), else the route's. */
function usePageTitle(): string | undefined {
  const override = usePageTitleOverride();
  const matches = useMatches();
  if (override) return override;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = (matches[i]?.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** The 4rem top bar: menu button (mobile), page title, theme switch, account menu. */
export function Header({ isMobile, onOpenDrawer }: { isMobile: boolean; onOpenDrawer: () => void }) {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} · Catalyst` : 'Catalyst';
  }, [title]);
  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center gap-3 border-b border-border bg-background/85 px-4 backdrop-blur-md sm:px-6">
      {isMobile ? (
        <button
          type="button"
          onClick={onOpenDrawer}
          aria-label="Open navigation menu"
          data-testid="drawer-open"
          className="-ml-1 grid size-9 cursor-pointer place-items-center rounded-md text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Menu className="size-5" aria-hidden />
        </button>
      ) : null}
      <p className="min-w-0 flex-1 truncate text-[15px] font-semibold tracking-tight">{title}</p>
      <div className="flex items-center gap-3">
        <ThemeSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
