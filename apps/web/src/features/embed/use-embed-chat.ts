import type { TSocketResponse } from '@catalyst/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardModel } from '../../components/cards/types';
import { getSocket } from '../../lib/socket';

export interface EmbedMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  cards: CardModel[];
  pending?: boolean;
  error?: boolean;
  loader?: string | null;
}

const FAILED = 'Catalyst AI could not answer. Please try again.';
let seq = 0;

/** Updates a card of the same type and id, else appends it (chunks may resend a card). */
function addCards(existing: CardModel[], incoming: CardModel[]): CardModel[] {
  const cards = [...existing];
  for (const card of incoming) {
    const i = card.data.id ? cards.findIndex((c) => c.type === card.type && c.data.id === card.data.id) : -1;
    if (i >= 0) cards[i] = card;
    else cards.push(card);
  }
  return cards;
}

/**
 * The embed's conversation with Catalyst AI: the app's own socket (same authentication as the
 * app: the session token), one thread per frame, the chunk protocol of spec document 1 §4.
 */
export function useEmbedChat(useCaseId: number, welcome: string) {
  const [messages, setMessages] = useState<EmbedMessage[]>(() =>
    welcome.trim() ? [{ id: 'welcome', role: 'assistant', text: welcome, cards: [] }] : [],
  );
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState<string | null>(null);
  const thread = useRef<number | null>(null);
  const pending = useRef<string | null>(null);

  const patch = useCallback(
    (id: string, change: (m: EmbedMessage) => EmbedMessage) =>
      setMessages((all) => all.map((m) => (m.id === id ? change(m) : m))),
    [],
  );
  useEffect(() => {
    const socket = getSocket();
    const fail = (text: string) => {
      const id = pending.current;
      if (!id) return;
      patch(id, (m) => ({ ...m, pending: false, error: true, loader: null, text }));
      pending.current = null;
      setBusy(false);
    };
    const onResponse = (chunk: TSocketResponse) => {
      const id = pending.current;
      if (!id) return;
      if (chunk.thread_id) thread.current = chunk.thread_id;
      if (chunk.response_type === 'chunk-end') {
        patch(id, (m) => ({
          ...m,
          pending: false,
          loader: null,
          text: m.error ? m.text : chunk.content || m.text,
        }));
        pending.current = null;
        setBusy(false);
      } else if (Array.isArray(chunk.cards)) {
        const cards = chunk.cards as CardModel[];
        patch(id, (m) => ({ ...m, cards: addCards(m.cards, cards) }));
      } else if (chunk.cards && typeof chunk.cards === 'object') {
        const control = chunk.cards;
        if (control.content_type === 'loaders')
          patch(id, (m) => ({ ...m, loader: control.text || 'Thinking…' }));
        else if (control.content_type === 'loaders-end') patch(id, (m) => ({ ...m, loader: null }));
        else if (control.content_type === 'error')
          patch(id, (m) => ({ ...m, error: true, text: control.text || FAILED }));
      }
    };
    const onError = (e: { message?: string }) => fail(e.message || FAILED);
    const onConnectError = (e: Error) => {
      setOffline(e.message || 'Catalyst cannot be reached.');
      fail('The connection to Catalyst was lost. Please try again.');
    };
    const onConnect = () => setOffline(null);
    const onDisconnect = () => fail('The connection to Catalyst was lost. Please try again.');
    socket.on('response', onResponse);
    socket.on('error', onError);
    socket.on('connect_error', onConnectError);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('response', onResponse);
      socket.off('error', onError);
      socket.off('connect_error', onConnectError);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
    };
  }, [patch]);

  const send = useCallback(
    (text: string) => {
      if (busy || !text.trim()) return;
      const answerId = `a${++seq}`;
      setMessages((all) => [
        ...all,
        { id: `q${seq}`, role: 'user', text, cards: [] },
        { id: answerId, role: 'assistant', text: '', cards: [], pending: true },
      ]);
      pending.current = answerId;
      setBusy(true);
      getSocket().emit('message', {
        message: text,
        usecase_id: useCaseId,
        thread_id: thread.current ?? '',
        message_id: '',
        query_type: null,
        isNewThread: thread.current === null,
        mode_id: 1,
        is_regenerate: false,
      });
    },
    [busy, useCaseId],
  );
  return { messages, busy, offline, send };
}
