import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import type { TUseCase } from '@catalyst/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  Copy,
  Filter,
  LayoutGrid,
  List,
  ListOrdered,
  MessageSquare,
  MoreVertical,
  Pencil,
  Pin,
  PinOff,
  Plus,
  Power,
  RefreshCw,
  Sparkles,
  Archive,
  UserPlus,
  ArrowUpDown,
} from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Page, PageHeader } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { NoAccess } from '../../components/no-access';
import { serverMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { usePermissions } from '../../lib/permissions';
import { archiveUseCase } from './api/archive-use-case';
import { copyUseCase } from './api/copy-use-case';
import { useUseCases } from './api/get-use-cases';
import { useCaseKeys } from './api/keys';
import { setPin } from './api/pin-use-case';
import { setOnboarded } from './api/set-onboarded';
import { AssignUsersDialog } from './assign-users-dialog';
import { statusOf, visibleUseCases, type SortKey, type StatusTab } from './status';

const TABS: { value: StatusTab; label: string }[] = [
  { value: 'all', label: 'All Use Cases' },
  { value: 'active', label: 'Active' },
  { value: 'draft', label: 'Draft' },
  { value: 'archived', label: 'Archived' },
];
const SORTS: { value: SortKey; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'created_at', label: 'Creation Time (Newest)' },
  { value: 'pinned', label: 'Pinned First' },
];
const FILTERS: { value: StatusTab; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active Only' },
  { value: 'draft', label: 'Draft Only' },
  { value: 'archived', label: 'Archived Only' },
];
const BADGE = {
  active: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  draft: 'bg-amber-500/10 text-amber-800 dark:text-amber-400',
  archived: 'bg-muted text-muted-foreground',
} as const;
const message = (e: unknown) => (e instanceof Error ? e.message : undefined);
// Spec document 2 §8 says 'Failed to load use cases. Using mock data.': Catalyst never shows
// sample use cases in place of real ones, so the sentence stops before that claim.

