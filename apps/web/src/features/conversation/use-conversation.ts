import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { CardModel } from '../../components/cards/types';
import { getSocket } from '../../lib/socket';
import { fetchThreadMessages } from './api';
import { mergeCards } from './merge-cards';

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
  loaderText?: string | null;
  feedback?: number | null;
}

interface ResponseChunk {
  id: number | null;
  thread_id: number | null;
  response_type: 'chunk-init' | 'chunk-data' | 'chunk-end';
  content: string;
  cards: unknown;
}

const DEFAULT_ERROR = 'An error occurred while processing your request.';
const REGENERATE_ERROR = 'An error occurred while regenerating your request.';
let localIds = 0;
const localId = () => `m${Date.now()}-${localIds++}`;

/** Turns the saved exchanges of a thread into the screen's messages. */
export function toMessages(records: Awaited<ReturnType<typeof fetchThreadMessages>>): ChatMessage[] {
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

/**
 * The state of one conversation: its messages, the thread id (taken from the first reply), and
 * the streaming protocol of spec document 1 §4 over the app's socket.
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
  const pending = useRef<{
    localId: string;
    userLocalId?: string;
    regenerate: boolean;
    gotCards?: boolean;
  } | null>(null);

  useEffect(() => {
    if (!options.threadId) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      fetchThreadMessages(options.threadId!)
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

  useEffect(() => {
    const socket = getSocket();
    const onResponse = (chunk: ResponseChunk) => {
      const current = pending.current;
      if (!current) return;
      if (chunk.thread_id) setThreadId(chunk.thread_id);
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
      if (!current) return;
      patch(current.localId, (m) => ({
        ...m,
        isLoading: false,
        streaming: false,
        isError: true,
        loaderText: null,
        content: error.message || (current.regenerate ? REGENERATE_ERROR : DEFAULT_ERROR),
      }));
      if (current.regenerate)
        toast.error('Regeneration Failed', {
          description: 'Network error occurred while regenerating. Please try again.',
        });
      pending.current = null;
      setBusy(false);
    };
    const onDisconnect = () => onError({ message: 'The connection to Catalyst was lost. Please try again.' });
    socket.on('response', onResponse);
    socket.on('error', onError);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('response', onResponse);
      socket.off('error', onError);
      socket.off('disconnect', onDisconnect);
    };
  }, [patch]);

  const send = useCallback(
    (text: string, extra: { alertId?: string; action?: string } = {}) => {
      if (busy || (!text.trim() && !extra.alertId)) return;
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
        },
      ]);
      pending.current = { localId: assistantId, userLocalId: userId, regenerate: false };
      setBusy(true);
      getSocket().emit('message', {
        message: text,
        usecase_id: options.useCaseId,
        thread_id: threadId ?? '',
        message_id: '',
        query_type: extra.action ?? null,
        isNewThread: threadId === null,
        mode_id: 1,
        is_regenerate: false,
        ...(extra.alertId ? { alert_id: extra.alertId, action: extra.action } : {}),
      });
    },
    [busy, options.useCaseId, threadId],
  );

  const regenerate = useCallback(
    (message: ChatMessage) => {
      if (busy || !threadId || !message.serverId) return false;
      pending.current = { localId: message.id, regenerate: true };
      setBusy(true);
      patch(message.id, (m) => ({ ...m, isLoading: true, streaming: true, isError: false }));
      const question =
        messages.find((m) => m.type === 'user' && m.serverId === message.serverId)?.content ?? '';
      getSocket().emit('message', {
        message: question,
        usecase_id: options.useCaseId,
        thread_id: threadId,
        message_id: message.serverId,
        query_type: null,
        isNewThread: false,
        mode_id: 1,
        is_regenerate: true,
      });
      return true;
    },
    [busy, threadId, messages, options.useCaseId, patch],
  );

  return { messages, setMessages, threadId, busy, loadError, send, regenerate };
}
