import {
  ArrowLeft,
  Bot,
  Check,
  Gavel,
  Pencil,
  Plus,
  RefreshCw,
  Scissors,
  SendHorizontal,
  ThumbsDown,
  ThumbsUp,
  Trash2,
  User,
  X,
} from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { RenderCard, type CardHandlers } from '../../components/cards/render-card';
import { Button } from '../../components/ui/button';
import { getSession } from '../../lib/session';
import { usePermissions } from '../../lib/permissions';
import { deleteThreadMessage, fetchThreads, fetchUseCases, sendFeedback } from './api';
import { MakeDecisionDialog, type DecisionDraft } from '../decisions/make-decision-dialog';
import { ClipShare } from './clip-share';
import { useConversation, type ChatMessage } from './use-conversation';

interface NavState {
  usecase_id?: number;
  useCaseName?: string;
  initialMessage?: string;
}

const AUTO_SCROLL_PX = 100;

/** /conversation/new, /conversation/:id and /conversation/action/:action/:alertId (spec document 1 §2.7, §4). */
export function ConversationPage() {
  const params = useParams();
  const location = useLocation();
  // A new key per route: a different thread starts with fresh state.
  return (
    <Conversation key={`${location.pathname}`} params={params} state={(location.state ?? {}) as NavState} />
  );
}

