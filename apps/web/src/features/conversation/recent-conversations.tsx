import { useQueryClient } from '@tanstack/react-query';
import { MoreHorizontal, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { getSocket } from '../../lib/socket';
import { useThreads } from './api/get-threads';
import { conversationKeys } from './api/keys';
import type { ThreadRow } from './thread-dialogs';

// The thread dialogs (and their forms' validation) load when one is opened, not with the sidebar
// every page shows.
const RenameThreadDialog = lazy(() =>
  import('./thread-dialogs').then((m) => ({ default: m.RenameThreadDialog })),
);
const DeleteThreadDialog = lazy(() =>
  import('./thread-dialogs').then((m) => ({ default: m.DeleteThreadDialog })),
);
const ShareThreadDialog = lazy(() =>
  import('./thread-dialogs').then((m) => ({ default: m.ShareThreadDialog })),
);
import { threadLabel } from './thread-label';

type OpenDialog = { kind: 'rename' | 'delete' | 'share'; thread: ThreadRow } | null;

/** The sidebar's recent conversations (spec document 1 §2.2–2.3): search, rows, one thread dialog at a time. */
export function RecentConversations({ onNavigate }: { onNavigate?: () => void }) {
  const queryClient = useQueryClient();
  const threads = useThreads();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.threads });

  useEffect(() => {
    const socket = getSocket();
    const onChange = () => void queryClient.invalidateQueries({ queryKey: conversationKeys.threads });
    // Changes made while the socket was down were not announced: reload the list on reconnecting
    // (not on the first connect, which comes just after the list was loaded).
    let connectedBefore = socket.connected;
    const onConnect = () => {
      if (connectedBefore) onChange();
      connectedBefore = true;
    };
    socket.on('threads-changed', onChange);
    socket.on('connect', onConnect);
    return () => {
      socket.off('threads-changed', onChange);
      socket.off('connect', onConnect);
    };
  }, [queryClient]);

  // A failed load says so (not "No threads found"); a failed refresh keeps the list it had.
  const failed = threads.isError && !threads.data;
  const all = threads.data ?? [];
  const list = all.filter((t) => threadLabel(t).toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <section className="mt-6 border-t border-sidebar-border pt-4" aria-label="Recent conversations">
      <p className="px-2 text-[11px] font-semibold tracking-wider text-muted-foreground">RECENT</p>
      <label className="relative mt-2 block px-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-3.5 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          className="h-8 w-full rounded-md border border-input bg-background pr-2 pl-8 text-[13px] outline-none focus-visible:ring-2 focus-visible:ring-ring"
          placeholder="Search conversations..."
          aria-label="Search conversations"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      {/* One column no wider than the sidebar: a long name is cut with an ellipsis, never widens the row. */}
      <ul className="mt-2 grid grid-cols-1 gap-0.5">
        {failed ? (
          <li className="px-2 py-1.5 text-[13px] text-destructive">
            Failed to load conversations.{' '}
            <button type="button" className="underline" onClick={() => void threads.refetch()}>
              Try again
            </button>
          </li>
        ) : list.length === 0 && !threads.isLoading ? (
          <li className="px-2 py-1.5 text-[13px] text-muted-foreground">
            {search.trim() ? 'No conversations found' : 'No threads found'}
          </li>
        ) : null}
        {list.slice(0, 50).map((t) => (
          <li key={t.thread_id} className="group relative min-w-0">
            <NavLink
              to={`/conversation/${t.thread_id}`}
              onClick={onNavigate}
              title={threadLabel(t)}
              className={({ isActive }) =>
                cn(
                  'block truncate rounded-md py-1.5 pr-8 pl-2 text-[13px] hover:bg-muted',
                  isActive ? 'bg-muted font-medium text-foreground' : 'text-muted-foreground',
                )
              }
            >
              {threadLabel(t)}
            </NavLink>
            {t.is_owner ? (
              <DropdownMenu>
                <DropdownMenuTrigger
                  aria-label={`Thread actions for ${threadLabel(t)}`}
                  className="absolute top-1/2 right-1 grid size-6 -translate-y-1/2 place-items-center rounded opacity-0 group-hover:opacity-100 hover:bg-background focus-visible:opacity-100 data-[state=open]:opacity-100 pointer-coarse:opacity-100"
                >
                  <MoreHorizontal className="size-4" aria-hidden />
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem onSelect={() => setDialog({ kind: 'rename', thread: t })}>
                    Rename Thread
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setDialog({ kind: 'delete', thread: t })}>
                    Delete Thread
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    onSelect={() => {
                      if (t.usecase_id === null)
                        console.error('a thread without a use case cannot be shared');
                      else setDialog({ kind: 'share', thread: t });
                    }}
                  >
                    Share Thread
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {dialog?.kind === 'rename' ? (
          <RenameThreadDialog thread={dialog.thread} onClose={() => setDialog(null)} onDone={refresh} />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <DeleteThreadDialog thread={dialog.thread} onClose={() => setDialog(null)} onDone={refresh} />
        ) : null}
        {dialog?.kind === 'share' ? (
          <ShareThreadDialog thread={dialog.thread} onClose={() => setDialog(null)} />
        ) : null}
      </Suspense>
    </section>
  );
}
