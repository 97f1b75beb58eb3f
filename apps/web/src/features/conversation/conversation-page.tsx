import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Gavel, Plus, Scissors, SendHorizontal } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { CardHandlers } from '../../components/cards/render-card';
import { Button } from '../../components/ui/button';
import { getSession } from '../../lib/session';
import { usePermissions } from '../../lib/permissions';
import { deleteThreadMessage } from './api/delete-thread-message';
import { getUseCases } from './api/get-use-cases';
import { conversationKeys } from './api/keys';
import { loadMakeDecisionDialog, type DecisionDraft } from '../decisions';

const MakeDecisionDialog = lazy(() =>
  loadMakeDecisionDialog().then((m) => ({ default: m.MakeDecisionDialog })),
);
import { AnalysisName } from './analysis-name';
import { ClipShare } from './clip-share';
import { ConnectionIndicator } from './connection-indicator';
import { giveFeedback } from './feedback';
import { MessageView, type MessageActions } from './message-view';
import { PdfPanel, type OpenPdf } from './pdf-panel';
import { useConversation, type ChatMessage } from './use-conversation';
import { useConversationTitle } from './use-conversation-title';

interface NavState {
  usecase_id?: number;
  useCaseName?: string;
  initialMessage?: string;
  /** Set when a new analysis moves to its thread's URL: the same screen carries on, nothing reloads. */
  conversationKey?: string;
}

const AUTO_SCROLL_PX = 100;

/** /conversation/new, /conversation/:id and /conversation/action/:action/:alertId (spec document 1 §2.7, §4). */
export function ConversationPage() {
  const params = useParams();
  const location = useLocation();
  const state = (location.state ?? {}) as NavState;
  // A new key per visit: opening a conversation (or New Analysis again) starts with fresh state.
  const key = state.conversationKey ?? location.key;
  return <Conversation key={key} conversationKey={key} params={params} state={state} />;
}

function Conversation({
  params,
  state,
  conversationKey,
}: {
  params: Record<string, string | undefined>;
  state: NavState;
  conversationKey: string;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const alertMode = useMemo(
    () => (params.action && params.alertId ? { action: params.action, alertId: params.alertId } : null),
    [params.action, params.alertId],
  );
  const routeThreadId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const [startedNew] = useState(routeThreadId === null);
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
  const { title, thread, rename } = useConversationTitle({
    threadId: convo.threadId,
    startedNew,
    alertAction: alertMode?.action ?? null,
    loadFailed: convo.loadError !== null,
  });
  const [input, setInput] = useState(state.initialMessage ?? '');
  const listRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const alertSent = useRef(false);
  const [clipping, setClipping] = useState(false);
  const { known, can } = usePermissions();
  // Asking Catalyst AI reads data: without data.read the box says so instead of failing on send.
  const mayAsk = !known || can('data.read');
  const [decisionDraft, setDecisionDraft] = useState<DecisionDraft | null>(null);
  const [pdf, setPdf] = useState<OpenPdf | null>(null);
  const [feedbackBusy, setFeedbackBusy] = useState(false);

  // The use case's name; an existing thread answers within its own use case.
  useEffect(() => {
    getUseCases()
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
    if (thread?.usecase_id) setUseCaseId(thread.usecase_id);
  }, [thread?.usecase_id]);

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

  // The first reply creates the thread: the thread list (sidebar, title) learns it even when the
  // sidebar is collapsed, and the URL becomes the thread's — through the router, so the header and
  // the sidebar's highlight follow, on this same screen (conversationKey), without reloading it.
  useEffect(() => {
    if (!convo.threadId || convo.threadId === routeThreadId) return;
    void queryClient.invalidateQueries({ queryKey: conversationKeys.threads });
    if (!alertMode)
      void navigate(`/conversation/${convo.threadId}`, {
        replace: true,
        state: { ...state, conversationKey },
      });
  }, [convo.threadId, routeThreadId, alertMode, navigate, queryClient, state, conversationKey]);

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

  const actions: MessageActions = {
    busy: convo.busy,
    feedbackBusy,
    onFeedback: async (m: ChatMessage, value: 0 | 1) => {
      if (feedbackBusy) return;
      setFeedbackBusy(true);
      const outcome = await giveFeedback({ threadId: convo.threadId, messageId: m.serverId, value });
      setFeedbackBusy(false);
      if (outcome.ok) {
        convo.setMessages((all) => all.map((x) => (x.id === m.id ? { ...x, feedback: value } : x)));
        toast.success(outcome.title, { description: outcome.description });
      } else toast.error(outcome.title, { description: outcome.description });
    },
    onDelete: async (m: ChatMessage) => {
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
    },
    onRegenerate: (m: ChatMessage) => {
      const start = convo.regenerate(m);
      if (start === 'offline')
        toast.error('Regeneration Failed', {
          description: 'Network error occurred while regenerating. Please try again.',
        });
      else if (start === 'unavailable')
        toast.error('Regeneration Error', {
          description: 'Failed to initiate regeneration. Please try again.',
        });
    },
    onRetry: (m: ChatMessage) => {
      nearBottom.current = true;
      convo.retry(m);
    },
    onCancelWaiting: convo.cancelWaiting,
  };
  const waiting = convo.messages.some((m) => m.waiting);

  return (
    <div className="flex h-[calc(100dvh-4rem)]">
      <div className="flex min-w-0 flex-1 flex-col">
        {import.meta.env.DEV && window.location.port !== (import.meta.env.VITE_EXPECTED_PORT ?? '5173') ? (
          <p className="border-b border-amber-500/40 bg-amber-100 px-4 py-2 text-sm text-amber-900 dark:bg-amber-500/15 dark:text-amber-200">
            The application is not running on the expected port (
            {import.meta.env.VITE_EXPECTED_PORT ?? '5173'}
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
          <Button variant="ghost" size="icon" aria-label="Back" onClick={() => void navigate(-1)}>
            <ArrowLeft aria-hidden />
          </Button>
          <nav aria-label="Breadcrumb" className="flex min-w-0 flex-1 items-center gap-2 text-sm">
            {/* On a phone the name needs the room; the back button and the menu lead to Use Cases. */}
            <Link
              to="/use-cases"
              className="hidden shrink-0 text-muted-foreground hover:text-foreground sm:inline"
            >
              Use Cases
            </Link>
            <span className="hidden text-muted-foreground sm:inline" aria-hidden>
              /
            </span>
            <AnalysisName title={title} onRename={rename} />
          </nav>
          <ConnectionIndicator />
          {useCaseName ? (
            <span className="hidden max-w-48 truncate rounded-full bg-primary-soft px-2.5 py-1 text-xs font-medium text-primary md:inline dark:text-accent-foreground">
              {useCaseName}
            </span>
          ) : null}
        </div>

        <div
          ref={listRef}
          className="flex-1 overflow-y-auto"
          data-testid="message-list"
          onScroll={(e) => {
            const el = e.currentTarget;
            nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AUTO_SCROLL_PX;
          }}
        >
          <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:px-6">
            {convo.loadError ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
              >
                {convo.loadError}
              </p>
            ) : null}
            {convo.messages.map((m) => (
              <MessageView key={m.id} message={m} handlers={handlers} actions={actions} />
            ))}
            {convo.busy && !waiting ? (
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
      </div>
      {pdf ? <PdfPanel pdf={pdf} onClose={() => setPdf(null)} /> : null}
      {clipping ? <ClipShare onDone={() => setClipping(false)} /> : null}
      {decisionDraft ? (
        <Suspense fallback={null}>
          <MakeDecisionDialog draft={decisionDraft} onClose={() => setDecisionDraft(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
