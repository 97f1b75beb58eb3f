import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the Socket.IO client: records connect() calls, and lets the test fire its events.
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    connected = false;
    connects = 0;
    disconnects = 0;
    handlers = new Map<string, Handler[]>();
    constructor(readonly options: Record<string, unknown>) {}
    on(event: string, fn: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
      return this;
    }
    fire(event: string, ...args: unknown[]) {
      if (event === 'connect') this.connected = true;
      if (event === 'disconnect') this.connected = false;
      this.handlers.get(event)?.forEach((fn) => fn(...args));
    }
    connect() {
      this.connects += 1;
      return this;
    }
    disconnect() {
      this.disconnects += 1;
      this.connected = false;
      return this;
    }
  }
  return { sockets, FakeSocket };
});
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const socket = new fake.FakeSocket(options);
    fake.sockets.push(socket);
    return socket;
  },
}));

import {
  closeSocket,
  getConnectionStatus,
  getSocket,
  reconnectNow,
  retryDelay,
  RETRY,
  subscribeConnectionStatus,
} from '../../src/lib/socket';
import { saveSession, clearSession } from '../../src/lib/session';
import { SIGNED_IN_USER } from '../setup';

const current = () => fake.sockets.at(-1)!;

describe('the app socket reconnects forever (spec document 1 §9, issue: no more spinning after 20 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    saveSession(SIGNED_IN_USER);
  });
  afterEach(() => {
    closeSocket();
  });

  it('waits 1 s, then twice as long each time, never more than 10 s (±20%)', () => {
    expect(retryDelay(1, () => 0.5)).toBe(1000);
    expect(retryDelay(2, () => 0.5)).toBe(2000);
    expect(retryDelay(4, () => 0.5)).toBe(8000);
    expect(retryDelay(5, () => 0.5)).toBe(10_000);
    expect(retryDelay(500, () => 0.5)).toBe(10_000);
    expect(retryDelay(1, () => 0)).toBe(800);
    expect(retryDelay(50, () => 1)).toBe(12_000);
  });

  it('opens one websocket on /socketio with the session cookie, without Socket.IO’s own (giving-up) reconnection', () => {
    const socket = getSocket();
    expect(getSocket()).toBe(socket);
    expect(current().options).toMatchObject({
      path: '/socketio',
      transports: ['websocket'],
      withCredentials: true,
      reconnection: false,
      timeout: RETRY.connectTimeoutMs,
    });
    expect(getConnectionStatus().state).toBe('connecting');
    current().fire('connect');
    expect(getConnectionStatus()).toEqual({ state: 'connected', attempt: 0, retryAt: null });
  });

  it('keeps trying through a long outage: reconnecting, then offline after 5 failures, and connected again', () => {
    getSocket();
    const socket = current();
    socket.fire('connect');
    const seen: string[] = [];
    const stop = subscribeConnectionStatus(() => seen.push(getConnectionStatus().state));
    socket.fire('disconnect', 'transport close');
    expect(getConnectionStatus()).toMatchObject({ state: 'reconnecting', attempt: 1 });
    // Fifteen minutes of failed attempts: every one is followed by another.
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      const before = socket.connects;
      vi.advanceTimersByTime(getConnectionStatus().retryAt! - Date.now());
      expect(socket.connects).toBe(before + 1);
      socket.fire('connect_error', new Error('websocket error'));
      expect(getConnectionStatus().attempt).toBe(attempt + 1);
      // Five quick failures take under 20 s (1 + 2 + 4 + 8 s, ±20%): offline from the sixth.
      expect(getConnectionStatus().state).toBe(attempt + 1 > 5 ? 'offline' : 'reconnecting');
      expect(getConnectionStatus().retryAt).toBeGreaterThan(Date.now());
    }
    vi.advanceTimersByTime(RETRY.maxDelayMs * 1.2);
    socket.fire('connect');
    expect(getConnectionStatus()).toEqual({ state: 'connected', attempt: 0, retryAt: null });
    expect(seen).toContain('offline');
    stop();
  });

  it('an outage is called offline after 20 s even while an attempt hangs (up to its 20 s timeout)', () => {
    getSocket();
    const socket = current();
    socket.fire('connect');
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(2000);
    expect(socket.connects).toBe(1);
    expect(getConnectionStatus()).toMatchObject({ state: 'reconnecting', retryAt: null });
    vi.advanceTimersByTime(18_000);
    expect(getConnectionStatus().state).toBe('offline');
    socket.fire('connect');
    expect(getConnectionStatus().state).toBe('connected');
    // The next outage starts its own 20 s.
    socket.fire('disconnect', 'transport close');
    expect(getConnectionStatus().state).toBe('reconnecting');
  });

  it('an attempt refused by the server (it could not check the session) is retried as well', () => {
    getSocket();
    const socket = current();
    socket.fire('connect_error', new Error('Authentication failed.'));
    expect(getConnectionStatus().state).toBe('reconnecting');
    vi.advanceTimersByTime(2000);
    expect(socket.connects).toBe(1);
  });

  it('Retry now (or the network coming back) tries at once instead of waiting', () => {
    getSocket();
    const socket = current();
    socket.fire('connect');
    socket.fire('disconnect', 'ping timeout');
    for (let i = 0; i < 6; i += 1) socket.fire('connect_error', new Error('x'));
    expect(getConnectionStatus().state).toBe('offline');
    reconnectNow();
    expect(socket.connects).toBe(1);
    expect(getConnectionStatus().retryAt).toBeNull();
    window.dispatchEvent(new Event('online'));
    expect(socket.connects).toBe(2);
  });

  it('signing out closes the socket and stops retrying', () => {
    getSocket();
    const socket = current();
    socket.fire('connect_error', new Error('x'));
    clearSession();
    expect(socket.disconnects).toBeGreaterThan(0);
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(0);
  });
});
