import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const emitted: { event: string; payload: Record<string, unknown> }[] = [];
  const socket = {
    connected: true,
    on(event: string, fn: (payload: unknown) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    emit(event: string, payload: Record<string, unknown>) {
      emitted.push({ event, payload });
      return socket;
    },
  };
  const fire = (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload));
  return { socket, emitted, fire, listeners };
});

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError, success: vi.fn() } }));
const reconnectNow = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/socket', () => ({
  getSocket: () => fake.socket,
  closeSocket: () => undefined,
  reconnectNow,
}));

import { CONNECTION_LOST, NOT_SENT, useConversation } from '../../src/features/conversation/use-conversation';
import { json, mockFetch } from '../setup';

const chunk = (
  response_type: string,
  cards: unknown = [],
  content = '',
  extra: Record<string, unknown> = {},
) => ({
  id: 11,
  message_id: 11,
  thread_id: 42,
  response_type,
  content,
  cards,
  created_date: '2026-11-22T10:00:00Z',
  ...extra,
});
const respond = (c: unknown) => act(() => fake.fire('response', c));

describe('conversation stream (spec document 1 §4, ARCHITECTURE chunk protocol)', () => {
  beforeEach(() => {
    fake.emitted.length = 0;
    fake.socket.connected = true;
    reconnectNow.mockClear();
    toastError.mockClear();
  });

  it('starts a new thread with the welcome message and sends the spec payload', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 3, welcome: 'Hello' }));
    expect(result.current.messages.map((m) => m.content)).toEqual(['Hello']);
    act(() => result.current.send('revenue by region'));
    expect(result.current.busy).toBe(true);
    expect(fake.emitted[0]).toEqual({
      event: 'message',
      payload: expect.objectContaining({
        message: 'revenue by region',
        usecase_id: 3,
        thread_id: '',
        isNewThread: true,
        mode_id: 1,
        is_regenerate: false,
      }) as unknown,
    });
    const [, user, assistant] = result.current.messages;
    expect(user).toMatchObject({ type: 'user', content: 'revenue by region' });
    expect(assistant).toMatchObject({ type: 'assistant', isLoading: true, streaming: true });
  });

  it('refuses blank questions and questions while busy', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('   '));
    expect(fake.emitted).toHaveLength(0);
    act(() => result.current.send('one'));
    act(() => result.current.send('two'));
    expect(fake.emitted).toHaveLength(1);
  });

  it('streams loaders, cards and the final text; takes the thread id from the first reply', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('revenue by region'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', { content_type: 'loaders', text: 'Running the query' }));
    let answer = result.current.messages.at(-1)!;
    expect(answer.loaderText).toBe('Running the query');
    expect(answer.serverId).toBe(11);
    respond(chunk('chunk-data', { content_type: 'loaders' }));
    expect(result.current.messages.at(-1)!.loaderText).toBe('Processing...');
    respond(chunk('chunk-data', { content_type: 'loaders-end' }));
    expect(result.current.messages.at(-1)!.loaderText).toBeNull();
    respond(chunk('chunk-data', { content_type: 'primary-response-start' }));
    respond(chunk('chunk-data', [{ type: 'chart', data: { title: 'Revenue', v: 1 } }], 'Part one. '));
    respond(
      chunk(
        'chunk-data',
        [
          { type: 'table', data: { title: 'Revenue rows' } },
          { type: 'chart', data: { title: 'Revenue', v: 2 } },
        ],
        'Part two.',
      ),
    );
    respond(chunk('chunk-data', { content_type: 'additional_insights' }));
    respond(chunk('chunk-data', { content_type: 'primary-response-end' }));
    answer = result.current.messages.at(-1)!;
    expect(answer.cards.map((c) => [c.type, c.data.v])).toEqual([
      ['chart', 2],
      ['table', undefined],
    ]);
    expect(answer.content).toBe('Part one. Part two.');
    expect(answer.streaming).toBe(true);
    respond(chunk('chunk-end', null, 'The full answer.'));
    answer = result.current.messages.at(-1)!;
    expect(answer).toMatchObject({ content: 'The full answer.', isLoading: false, streaming: false });
    expect(result.current.busy).toBe(false);
    expect(result.current.threadId).toBe(42);
    // the question carries the exchange id too (delete removes both)
    expect(result.current.messages.filter((m) => m.serverId === 11).map((m) => m.type)).toEqual([
      'user',
      'assistant',
    ]);

    act(() => result.current.send('and by month'));
    expect(fake.emitted[1]!.payload).toMatchObject({ thread_id: 42, isNewThread: false });
  });

  it('an error card shows its text (or the default) and the input comes back', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', { content_type: 'error' }));
    respond(chunk('chunk-end', null, ''));
    expect(result.current.messages.at(-1)).toMatchObject({
      isError: true,
      content: 'An error occurred while processing your request.',
      streaming: false,
    });
    expect(result.current.busy).toBe(false);

    act(() => result.current.send('q2'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', { content_type: 'error', text: 'Catalyst AI is not connected yet.' }));
    respond(chunk('chunk-end', null, 'ignored'));
    expect(result.current.messages.at(-1)).toMatchObject({
      isError: true,
      content: 'Catalyst AI is not connected yet.',
    });
  });

  it('an error event ends the pending answer with its message', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    act(() => fake.fire('error', { code: 'TOO_MANY', message: 'Too many questions in flight.' }));
    expect(result.current.messages.at(-1)).toMatchObject({
      isError: true,
      isLoading: false,
      content: 'Too many questions in flight.',
    });
    expect(result.current.busy).toBe(false);
  });

  it('regenerate replaces the answer of that exchange and sends is_regenerate', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('revenue by region'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', [{ type: 'chart', data: { title: 'Old' } }]));
    respond(chunk('chunk-end', null, 'old answer'));
    const answer = result.current.messages.at(-1)!;
    let started = '';
    act(() => {
      started = result.current.regenerate(answer);
    });
    expect(started).toBe('started');
    expect(fake.emitted.at(-1)!.payload).toMatchObject({
      message: 'revenue by region',
      thread_id: 42,
      message_id: 11,
      is_regenerate: true,
      isNewThread: false,
    });
    respond(chunk('chunk-init', null));
    // the old cards stay until the first new ones arrive (no flicker), then are replaced
    expect(result.current.messages.at(-1)!.cards.map((c) => c.data.title)).toEqual(['Old']);
    respond(chunk('chunk-data', [{ type: 'chart', data: { title: 'New' } }]));
    respond(chunk('chunk-end', null, 'new answer'));
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages.at(-1)).toMatchObject({ content: 'new answer', streaming: false });
    expect(result.current.messages.at(-1)!.cards.map((c) => c.data.title)).toEqual(['New']);
  });

  it('an error card while regenerating drops the old cards and shows the regenerate default text', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', [{ type: 'table', data: { title: 'T' } }]));
    respond(chunk('chunk-end', null, 'answer'));
    act(() => {
      result.current.regenerate(result.current.messages.at(-1)!);
    });
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-data', { content_type: 'error' }));
    respond(chunk('chunk-end', null, ''));
    expect(result.current.messages.at(-1)).toMatchObject({
      isError: true,
      cards: [],
      content: 'An error occurred while regenerating your request.',
    });
  });

  it('a socket error while regenerating shows the Regeneration Failed toast', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-end', null, 'answer'));
    act(() => {
      result.current.regenerate(result.current.messages.at(-1)!);
    });
    act(() => fake.fire('disconnect', 'transport close'));
    expect(result.current.messages.at(-1)).toMatchObject({ isError: true, streaming: false });
    expect(toastError).toHaveBeenCalledWith('Regeneration Failed', {
      description: 'Network error occurred while regenerating. Please try again.',
    });
    expect(result.current.busy).toBe(false);
  });

  it('ignores chunks when nothing is pending and unsubscribes on unmount', () => {
    const before = fake.listeners.get('response')?.size ?? 0;
    const { result, unmount } = renderHook(() =>
      useConversation({ threadId: null, useCaseId: 1, welcome: 'Hi' }),
    );
    expect(fake.listeners.get('response')?.size).toBe(before + 1);
    respond(chunk('chunk-data', [{ type: 'text', data: {} }]));
    expect(result.current.messages).toHaveLength(1);
    unmount();
    expect(fake.listeners.get('response')?.size ?? 0).toBe(before);
  });
});

