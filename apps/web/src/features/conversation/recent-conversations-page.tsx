import { ArrowLeft, MessageSquarePlus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page, PageHeader } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDateTime, formatTimeAgo, HOUR } from '../../lib/format';
import { useRecentThreads } from './api/get-recent-threads';
import { useUseCases } from './api/get-use-cases';
import { threadLabel } from './thread-label';

type Tab = 'all' | 'active' | 'completed' | 'draft';

/** Conversation status from its message count (spec document 3 §4): >10 completed, 1–10 active, 0 draft. */
export function conversationStatus(messageCount: number): Exclude<Tab, 'all'> {
  if (messageCount > 10) return 'completed';
  if (messageCount >= 1) return 'active';
  return 'draft';
}

/** /recent-conversations[?useCase=ID] (spec document 3). */
export function RecentConversationsPage() {
  const [params] = useSearchParams();
  const useCaseId =
    params.get('useCase') && /^\d+$/.test(params.get('useCase')!) ? Number(params.get('useCase')) : null;
  const threads = useRecentThreads(useCaseId);
  const useCases = useUseCases({ enabled: useCaseId !== null });
  const useCaseName = useCases.data?.find((u) => u.use_case_id === useCaseId)?.use_case_name;
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const list = (threads.data ?? []).filter(
    (t) =>
      (tab === 'all' || conversationStatus(t.message_count) === tab) &&
      threadLabel(t).toLowerCase().includes(search.trim().toLowerCase()),
  );
  return (
    <Page>
      <Link
        to="/use-cases"
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Use Cases
      </Link>
      <div className="mt-3">
        <PageHeader
          title="Recent Conversations"
          description={
            useCaseId
              ? (useCaseName ?? 'Loading use case…')
              : 'Every analysis you started or that was shared with you.'
          }
          actions={
            <Button asChild>
              <Link
                to="/conversation/new"
                state={useCaseId ? { usecase_id: useCaseId, useCaseName } : undefined}
              >
                <MessageSquarePlus aria-hidden /> New Analysis
              </Link>
            </Button>
          }
        />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <label className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <input
            aria-label="Search conversations"
            placeholder="Search conversations..."
            className="h-10 w-full rounded-md border border-input bg-surface pr-3 pl-9 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <div role="tablist" aria-label="Status" className="flex gap-1 rounded-lg bg-muted p-1">
          {(['all', 'active', 'completed', 'draft'] as const).map((t) => (
            <button
              key={t}
              role="tab"
              aria-selected={tab === t}
              type="button"
              onClick={() => setTab(t)}
              className={`rounded-md px-3 py-1.5 text-sm capitalize ${tab === t ? 'bg-surface font-medium shadow-xs' : 'text-muted-foreground'}`}
            >
              {t}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-6">
        {threads.isLoading ? (
          <p className="text-sm text-muted-foreground">Loading conversations…</p>
        ) : threads.isError ? (
          <Card className="p-8 text-center text-sm" role="alert">
            <p className="text-destructive">Failed to load conversations. Please try again.</p>
            <Button className="mt-3" variant="secondary" size="sm" onClick={() => void threads.refetch()}>
              Try again
            </Button>
          </Card>
        ) : list.length === 0 ? (
          <Card className="p-8 text-center text-sm text-muted-foreground">No conversations found</Card>
        ) : (
          <ul className="grid gap-2">
            {list.map((t) => (
              <li key={t.thread_id}>
                <Link
                  to={`/conversation/${t.thread_id}`}
                  className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs hover:border-primary/40"
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{threadLabel(t)}</span>
                  <span className="text-xs text-muted-foreground">
                    {t.use_case_name ?? 'No use case'} · {t.message_count} message
                    {t.message_count === 1 ? '' : 's'} · {t.user_name} ·{' '}
                    <time dateTime={t.creation_ts} title={formatDateTime(t.creation_ts)}>
                      {formatTimeAgo(t.creation_ts, { justNowUnder: HOUR })}
                    </time>
                  </span>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs capitalize">
                    {conversationStatus(t.message_count)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
