import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CardModel } from '../../components/cards/types';
import { getSocket, reconnectNow } from '../../lib/socket';
import { getThreadMessages } from './api/get-thread-messages';
import { mergeCards } from './merge-cards';

/** A question as it was asked, kept on its answer so a failed answer can be asked again. */
export interface Ask {
  text: string;
  alertId?: string;
  action?: string;
}

export interface ChatMessage {
  id: string;
  /** The exchange id on the server (question and answer share it). */
  serverId: number | null;
  type: 'user' | 'assistant';
  content: string;
  timestamp: string;
  cards: CardModel[];
  isLoading?: boolean;
  isError?: boolean;
  streaming?: boolean;
  /** Asked while the socket was down: sent as soon as it is back. */
  waiting?: boolean;
  loaderText?: string | null;
  feedback?: number | null;
  ask?: Ask;
}

interface ResponseChunk {
  id: number | null;
  thread_id: number | null;
  response_type: 'chunk-init' | 'chunk-data' | 'chunk-end';
  content: string;
  cards: unknown;
}

/** The question in flight (one at a time): which message it fills, and its payload until it is sent. */
interface Pending {
  localId: string;
  userLocalId?: string;
  regenerate: boolean;
  gotCards?: boolean;
  unsent: Record<string, unknown> | null;
}

const DEFAULT_ERROR = 'An error occurred while processing your request.';
const REGENERATE_ERROR = 'An error occurred while regenerating your request.';
export const CONNECTION_LOST =
  'The connection to Catalyst was lost before the answer arrived. Please try again.';
export const NOT_SENT = 'Not sent: Catalyst could not be reached. Try again when the connection is back.';
const REGENERATE_NETWORK = 'Network error occurred while regenerating. Please try again.';

let localIds = 0;
const localId = () => `m${Date.now()}-${localIds++}`;

/** Turns the saved exchanges of a thread into the screen's messages. */
function toMessages(records: Awaited<ReturnType<typeof getThreadMessages>>): ChatMessage[] {
  return records.flatMap((r) => [
    ...(r.message.trim()
      ? [
          {
            id: `u${r.message_id}`,
            serverId: r.message_id,
            type: 'user' as const,
            content: r.message,
            timestamp: r.created_date,
            cards: [],
          },
        ]
      : []),
    {
      id: `a${r.message_id}`,
      serverId: r.message_id,
      type: 'assistant' as const,
      content: r.content,
      timestamp: r.created_date,
      cards: r.cards as CardModel[],
      isError: r.status === 'error',
      feedback: r.feedback,
    },
  ]);
}

/** The start of Regenerate: started, refused because the socket is down, or not possible for this message. */
export type RegenerateStart = 'started' | 'offline' | 'unavailable';

/**
 * The state of one conversation: its messages, the thread id (taken from the first reply), and
 * the streaming protocol of spec document 1 §4 over the app's socket. A question asked while the
 * socket is down waits (visibly) and is sent when it is back; an answer cut off by a dropped
 * connection ends as an error the user can retry — nothing spins forever.
 */