/** /use-cases (spec document 2 §2.1–2.3, §4.1, §4.7). */
export function UseCasesPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { known, can } = usePermissions();
  const writable = can('data.write');
  const list = useUseCases();
  const [tab, setTab] = useState<StatusTab>('all');
  const [sort, setSort] = useState<SortKey>('default');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [archiving, setArchiving] = useState<TUseCase | null>(null);
  const [assigning, setAssigning] = useState<TUseCase | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: useCaseKeys.list });

  const togglePin = async (u: TUseCase) => {
    const patch = (pinned: boolean) =>
      queryClient.setQueryData<TUseCase[]>(useCaseKeys.list, (old) =>
        old?.map((x) => (x.use_case_id === u.use_case_id ? { ...x, pinned } : x)),
      );
    patch(!u.pinned);
    try {
      await setPin(u.use_case_id, !u.pinned);
    } catch {
      patch(u.pinned);
      toast.error('Failed to update pin status. Please try again.');
    }
  };
  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await action();
      toast.success(success);
      await refresh();
    } catch (error) {
      toast.error(failure, { description: serverMessage(error) });
    }
  };
  const analyze = (u: TUseCase, recommendations = false) =>
    void navigate('/conversation/new', {
      state: {
        usecase_id: u.use_case_id,
        useCaseName: u.use_case_name,
        ...(recommendations ? { initialMessage: '' } : {}),
      },
    });

  const items = visibleUseCases(list.data ?? [], tab, sort);

  return (
    <Page>
      <PageHeader
        title="Use Cases"
        description="Manage and configure your data analysis use cases"
        actions={
          <>
            <Button variant="secondary" onClick={() => void refresh()} disabled={list.isFetching}>
              <RefreshCw className={cn(list.isFetching && 'animate-spin')} /> Refresh
            </Button>
            {writable ? (
              <>
                <Button variant="secondary" onClick={() => void navigate('/use-cases/wizard')}>
                  <ListOrdered /> Guided Setup
                </Button>
                <Button onClick={() => void navigate('/use-cases/new')}>
                  <Plus /> New Use Case
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div role="tablist" aria-label="Status" className="flex overflow-x-auto rounded-lg bg-muted p-1">
          {TABS.map((t) => (
            <button
              key={t.value}
              role="tab"
              type="button"
              aria-selected={tab === t.value}
              onClick={() => setTab(t.value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground',
                tab === t.value && 'bg-surface text-foreground shadow-xs',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="sm">
                <ArrowUpDown /> {SORTS.find((s) => s.value === sort)?.label}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {SORTS.map((s) => (
                <DropdownMenuItem key={s.value} onSelect={() => setSort(s.value)}>
                  {s.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="secondary" size="sm" aria-label="Filter">
                <Filter /> {FILTERS.find((f) => f.value === tab)?.label}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {FILTERS.map((f) => (
                <DropdownMenuItem key={f.value} onSelect={() => setTab(f.value)}>
                  {f.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <div className="flex rounded-lg border border-border">
            <Button
              variant={view === 'grid' ? 'subtle' : 'ghost'}
              size="icon"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              onClick={() => setView('grid')}
            >
              <LayoutGrid />
            </Button>
            <Button
              variant={view === 'list' ? 'subtle' : 'ghost'}
              size="icon"
              aria-label="List view"
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              <List />
            </Button>
          </div>
        </div>
      </div>

      {known && !can('data.read') ? (
        <NoAccess permission="data.read" what="Seeing use cases" />
      ) : list.isLoading ? (
        <div className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-label="Loading use cases">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-44 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
      ) : list.isError ? (
        <Card className="mt-6 p-8 text-center">
          <p className="font-medium">Failed to load use cases.</p>
          <p className="mt-1 text-sm text-muted-foreground">{message(list.error)}</p>
          <Button className="mt-4" variant="secondary" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : items.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center p-10 text-center">
          <BarChart3 className="size-10 text-muted-foreground" />
          <p className="mt-3 text-lg font-medium">No use cases yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Create your first use case to get started with data analysis
          </p>
          {writable ? (
            <Button className="mt-4" onClick={() => void navigate('/use-cases/new')}>
              <Plus /> Create Use Case
            </Button>
          ) : null}
        </Card>
      ) : (
        <ul
          className={cn('mt-6 grid grid-cols-1 gap-4', view === 'grid' && 'md:grid-cols-2 lg:grid-cols-3')}
          aria-label="Use cases"
        >
          {items.map((u) => {
            const status = statusOf(u);
            return (
              <li key={u.use_case_id} className="min-w-0">
                <Card
                  className={cn(
                    'flex h-full gap-3 p-5',
                    view === 'grid' ? 'flex-col' : 'flex-col sm:flex-row sm:items-center',
                  )}
                  data-testid="use-case-card"
                >
                  <div className="flex items-start gap-3 sm:min-w-0 sm:flex-1">
                    <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <BarChart3 className="size-5" />
                    </div>
                    <div className="min-w-0 flex-1">
                      <div className="flex items-center gap-2">
                        <span
                          className={cn(
                            'rounded-full px-2 py-0.5 text-xs font-medium capitalize',
                            BADGE[status],
                          )}
                        >
                          {status}
                        </span>
                      </div>
                      <h2 className="mt-1 truncate font-semibold">{u.use_case_name}</h2>
                      <p className="line-clamp-2 text-sm text-muted-foreground">
                        {u.use_case_desc || 'No description'}
                      </p>
                      <p className="mt-1 text-xs text-muted-foreground">
                        {u.category} · {u.tool_count} {u.tool_count === 1 ? 'tool' : 'tools'}
                      </p>
                    </div>
                    {writable ? (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={u.pinned ? 'Unpin use case' : 'Pin use case'}
                        aria-pressed={u.pinned}
                        onClick={() => void togglePin(u)}
                      >
                        {u.pinned ? <PinOff className="text-primary" /> : <Pin />}
                      </Button>
                    ) : null}
                    <DropdownMenu>
                      <DropdownMenuTrigger asChild>
                        <Button variant="ghost" size="icon" aria-label={`Actions for ${u.use_case_name}`}>
                          <MoreVertical />
                        </Button>
                      </DropdownMenuTrigger>
                      <DropdownMenuContent align="end">
                        <DropdownMenuItem onSelect={() => void navigate(`/use-cases/${u.use_case_id}`)}>
                          <Pencil /> {writable ? 'Edit Use Case' : 'View Use Case'}
                        </DropdownMenuItem>
                        {writable ? (
                          <DropdownMenuItem
                            onSelect={() =>
                              void run(
                                () => copyUseCase(u.use_case_id),
                                'Use case copied',
                                'Failed to copy use case. Please try again.',
                              )
                            }
                          >
                            <Copy /> Copy Use Case
                          </DropdownMenuItem>
                        ) : null}
                        <DropdownMenuItem
                          onSelect={() => void navigate(`/recent-conversations?useCase=${u.use_case_id}`)}
                        >
                          <MessageSquare /> Recent Conversations
                        </DropdownMenuItem>
                        {writable ? (
                          <DropdownMenuItem onSelect={() => setAssigning(u)}>
                            <UserPlus /> Assign to User
                          </DropdownMenuItem>
                        ) : null}
                        <DropdownMenuItem onSelect={() => analyze(u, true)}>
                          <Sparkles /> Recommendations
                        </DropdownMenuItem>
                        {writable && status !== 'archived' ? (
                          <DropdownMenuItem
                            onSelect={() =>
                              void run(
                                () => setOnboarded(u.use_case_id, status === 'draft'),
                                status === 'draft' ? 'Use case activated' : 'Use case deactivated',
                                status === 'draft'
                                  ? 'Failed to activate use case. Please try again.'
                                  : 'Failed to deactivate use case. Please try again.',
                              )
                            }
                          >
                            <Power /> {status === 'draft' ? 'Activate' : 'Deactivate'}
                          </DropdownMenuItem>
                        ) : null}
                        {writable && status !== 'archived' ? (
                          <>
                            <DropdownMenuSeparator />
                            <DropdownMenuItem variant="destructive" onSelect={() => setArchiving(u)}>
                              <Archive /> Archive
                            </DropdownMenuItem>
                          </>
                        ) : null}
                      </DropdownMenuContent>
                    </DropdownMenu>
                  </div>
                  <Button
                    className={cn(view === 'grid' && 'mt-auto w-full')}
                    variant="secondary"
                    onClick={() => analyze(u)}
                  >
                    Analyze
                  </Button>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={archiving !== null}
        title="Archive Use Case"
        description={`Are you sure you want to archive "${archiving?.use_case_name ?? ''}"? You can restore it later from the Archived tab.`}
        confirmLabel="Archive"
        onConfirm={() => {
          const u = archiving;
          setArchiving(null);
          if (u)
            void run(
              () => archiveUseCase(u.use_case_id),
              'Use case archived',
              'Failed to archive use case. Please try again.',
            );
        }}
        onCancel={() => setArchiving(null)}
      />
      {assigning ? <AssignUsersDialog useCase={assigning} onClose={() => setAssigning(null)} /> : null}
    </Page>
  );
}
