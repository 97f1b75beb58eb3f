import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { splitBadges } from './format';

/** A small rounded label (a permission, a source, a restriction). */
export function Badge({
  children,
  tone = 'neutral',
  className,
}: {
  children: ReactNode;
  tone?: 'neutral' | 'primary' | 'success' | 'warning' | 'danger';
  className?: string;
}) {
  const tones = {
    neutral: 'border-border bg-muted text-foreground',
    primary: 'border-primary/25 bg-primary-soft text-primary dark:text-accent-foreground',
    success: 'border-green-500/30 bg-green-500/12 text-green-800 dark:text-green-300',
    warning: 'border-amber-500/30 bg-amber-500/12 text-amber-800 dark:text-amber-300',
    danger: 'border-red-500/30 bg-red-500/12 text-red-700 dark:text-red-300',
  } as const;
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center truncate rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** The first `limit` values as badges plus "+N more" (spec: 3 permissions per role, 2 sources per group). */
export function BadgeList({
  items,
  limit,
  empty = '—',
  tone,
}: {
  items: readonly string[];
  limit: number;
  empty?: string;
  tone?: 'neutral' | 'primary';
}) {
  const { shown, more } = splitBadges(items, limit);
  if (items.length === 0) return <span className="text-sm text-muted-foreground">{empty}</span>;
  return (
    <div className="flex flex-wrap gap-1" title={items.join(', ')}>
      {shown.map((item) => (
        <Badge key={item} tone={tone}>
          {item}
        </Badge>
      ))}
      {more > 0 ? <Badge className="bg-transparent text-muted-foreground">+{more} more</Badge> : null}
    </div>
  );
}

export function StatusBadge({ status }: { status: 'active' | 'inactive' }) {
  return (
    <Badge tone={status === 'active' ? 'success' : 'neutral'}>
      {status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/**
 * A table that stacks into labelled cards under 768px: each cell shows its column's label
 * (`data-label`) before its content, so no column is lost at 375px.
 */
export function AdminTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <div className="mt-4 md:overflow-hidden md:rounded-xl md:border md:border-border md:bg-surface md:shadow-xs">
      <table aria-label={label} className="block w-full text-sm md:table">
        <thead className="hidden border-b border-border bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase md:table-header-group">
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                className={cn('px-4 py-3 font-medium', c === 'Actions' && 'text-right')}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-border">{children}</tbody>
      </table>
    </div>
  );
}

export function AdminRow({ children, muted }: { children: ReactNode; muted?: boolean }) {
  return (
    <tr
      className={cn(
        'grid gap-2 rounded-xl border border-border bg-surface p-4 shadow-xs md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none',
        muted && 'bg-muted md:bg-muted',
      )}
    >
      {children}
    </tr>
  );
}

export function AdminCell({
  label,
  children,
  className,
  actions,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  actions?: boolean;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        'flex min-w-0 items-start gap-3 md:table-cell md:px-4 md:py-3 md:align-middle',
        'before:w-28 before:shrink-0 before:pt-0.5 before:text-xs before:font-medium before:text-muted-foreground before:content-[attr(data-label)] md:before:hidden',
        actions && 'justify-end border-t border-border pt-2 before:hidden md:border-0 md:pt-3 md:text-right',
        className,
      )}
    >
      {actions ? (
        <div className="flex justify-end gap-1">{children}</div>
      ) : (
        <div className="min-w-0 flex-1">{children}</div>
      )}
    </td>
  );
}

/** The loading, error and empty states every tab shares. */
export function TabState({
  state,
  message,
  onRetry,
  empty,
}: {
  state: 'loading' | 'error' | 'empty';
  message?: string;
  onRetry?: () => void;
  empty?: ReactNode;
}) {
  if (state === 'loading')
    return (
      <div className="mt-4 grid gap-2" aria-label="Loading" role="status">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-14 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  if (state === 'error')
    return (
      <div className="mt-4 rounded-xl border border-destructive/30 bg-destructive/8 p-6 text-sm" role="alert">
        <p className="font-medium text-destructive">{message}</p>
        {onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-md border border-border bg-surface px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Try Again
          </button>
        ) : null}
      </div>
    );
  return (
    <div className="mt-4 rounded-xl border border-dashed border-border p-10 text-center text-sm text-muted-foreground">
      {empty}
    </div>
  );
}
