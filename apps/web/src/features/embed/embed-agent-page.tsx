import { ZSocketMessage } from '@catalyst/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Bot, SendHorizontal } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { RenderCard } from '../../components/cards/render-card';
import { LogoMark } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useEmbedUseCase } from './api/get-embed-use-case';
import { decodeAgentConfig } from '../../lib/embed';
import { filledAs } from '../../lib/form';
import { useSession } from '../../lib/use-session';
import { useEmbedChat, type EmbedMessage } from './use-embed-chat';

/**
 * /embed/agent/:useCaseId?config=… — the page the embed code frames (spec document 2 §2.4).
 *
 * Authentication is the app's own, unchanged: the frame talks to Catalyst AI only with the
 * viewer's Catalyst session (the token Catalyst keeps in its own storage, as every call does),
 * and the server applies the same permission (data.read) and organisation rules as in the app —
 * a use case of another organisation is "not available". There are no anonymous or public
 * agents: a frame would otherwise open an organisation's data to whoever loads the host page.
 * Nor does the frame ask for a password (credentials typed into a frame on someone else's page
 * cannot be told from phishing): a viewer without a session gets a link that opens Catalyst's
 * own sign-in in a new tab. Browsers share that session with frames on the same site (an
 * intranet portal embedding catalyst.example.com from portal.example.com); on other sites they
 * partition storage, so there the frame asks the viewer to use Catalyst directly.
 */
export function EmbedAgentPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const useCaseId = params.useCaseId && /^\d+$/.test(params.useCaseId) ? Number(params.useCaseId) : null;
  const config = decodeAgentConfig(search.get('config'));
  const session = useSession();
  const name = config.agentName.trim() || 'AI Assistant';
  useEffect(() => {
    document.title = `${name} · Catalyst AI`;
  }, [name]);

  return (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <header className="flex items-center gap-2 border-b border-border px-3 py-2">
        <LogoMark className="size-7" />
        <div className="min-w-0">
          <h1 className="truncate text-sm font-semibold" data-testid="embed-agent-name">
            {name}
          </h1>
          <p className="truncate text-xs text-muted-foreground">
            {config.description.trim() || 'Catalyst AI'}
          </p>
        </div>
      </header>
      {useCaseId === null ? (
        <Notice title="This embed code is incomplete">Copy it again from the use case's Agents tab.</Notice>
      ) : !session ? (
        <Notice title={`Sign in to Catalyst to chat with ${name}`}>
          <p>The assistant answers from your organisation's data, so it needs your Catalyst session.</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            <Button asChild size="sm">
              <a href="/login" target="_blank" rel="noopener">
                Open Catalyst sign-in
              </a>
            </Button>
            <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
              Try again
            </Button>
          </div>
        </Notice>
      ) : (
        <EmbedChat useCaseId={useCaseId} welcome={config.welcomeMessage} />
      )}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid flex-1 place-items-center p-6 text-center" role="status">
      <div className="max-w-xs text-sm text-muted-foreground">
        <p className="mb-2 font-medium text-foreground">{title}</p>
        {children}
      </div>
    </div>
  );
}

/** A question is the socket message's text (ZSocketMessage), not blank, sent trimmed. */
const ZQuestionForm = ZSocketMessage.pick({ message: true }).extend({
  message: filledAs(ZSocketMessage.shape.message.unwrap(), 'Type a message').transform((text) => text.trim()),
});

function EmbedChat({ useCaseId, welcome }: { useCaseId: number; welcome: string }) {
  const useCase = useEmbedUseCase(useCaseId);
  const { messages, busy, offline, send } = useEmbedChat(useCaseId, welcome);
  const { register, control, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(ZQuestionForm),
    defaultValues: { message: '' },
  });
  const text = useWatch({ control, name: 'message' });
  // Blank text just keeps Send off; other failed rules (the length) are said.
  const problem = text.trim() ? formState.errors.message?.message : undefined;
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // In braces: newer browsers return a promise from scrollIntoView, and an effect must not.
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  if (useCase.isLoading) return <Notice title="Loading…">Connecting to Catalyst AI.</Notice>;
  if (useCase.isError)
    return (
      <Notice title="This assistant is not available to you">
        {useCase.error instanceof ApiError && useCase.error.status >= 500
          ? 'Catalyst could not load it. Please try again later.'
          : 'Its use case does not exist or belongs to another organisation.'}
      </Notice>
    );
  const submit = handleSubmit(({ message }) => {
    if (busy) return;
    send(message);
    reset();
  });
  return (
    <>
      <p className="border-b border-border px-3 py-1 text-xs text-muted-foreground">
        Use case: <span className="font-medium text-foreground">{useCase.data?.use_case_name}</span>
      </p>
      <div className="flex-1 space-y-3 overflow-y-auto p-3" aria-live="polite" aria-label="Conversation">
        {messages.map((m) => (
          <Bubble key={m.id} m={m} onAsk={send} />
        ))}
        <div ref={end} />
      </div>
      {offline ? (
        <p role="alert" className="px-3 pb-1 text-xs text-destructive">
          {offline}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="px-3 pb-1 text-xs text-destructive">
          {problem}
        </p>
      ) : null}
      <form className="flex gap-2 border-t border-border p-2" onSubmit={(e) => void submit(e)}>
        <textarea
          rows={1}
          {...register('message')}
          aria-label="Type a message"
          placeholder="Type a message"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
          className="min-h-10 flex-1 resize-none rounded-md border border-input bg-surface px-3 py-2 text-sm outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={busy || !text.trim()}>
          <SendHorizontal />
        </Button>
      </form>
    </>
  );
}

function Bubble({ m, onAsk }: { m: EmbedMessage; onAsk: (q: string) => void }) {
  if (m.role === 'user')
    return (
      <div className="flex justify-end">
        <p className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-3 py-2 text-sm whitespace-pre-wrap text-primary-foreground">
          {m.text}
        </p>
      </div>
    );
  return (
    <div className="flex gap-2" data-testid="embed-answer">
      <Bot className="mt-1 size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-2 text-sm">
        {m.pending && !m.cards.length ? (
          <p className="animate-pulse text-muted-foreground">{m.loader ?? 'Thinking…'}</p>
        ) : null}
        {m.text && (m.error || !m.cards.length) ? (
          <p className={m.error ? 'text-destructive' : 'whitespace-pre-wrap'}>{m.text}</p>
        ) : null}
        {m.cards.map((card, i) => (
          <RenderCard key={`${card.type}-${String(card.data.id ?? i)}`} card={card} handlers={{ onAsk }} />
        ))}
      </div>
    </div>
  );
}