describe('conversation over a socket that comes and goes', () => {
  beforeEach(() => {
    fake.emitted.length = 0;
    fake.socket.connected = true;
    reconnectNow.mockClear();
    toastError.mockClear();
  });

  it('a question asked while the socket is down waits, visibly, and is sent once it is back', () => {
    fake.socket.connected = false;
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('revenue by region'));
    expect(fake.emitted).toHaveLength(0);
    expect(reconnectNow).toHaveBeenCalled();
    expect(result.current.busy).toBe(true);
    expect(result.current.messages.at(-1)).toMatchObject({ waiting: true, isLoading: true });
    // Another drop while waiting does not fail a question that was never sent.
    act(() => fake.fire('disconnect', 'transport close'));
    expect(result.current.messages.at(-1)).toMatchObject({ waiting: true, isLoading: true });
    expect(result.current.messages.at(-1)!.isError).toBeFalsy();

    fake.socket.connected = true;
    act(() => fake.fire('connect', undefined));
    expect(fake.emitted).toHaveLength(1);
    expect(fake.emitted[0]!.payload).toMatchObject({ message: 'revenue by region', isNewThread: true });
    expect(result.current.messages.at(-1)!.waiting).toBe(false);
    // A second connect sends nothing twice.
    act(() => fake.fire('connect', undefined));
    expect(fake.emitted).toHaveLength(1);
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-end', null, 'The answer.'));
    expect(result.current.messages.at(-1)).toMatchObject({ content: 'The answer.', isError: false });
    expect(result.current.busy).toBe(false);
  });

  it('a waiting question can be cancelled: it stays, marked as not sent, and the input comes back', () => {
    fake.socket.connected = false;
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    act(() => result.current.cancelWaiting());
    expect(result.current.busy).toBe(false);
    expect(result.current.messages.at(-1)).toMatchObject({
      isError: true,
      waiting: false,
      content: NOT_SENT,
    });
    fake.socket.connected = true;
    act(() => fake.fire('connect', undefined));
    expect(fake.emitted).toHaveLength(0);
  });

  it('an answer cut off by a dropped connection ends as an error, and Retry asks the same question again', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('profit by channel'));
    act(() => fake.fire('disconnect', 'transport close'));
    expect(result.current.busy).toBe(false);
    const failed = result.current.messages.at(-1)!;
    expect(failed).toMatchObject({
      isError: true,
      streaming: false,
      isLoading: false,
      content: CONNECTION_LOST,
    });
    // Nothing of it reached the server (no chunk-init): Retry sends the question anew, into the same message.
    act(() => result.current.retry(failed));
    expect(fake.emitted.at(-1)!.payload).toMatchObject({
      message: 'profit by channel',
      is_regenerate: false,
    });
    expect(result.current.messages).toHaveLength(2);
    expect(result.current.messages.at(-1)).toMatchObject({ isError: false, isLoading: true, content: '' });
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-end', null, 'Profit by channel.'));
    expect(result.current.messages.at(-1)).toMatchObject({ content: 'Profit by channel.', serverId: 11 });
  });

  it('Retry of an exchange the server opened regenerates it in place', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('profit by channel'));
    respond(chunk('chunk-init', null));
    act(() => fake.fire('disconnect', 'transport close'));
    const failed = result.current.messages.at(-1)!;
    expect(failed.serverId).toBe(11);
    act(() => result.current.retry(failed));
    expect(fake.emitted.at(-1)!.payload).toMatchObject({
      message: 'profit by channel',
      message_id: 11,
      thread_id: 42,
      is_regenerate: true,
    });
  });

  it('Regenerate with the socket down is refused (the page shows the error) and changes nothing', () => {
    const { result } = renderHook(() => useConversation({ threadId: null, useCaseId: 1, welcome: null }));
    act(() => result.current.send('q'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-end', null, 'answer'));
    const emitted = fake.emitted.length;
    fake.socket.connected = false;
    let start = '';
    act(() => {
      start = result.current.regenerate(result.current.messages.at(-1)!);
    });
    expect(start).toBe('offline');
    expect(reconnectNow).toHaveBeenCalled();
    expect(fake.emitted).toHaveLength(emitted);
    expect(result.current.busy).toBe(false);
    expect(result.current.messages.at(-1)).toMatchObject({ content: 'answer', isLoading: false });
  });

  it('does not reload a thread it created itself when the URL moves to it', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({ 'GET /api/copilot/threads/42': () => json({ result: [] }) });
    const { result, rerender } = renderHook(
      ({ threadId }: { threadId: number | null }) =>
        useConversation({ threadId, useCaseId: 1, welcome: 'Hi' }),
      { initialProps: { threadId: null as number | null } },
    );
    act(() => result.current.send('q'));
    respond(chunk('chunk-init', null));
    respond(chunk('chunk-end', null, 'answer'));
    rerender({ threadId: 42 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls.filter((c) => c.url.startsWith('/api/copilot/threads/'))).toHaveLength(0);
    expect(result.current.messages.map((m) => m.content)).toEqual(['Hi', 'q', 'answer']);
  });
});