export function useConversation(options: {
  threadId: number | null;
  useCaseId: number | null;
  welcome: string | null;
}) {
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    options.welcome
      ? [
          {
            id: 'welcome',
            serverId: null,
            type: 'assistant',
            content: options.welcome,
            timestamp: new Date().toISOString(),
            cards: [],
          },
        ]
      : [],
  );
  const [threadId, setThreadId] = useState<number | null>(options.threadId);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const pending = useRef<Pending | null>(null);
  // The thread this screen created: when the URL follows it, there is nothing to load.
  const created = useRef<number | null>(null);

  useEffect(() => {
    if (!options.threadId || options.threadId === created.current) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      getThreadMessages(options.threadId!)
        .then((records) => !cancelled && setMessages(toMessages(records)))
        .catch(() => !cancelled && setLoadError('Failed to load conversation. Please try again.'));
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [options.threadId]);

  const patch = useCallback(
    (id: string, change: (m: ChatMessage) => ChatMessage) =>
      setMessages((all) => all.map((m) => (m.id === id ? change(m) : m))),
    [],
  );

  /** Ends the pending answer as an error with `text`. */
  const fail = useCallback(
    (text: string) => {
      const current = pending.current;
      if (!current) return;
      patch(current.localId, (m) => ({
        ...m,
        isLoading: false,
        streaming: false,
        waiting: false,
        isError: true,
        loaderText: null,
        content: text,
      }));
      if (current.regenerate && current.unsent === null)
        toast.error('Regeneration Failed', { description: REGENERATE_NETWORK });
      pending.current = null;
      setBusy(false);
    },
    [patch],
  );

  /** Sends the pending payload now if the socket is up; otherwise it waits for the next connect. */
  const dispatch = useCallback(() => {
    const current = pending.current;
    if (!current?.unsent) return;
    const socket = getSocket();
    if (socket.connected) {
      socket.emit('message', current.unsent);
      current.unsent = null;
      patch(current.localId, (m) => ({ ...m, waiting: false }));
    } else {
      patch(current.localId, (m) => ({ ...m, waiting: true }));
      reconnectNow();
    }
  }, [patch]);

  useEffect(() => {
    const socket = getSocket();
    const onResponse = (chunk: ResponseChunk) => {
      const current = pending.current;
      if (!current) return;
      if (chunk.thread_id) {
        if (!options.threadId) created.current = chunk.thread_id;
        setThreadId(chunk.thread_id);
      }
      if (chunk.response_type === 'chunk-init') {
        patch(current.localId, (m) => ({
          ...m,
          serverId: chunk.id ?? m.serverId,
          isLoading: true,
          streaming: true,
          isError: false,
          ...(current.regenerate ? { content: '' } : {}),
        }));
        // The question shares the exchange id, so delete and regenerate find it before a reload.
        if (current.userLocalId && chunk.id)
          patch(current.userLocalId, (m) => ({ ...m, serverId: chunk.id }));
        return;
      }
      if (chunk.response_type === 'chunk-end') {
        // A regenerated answer without cards (an error) drops the old ones, as the server did.
        const dropOld = current.regenerate && !current.gotCards;
        patch(current.localId, (m) => ({
          ...m,
          ...(dropOld ? { cards: [] } : {}),
          content: m.isError ? m.content : chunk.content || m.content,
          isLoading: false,
          streaming: false,
          loaderText: null,
        }));
        pending.current = null;
        setBusy(false);
        return;
      }
      const cards = chunk.cards;
      if (Array.isArray(cards)) {
        // Regenerating keeps the old cards on screen until the first new ones replace them all.
        const base = current.regenerate && !current.gotCards;
        current.gotCards = true;
        patch(current.localId, (m) => ({
          ...m,
          cards: mergeCards(base ? [] : m.cards, cards as CardModel[]),
          content: m.content + (chunk.content ?? ''),
        }));
      } else if (cards && typeof cards === 'object') {
        const control = cards as { content_type: string; text?: string };
        if (control.content_type === 'loaders')
          patch(current.localId, (m) => ({ ...m, loaderText: control.text || 'Processing...' }));
        else if (control.content_type === 'loaders-end')
          patch(current.localId, (m) => ({ ...m, loaderText: null }));
        else if (control.content_type === 'error')
          patch(current.localId, (m) => ({
            ...m,
            isError: true,
            content: control.text || (current.regenerate ? REGENERATE_ERROR : DEFAULT_ERROR),
          }));
      }
    };
    const onError = (error: { message?: string }) => {
      const current = pending.current;
      if (!current || current.unsent) return;
      fail(error.message || (current.regenerate ? REGENERATE_ERROR : DEFAULT_ERROR));
    };
    // Only an answer already asked for is lost with the connection; a waiting question keeps waiting.
    const onDisconnect = () => {
      if (pending.current && !pending.current.unsent) fail(CONNECTION_LOST);
    };
    socket.on('response', onResponse);
    socket.on('error', onError);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', dispatch);
    return () => {
      socket.off('response', onResponse);
      socket.off('error', onError);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', dispatch);
    };
  }, [patch, fail, dispatch, options.threadId]);

  const payload = useCallback(
    (ask: Ask) => ({
      message: ask.text,
      usecase_id: options.useCaseId,
      thread_id: threadId ?? '',
      message_id: '',
      query_type: ask.action ?? null,
      isNewThread: threadId === null,
      mode_id: 1,
      is_regenerate: false,
      ...(ask.alertId ? { alert_id: ask.alertId, action: ask.action } : {}),
    }),
    [options.useCaseId, threadId],
  );

  const send = useCallback(
    (text: string, extra: { alertId?: string; action?: string } = {}) => {
      if (busy || (!text.trim() && !extra.alertId)) return;
      const ask: Ask = { text, ...extra };
      const assistantId = localId();
      const userId = text.trim() ? localId() : undefined;
      const now = new Date().toISOString();
      setMessages((all) => [
        ...all,
        ...(userId
          ? [{ id: userId, serverId: null, type: 'user' as const, content: text, timestamp: now, cards: [] }]
          : []),
        {
          id: assistantId,
          serverId: null,
          type: 'assistant',
          content: '',
          timestamp: now,
          cards: [],
          isLoading: true,
          streaming: true,
          ask,
        },
      ]);
      pending.current = {
        localId: assistantId,
        userLocalId: userId,
        regenerate: false,
        unsent: payload(ask),
      };
      setBusy(true);
      dispatch();
    },
    [busy, payload, dispatch],
  );

  const startRegenerate = useCallback(
    (message: ChatMessage) => {
      pending.current = {
        localId: message.id,
        regenerate: true,
        unsent: {
          message: messages.find((m) => m.type === 'user' && m.serverId === message.serverId)?.content ?? '',
          usecase_id: options.useCaseId,
          thread_id: threadId,
          message_id: message.serverId,
          query_type: null,
          isNewThread: false,
          mode_id: 1,
          is_regenerate: true,
        },
      };
      setBusy(true);
      patch(message.id, (m) => ({ ...m, isLoading: true, streaming: true, isError: false }));
      dispatch();
    },
    [messages, options.useCaseId, threadId, patch, dispatch],
  );

  /** Regenerate (spec document 1 §4): only with the socket up — a click while it is down is refused. */
  const regenerate = useCallback(
    (message: ChatMessage): RegenerateStart => {
      if (busy || !threadId || !message.serverId) return 'unavailable';
      if (!getSocket().connected) {
        reconnectNow();
        return 'offline';
      }
      startRegenerate(message);
      return 'started';
    },
    [busy, threadId, startRegenerate],
  );

  /**
   * Asks again for a failed answer: an exchange the server opened is regenerated in place, a
   * question that never reached it is sent again. Either waits for the socket if it is down.
   */
  const retry = useCallback(
    (message: ChatMessage) => {
      if (busy || !message.isError) return;
      if (message.serverId && threadId) return startRegenerate({ ...message, isError: false });
      if (!message.ask) return;
      patch(message.id, (m) => ({ ...m, content: '', isError: false, isLoading: true, streaming: true }));
      pending.current = { localId: message.id, regenerate: false, unsent: payload(message.ask) };
      setBusy(true);
      dispatch();
    },
    [busy, threadId, startRegenerate, patch, payload, dispatch],
  );

  /** Gives up on a question still waiting for the connection; it stays, marked as not sent, with Retry. */
  const cancelWaiting = useCallback(() => {
    if (pending.current?.unsent) fail(NOT_SENT);
  }, [fail]);

  return {
    messages,
    setMessages,
    threadId,
    busy,
    loadError,
    send,
    regenerate,
    retry,
    cancelWaiting,
  };
}
