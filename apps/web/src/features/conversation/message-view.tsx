import { Bot, RefreshCw, RotateCcw, ThumbsDown, ThumbsUp, Trash2, User } from 'lucide-react';
import { RenderCard, type CardHandlers } from '../../components/cards/render-card';
import { Button } from '../../components/ui/button';
import type { ChatMessage } from './use-conversation';

export interface MessageActions {
  /** A question is being answered (or waits to be sent): nothing else may start. */
  busy: boolean;
  /** A like or dislike is being saved: only one at a time (spec document 1 §5). */
  feedbackBusy: boolean;
  onFeedback: (m: ChatMessage, v: 0 | 1) => void;
  onDelete: (m: ChatMessage) => void;
  onRegenerate: (m: ChatMessage) => void;
  onRetry: (m: ChatMessage) => void;
  onCancelWaiting: () => void;
}

/** One message of the conversation: the user's question, or Catalyst AI's answer with its cards and actions. */
export function MessageView({
  message: m,
  handlers,
  actions,
}: {
  message: ChatMessage;
  handlers: CardHandlers;
  actions: MessageActions;
}) {
  if (m.type === 'user') {
    return (
      <div className="flex justify-end gap-2">
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-4 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap text-primary-foreground">
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
  const retryable = m.isError && !m.streaming && (m.serverId !== null || m.ask !== undefined);
  return (
    <div className="flex gap-2" data-testid="assistant-message">
      <span
        className="mt-1 hidden size-7 shrink-0 place-items-center rounded-full bg-primary-soft text-primary sm:grid dark:text-accent-foreground"
        aria-hidden
      >
        <Bot className="size-4" />
      </span>
      <div className="min-w-0 flex-1 space-y-3">
        {m.waiting ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
            <span>
              Waiting for the connection: your question will be sent as soon as Catalyst is reachable again.
            </span>
            <Button size="sm" variant="secondary" onClick={actions.onCancelWaiting}>
              Cancel
            </Button>
          </div>
        ) : null}
        {m.loaderText ? <p className="animate-pulse text-sm text-muted-foreground">{m.loaderText}</p> : null}
        {m.content && (m.isError || m.cards.length === 0 || m.serverId === null) ? (
          <p
            role={m.isError ? 'alert' : undefined}
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
        {retryable ? (
          <Button size="sm" variant="secondary" disabled={actions.busy} onClick={() => actions.onRetry(m)}>
            <RotateCcw aria-hidden /> Retry
          </Button>
        ) : null}
        {done ? (
          <div className="flex items-center gap-1 text-muted-foreground">
            <Button
              size="icon"
              variant="ghost"
              aria-label="Like"
              aria-pressed={m.feedback === 1}
              disabled={actions.busy || actions.feedbackBusy}
              onClick={() => actions.onFeedback(m, 1)}
              className={m.feedback === 1 ? 'text-primary' : undefined}
            >
              <ThumbsUp aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Dislike"
              aria-pressed={m.feedback === 0}
              disabled={actions.busy || actions.feedbackBusy}
              onClick={() => actions.onFeedback(m, 0)}
              className={m.feedback === 0 ? 'text-primary' : undefined}
            >
              <ThumbsDown aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Regenerate"
              disabled={actions.busy}
              onClick={() => actions.onRegenerate(m)}
            >
              <RefreshCw aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Delete"
              disabled={actions.busy}
              onClick={() => actions.onDelete(m)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