function Conversation({ params, state }: { params: Record<string, string | undefined>; state: NavState }) {
  const navigate = useNavigate();
  const alertMode = useMemo(
    () => (params.action && params.alertId ? { action: params.action, alertId: params.alertId } : null),
    [params.action, params.alertId],
  );
  const routeThreadId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const [useCaseId, setUseCaseId] = useState<number | null>(
    state.usecase_id ?? getSession()?.user.defaultUseCaseId ?? null,
  );
  const [useCaseName, setUseCaseName] = useState<string | null>(state.useCaseName ?? null);
  const firstName = getSession()?.user.firstName;
  const welcome =
    routeThreadId || alertMode
      ? null
      : `Hello${firstName ? ` ${firstName}` : ''}! I'm Catalyst AI. Ask me about ${state.useCaseName ?? 'your data'}: totals, trends, breakdowns, comparisons, top lists.`;
  const convo = useConversation({ threadId: routeThreadId, useCaseId, welcome });
  const [title, setTitle] = useState<string>(
    alertMode
      ? alertMode.action === 'explore'
        ? 'Exploration'
        : 'Investigation'
      : routeThreadId
        ? 'Conversation'
        : 'New Analysis',
  );
  const [editing, setEditing] = useState(false);
  const [draftTitle, setDraftTitle] = useState('');
  const [input, setInput] = useState(state.initialMessage ?? '');
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const alertSent = useRef(false);
  const [clipping, setClipping] = useState(false);
  const { known, can } = usePermissions();
  // Asking Catalyst AI reads data: without data.read the box says so instead of failing on send.
  const mayAsk = !known || can('data.read');
  const [decisionDraft, setDecisionDraft] = useState<DecisionDraft | null>(null);
  const [pdf, setPdf] = useState<{ url: string; page: number; title: string } | null>(null);

  // Names: the use case's, and for an existing thread its own (else "Created at …").
  useEffect(() => {
    fetchUseCases()
      .then((all) => {
        const match = all.find((u) => u.use_case_id === useCaseId);
        if (match) setUseCaseName(match.use_case_name);
        else if (useCaseId === null && all[0]) {
          setUseCaseId(all[0].use_case_id);
          setUseCaseName(all[0].use_case_name);
        }
      })
      .catch(() => setUseCaseName((n) => n ?? 'Default Use Case'));
  }, [useCaseId]);
  useEffect(() => {
    if (!routeThreadId) return;
    const timer = setTimeout(() => {
      fetchThreads()
        .then((threads) => {
          const t = threads.find((x) => x.thread_id === routeThreadId);
          if (!t) return;
          if (t.usecase_id) setUseCaseId(t.usecase_id);
          setTitle(
            t.thread_name ??
              `Created at ${new Date(t.insert_ts).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false })}`,
          );
        })
        .catch(() => setTitle('Error'));
    }, 500);
    return () => clearTimeout(timer);
  }, [routeThreadId]);

  // An alert conversation asks for the investigation with an empty message, 500 ms after opening.
  useEffect(() => {
    if (!alertMode || alertSent.current) return;
    alertSent.current = true;
    const timer = setTimeout(
      () => convo.send('', { alertId: alertMode.alertId, action: alertMode.action }),
      500,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per alert route
  }, []);

  // The first reply of a new thread names it: the URL follows without reloading the conversation.
  useEffect(() => {
    if (convo.threadId && !routeThreadId && !alertMode)
      window.history.replaceState(window.history.state, '', `/conversation/${convo.threadId}`);
  }, [convo.threadId, routeThreadId, alertMode]);

  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [convo.messages]);

  const submit = () => {
    const text = input.trim();
    if (!text || convo.busy) return;
    nearBottom.current = true;
    convo.send(text);
    setInput('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  const handlers: CardHandlers = useMemo(
    () => ({
      onAsk: (question: string) => {
        nearBottom.current = true;
        convo.send(question);
      },
      onOpenPdf: (url: string, page: number, pdfTitle: string) => setPdf({ url, page, title: pdfTitle }),
      onAction: (label: string, context?: Record<string, string>) => {
        if (label !== 'Make Decision') return;
        const alertId =
          context?.alertId ?? (alertMode ? `rec-${alertMode.alertId.replace(/^rec-/, '')}` : undefined);
        setDecisionDraft({
          alertId,
          alertTitle: context?.alertTitle,
          useCaseId: context?.useCaseId ? Number(context.useCaseId) : useCaseId,
        });
      },
    }),
    [convo, alertMode, useCaseId],
  );

  const onFeedback = async (m: ChatMessage, value: 0 | 1) => {
    if (!convo.threadId || !m.serverId) {
      toast.error('Error', { description: 'Unable to submit feedback: Thread ID is missing' });
      return;
    }
    try {
      await sendFeedback({ message_id: m.serverId, thread_id: convo.threadId, feedback: value });
      convo.setMessages((all) => all.map((x) => (x.id === m.id ? { ...x, feedback: value } : x)));
      toast.success('Feedback Submitted', {
        description: value === 1 ? 'Thank you for your positive feedback!' : 'Thank you for your feedback!',
      });
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to submit feedback',
      });
    }
  };
  const onDelete = async (m: ChatMessage) => {
    if (!convo.threadId || !m.serverId) return;
    const before = convo.messages;
    convo.setMessages((all) => all.filter((x) => x.serverId !== m.serverId));
    try {
      const res = await deleteThreadMessage({ thread_id: convo.threadId, message_id: m.serverId });
      if (res.status !== 'Success') throw new Error('not deleted');
    } catch {
      convo.setMessages(before);
      toast.error('Error', { description: 'The message could not be deleted.' });
    }
  };
  const onRegenerate = (m: ChatMessage) => {
    if (!convo.regenerate(m))
      toast.error('Regeneration Error', {
        description: 'Failed to initiate regeneration. Please try again.',
      });
  };

  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col">
      {import.meta.env.DEV && window.location.port !== (import.meta.env.VITE_EXPECTED_PORT ?? '5173') ? (
        <p className="border-b border-amber-500/40 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
          The application is not running on the expected port ({import.meta.env.VITE_EXPECTED_PORT ?? '5173'}
          ). WebSocket connections may fail.{' '}
          <a
            className="underline"
            href={`${window.location.protocol}//${window.location.hostname}:${import.meta.env.VITE_EXPECTED_PORT ?? '5173'}${window.location.pathname}`}
          >
            Switch to the expected port
          </a>
        </p>
      ) : null}
      <div className="flex items-center gap-2 border-b border-border px-4 py-2.5 sm:px-6">
        <Button variant="ghost" size="icon" aria-label="Back" onClick={() => navigate(-1)}>
          <ArrowLeft aria-hidden />
        </Button>
        <nav aria-label="Breadcrumb" className="flex min-w-0 items-center gap-2 text-sm">
          <Link to="/use-cases" className="text-muted-foreground hover:text-foreground">
            Use Cases
          </Link>
          <span className="text-muted-foreground">/</span>
          {editing ? (
            <span className="flex items-center gap-1">
              <input
                autoFocus
                aria-label="Analysis name"
                className="h-8 rounded-md border border-input bg-surface px-2 text-sm"
                value={draftTitle}
                onChange={(e) => setDraftTitle(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && draftTitle.trim()) {
                    setTitle(draftTitle.trim());
                    setEditing(false);
                  } else if (e.key === 'Escape') setEditing(false);
                }}
              />
              <Button
                size="icon"
                variant="ghost"
                aria-label="Save name"
                disabled={!draftTitle.trim()}
                onClick={() => (setTitle(draftTitle.trim()), setEditing(false))}
              >
                <Check aria-hidden />
              </Button>
              <Button size="icon" variant="ghost" aria-label="Cancel" onClick={() => setEditing(false)}>
                <X aria-hidden />
              </Button>
            </span>
          ) : (
            // The analysis's name is the page's heading; clicking it renames the analysis.
            <h1 className="flex min-w-0 text-sm">
              <button
                type="button"
                className="group inline-flex min-w-0 items-center gap-1.5 font-medium"
                onClick={() => (setDraftTitle(title), setEditing(true))}
              >
                <span className="truncate">{title}</span>
                <Pencil
                  className="size-3.5 text-muted-foreground opacity-0 group-hover:opacity-100"
                  aria-hidden
                />
              </button>
            </h1>
          )}
        </nav>
        {useCaseName ? (
          <span className="ml-auto hidden rounded-full bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary sm:inline dark:text-accent-foreground">
            {useCaseName}
          </span>
        ) : null}
      </div>

      <div
        ref={listRef}
        className="flex-1 overflow-y-auto"
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AUTO_SCROLL_PX;
        }}
      >
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6">
          {convo.loadError ? (
            <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {convo.loadError}
            </p>
          ) : null}
          {convo.messages.map((m) => (
            <MessageView
              key={m.id}
              message={m}
              handlers={handlers}
              busy={convo.busy}
              onFeedback={onFeedback}
              onDelete={onDelete}
              onRegenerate={onRegenerate}
            />
          ))}
          {convo.busy ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Catalyst AI is thinking...
            </p>
          ) : null}
        </div>
      </div>

      <div className="border-t border-border bg-surface/80 px-4 py-3 sm:px-6">
        <div className="mx-auto flex w-full max-w-4xl flex-col gap-2">
          <div className="flex items-end gap-2">
            <textarea
              aria-label="Message"
              placeholder={
                mayAsk
                  ? 'Type a message'
                  : 'Asking Catalyst AI needs the data.read permission (Data read). Ask an administrator.'
              }
              rows={1}
              className="max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-background px-3 py-2 text-sm leading-6 outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
              value={input}
              disabled={convo.busy || !mayAsk}
              onChange={(e) => {
                setInput(e.target.value);
                e.currentTarget.style.height = 'auto';
                e.currentTarget.style.height = `${Math.min(160, e.currentTarget.scrollHeight)}px`;
              }}
              onKeyDown={onKeyDown}
            />
            <Button
              aria-label="Send"
              size="icon"
              disabled={!input.trim() || convo.busy || !mayAsk}
              onClick={submit}
              className="size-10"
            >
              <SendHorizontal aria-hidden />
            </Button>
          </div>
          <div className="flex flex-wrap gap-2">
            {can('data.write') ? (
              <Button asChild size="sm" variant="secondary">
                <Link to="/use-cases/new">
                  <Plus aria-hidden /> New Use Case
                </Link>
              </Button>
            ) : null}
            {can('reports.view') ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => handlers.onAction?.('Make Decision', undefined)}
              >
                <Gavel aria-hidden /> Make Decision
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => setClipping(true)}>
              <Scissors aria-hidden /> Clip & Share
            </Button>
          </div>
        </div>
      </div>
      {clipping ? <ClipShare onDone={() => setClipping(false)} /> : null}
      {decisionDraft ? (
        <MakeDecisionDialog draft={decisionDraft} onClose={() => setDecisionDraft(null)} />
      ) : null}
      {pdf ? (
        <aside
          className="fixed inset-y-0 right-0 z-40 flex w-full max-w-[500px] flex-col border-l border-border bg-surface shadow-xl"
          aria-label="Document"
        >
          <div className="flex items-center gap-2 border-b border-border p-3">
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{pdf.title}</span>
            <Button size="icon" variant="ghost" aria-label="Close document" onClick={() => setPdf(null)}>
              <X aria-hidden />
            </Button>
          </div>
          <iframe title={pdf.title} src={`${pdf.url}#page=${pdf.page}`} className="flex-1" />
        </aside>
      ) : null}
    </div>
  );
}

