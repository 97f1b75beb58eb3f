import type { TClientToServerEvents, TServerToClientEvents } from '@catalyst/contracts';
import { io, type Socket } from 'socket.io-client';
import { getSession, subscribeSession } from './session';

/** The app's socket, typed by the contracts' event map (packages/contracts/src/socket-events.ts). */
export type CatalystSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

/** Who the socket is for: the browser authenticates it with the HttpOnly session cookie. */
const sessionUser = (): string | null => getSession()?.user.username ?? null;

/**
 * The connection as the user should see it. `reconnecting`: the socket is down and retries are
 * under way; `offline`: the browser says it has no network, or the outage has lasted 20 s (the
 * spec's connection timeout) or five retries in a row (the spec's "5 reconnection attempts") —
 * where the old client gave up, this one only changes what it says: it never stops trying.
 */
export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface ConnectionStatus {
  state: ConnectionState;
  /** Failed attempts since the connection was last up (0 while connected). */
  attempt: number;
  /** When the next attempt starts (epoch ms), or null while one is under way or none is needed. */
  retryAt: number | null;
}

/**
 * Retry timing (spec document 1 §9 says 1000 ms delay, 5 attempts, 20 s timeout). The first retry
 * comes after 1 s, each next one waits twice as long, up to 10 s, and retries never end: an outage
 * longer than five attempts used to leave every question spinning until a reload.
 */
export const RETRY = {
  firstDelayMs: 1000,
  maxDelayMs: 10_000,
  offlineAfterAttempts: 5,
  offlineAfterMs: 20_000,
  connectTimeoutMs: 20_000,
} as const;

/** The wait before retry number `attempt` (1-based): doubling from 1 s to 10 s, ±20% so many tabs do not retry in step. */
export function retryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(RETRY.maxDelayMs, RETRY.firstDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

let socket: CatalystSocket | null = null;
let socketUser: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** When the current outage began (null while connected), and the timer that calls it offline. */
let downSince: number | null = null;
let offlineTimer: ReturnType<typeof setTimeout> | null = null;
let status: ConnectionStatus = { state: 'connecting', attempt: 0, retryAt: null };
const statusListeners = new Set<() => void>();
let watchingEnvironment = false;

function setStatus(next: ConnectionStatus) {
  if (next.state === status.state && next.attempt === status.attempt && next.retryAt === status.retryAt)
    return;
  status = next;
  for (const listener of [...statusListeners]) listener();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function clearRetry() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

function clearOutage() {
  if (offlineTimer) clearTimeout(offlineTimer);
  offlineTimer = null;
  downSince = null;
}

/** An attempt can hang up to the 20 s connection timeout: the outage is called offline on time anyway. */
function startOutage(target: CatalystSocket) {
  if (downSince !== null) return;
  downSince = Date.now();
  offlineTimer = setTimeout(() => {
    if (target === socket && !target.connected) setStatus({ ...status, state: 'offline' });
  }, RETRY.offlineAfterMs);
}

const isOffline = (attempt: number) =>
  browserOffline() ||
  attempt > RETRY.offlineAfterAttempts ||
  (downSince !== null && Date.now() - downSince >= RETRY.offlineAfterMs);

/** The connection dropped or an attempt failed: wait, then try again — unless the session changed. */
function scheduleRetry(target: CatalystSocket) {
  if (target !== socket || target.connected) return;
  clearRetry();
  startOutage(target);
  const attempt = status.attempt + 1;
  const delay = retryDelay(attempt);
  setStatus({ state: isOffline(attempt) ? 'offline' : 'reconnecting', attempt, retryAt: Date.now() + delay });
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (target !== socket || target.connected) return;
    setStatus({ ...status, retryAt: null });
    target.connect();
  }, delay);
}

/** Try now instead of waiting for the next retry (the user asked, or the network came back). */
export function reconnectNow() {
  const target = socket;
  // Only while retrying: the first attempt of a new socket is already under way.
  if (!target || target.connected || status.state === 'connecting') return;
  clearRetry();
  setStatus({ ...status, retryAt: null });
  // disconnect() first: it drops a half-open attempt, so connect() starts a fresh one.
  target.disconnect();
  target.connect();
}

function watchEnvironment() {
  if (watchingEnvironment || typeof window === 'undefined') return;
  watchingEnvironment = true;
  window.addEventListener('online', reconnectNow);
  window.addEventListener('offline', () => {
    if (socket && !socket.connected) setStatus({ ...status, state: 'offline' });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reconnectNow();
  });
  // Signing out (here or in another tab) or signing in as someone else closes this socket.
  subscribeSession(() => {
    if (socket && sessionUser() !== socketUser) closeSocket();
  });
}

/**
 * The one Socket.IO connection of the app (spec document 1 §7, §9): same origin, path /socketio,
 * websocket only, 20 s connection timeout. The session cookie authenticates it (the server checks
 * the page's Origin); it is reopened when another user signs in. Reconnection is ours rather than Socket.IO's, so it can go on forever, and
 * an attempt the server refuses (it could not check the session) is retried as well.
 */
export function getSocket(): CatalystSocket {
  const user = sessionUser();
  if (socket && socketUser === user) return socket;
  closeSocket();
  watchEnvironment();
  socketUser = user;
  const created: CatalystSocket = io({
    path: '/socketio',
    transports: ['websocket'],
    reconnection: false,
    timeout: RETRY.connectTimeoutMs,
    withCredentials: true,
  });
  socket = created;
  setStatus({ state: 'connecting', attempt: 0, retryAt: null });
  created.on('connect', () => {
    if (created !== socket) return;
    clearRetry();
    clearOutage();
    setStatus({ state: 'connected', attempt: 0, retryAt: null });
  });
  created.on('connect_error', (error) => {
    // Spec document 1 §8: logged with a hint, once per outage (not on every retry); counted in `attempt`.
    if (downSince === null)
      console.warn(
        `Catalyst's live connection failed (${error.message}); retrying. A 403 or 404 here usually means a proxy does not pass websockets on /socketio.`,
      );
    scheduleRetry(created);
  });
  created.on('disconnect', (reason) => {
    // Our own disconnect (sign-out, or reconnectNow about to connect again) is not an outage.
    if (reason === 'io client disconnect') return;
    scheduleRetry(created);
  });
  return created;
}

export function closeSocket() {
  clearRetry();
  clearOutage();
  const old = socket;
  socket = null;
  socketUser = null;
  old?.disconnect();
  setStatus({ state: 'connecting', attempt: 0, retryAt: null });
}

export function getConnectionStatus(): ConnectionStatus {
  return status;
}

export function subscribeConnectionStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