function MessageView({
  message: m,
  handlers,
  busy,
  onFeedback,
  onDelete,
  onRegenerate,
}: {
  message: ChatMessage;
  handlers: CardHandlers;
  busy: boolean;
  onFeedback: (m: ChatMessage, v: 0 | 1) => void;
  onDelete: (m: ChatMessage) => void;
  onRegenerate: (m: ChatMessage) => void;
}) {
  if (m.type === 'user') {
    return (
      <div className="flex justify-end gap-2">
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-sm leading-6 whitespace-pre-wrap text-primary-foreground">
          {m.content}
        </div>
        <span
          className="mt-1 hidden size-7 shrink-0 place-items-center rounded-full bg-muted sm:grid"
          aria-hidden
        >
          <User className="size-4" />
        </span>
      </div>
    );
  }
  const done = !m.streaming && !m.isLoading && m.serverId !== null;
  return (
    <div className="flex gap-2" data-testid="assistant-message">
      <span
        className="mt-1 hidden size-7 shrink-0 place-items-center rounded-full bg-primary-soft text-primary sm:grid dark:text-accent-foreground"
        aria-hidden
      >
        <Bot className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        {m.loaderText ? <p className="animate-pulse text-sm text-muted-foreground">{m.loaderText}</p> : null}
        {m.content && (m.isError || m.cards.length === 0 || m.serverId === null) ? (
          <p
            className={
              m.isError
                ? 'rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive'
                : 'text-sm leading-6'
            }
          >
            {m.content}
          </p>
        ) : null}
        {m.cards.map((card, i) => (
          <RenderCard key={`${card.type}-${String(card.data.id ?? i)}`} card={card} handlers={handlers} />
        ))}
        {done ? (
          <div className="flex items-center gap-1 text-muted-foreground">
            <Button
              size="icon"
              variant="ghost"
              aria-label="Like"
              aria-pressed={m.feedback === 1}
              onClick={() => onFeedback(m, 1)}
              className={m.feedback === 1 ? 'text-primary' : undefined}
            >
              <ThumbsUp aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Dislike"
              aria-pressed={m.feedback === 0}
              onClick={() => onFeedback(m, 0)}
              className={m.feedback === 0 ? 'text-primary' : undefined}
            >
              <ThumbsDown aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Regenerate"
              disabled={busy}
              onClick={() => onRegenerate(m)}
            >
              <RefreshCw aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Delete"
              disabled={busy}
              onClick={() => onDelete(m)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
