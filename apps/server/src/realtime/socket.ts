import {
  permissionDeniedMessage,
  ZSocketMessage,
  type TSocketError,
  type TSocketMessage,
  type TSocketResponse,
} from '@catalyst/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Deps } from '../deps';
import { answerExchange, openExchange, saveAnswer, type Exchange } from '../features/conversations/ask';
import type { Answerer } from '../features/conversations/answerer';
import {
  SESSION_COOKIE,
  SESSIONS_ENDED,
  resolveSession,
  type AuthContext,
  type SessionsEnded,
} from '../features/auth/sessions';
import { AppError } from '../lib/errors';
import { appOriginAllows } from '../plugins/security';
import { dropThreadLists } from '../features/conversations/thread-list-cache';

interface ServerToClient {
  response: (payload: TSocketResponse) => void;
  error: (payload: TSocketError) => void;
  'threads-changed': (payload: { thread_id: number; reason: string }) => void;
}
interface ClientToServer {
  message: (payload: unknown) => void;
}
interface SocketData {
  auth: AuthContext;
  token: string;
}

/** Questions one user may have in flight at once on this server. */
export const MAX_IN_FLIGHT = 3;
const DEFAULT_ERROR = 'An error occurred while processing your request.';
const REGENERATE_ERROR = 'An error occurred while regenerating your request.';
const SAVE_ERROR =
  'This answer could not be saved (the app database did not respond). Please ask again in a moment.';

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * Socket.IO on /socketio (websocket only), authenticated by the session cookie (from the app's
 * own origin only) or by the token in the handshake (`auth.token` or a Bearer header). A `message` is answered as `response` chunks: chunk-init, chunk-data (control
 * objects and card arrays), chunk-end — the answer is saved before chunk-end.
 */
export async function attachRealtime(app: FastifyInstance, deps: Deps & { answerer: Answerer }) {
  const io = new Server<ClientToServer, ServerToClient, Record<string, never>, SocketData>(app.server, {
    path: '/socketio',
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: 100_000,
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.config.redisUrl) {
    const pub = createClient({ url: deps.config.redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
  }

  const originAllowed = appOriginAllows(deps.config);
  io.use((socket, next) => {
    const { headers } = socket.handshake;
    const cookieToken = cookieValue(headers.cookie, SESSION_COOKIE);
    const handshakeToken =
      (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null) ??
      /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1] ??
      null;
    // Cross-site WebSocket hijacking: a browser sends the cookie with a handshake from any page,
    // but always says which page (Origin). A foreign Origin is refused whatever authenticates it;
    // no Origin means no browser, and then only a token the client holds itself is accepted.
    const origin = headers.origin;
    if (origin !== undefined ? !originAllowed(origin, headers.host) : cookieToken !== null) {
      return next(
        new Error(
          'This connection did not come from the Catalyst app (its Origin is missing or foreign), so it was refused.',
        ),
      );
    }
    const token = cookieToken ?? handshakeToken;
    if (!token) return next(new Error('Authentication required: sign in first.'));
    resolveSession(deps, token)
      .then((auth) => {
        if (!auth) return next(new Error('Your session has ended. Please sign in again.'));
        socket.data.auth = auth;
        socket.data.token = token;
        next();
      })
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'socket authentication failed');
        next(new Error('Authentication failed.'));
      });
  });

  // Every socket joins its user's room, so any instance can reach all of a user's tabs.
  deps.notifyUser = (userId, event, payload) => {
    dropThreadLists(deps, [userId]);
    io.to(`user:${userId}`).emit(event, payload);
  };
  // Signing out, deactivation, a password change or a closed organisation ends sessions: their
  // sockets go too (through the Redis adapter, on every instance).
  const endSockets = ({ userIds = [], sessionIds = [] }: SessionsEnded) => {
    for (const userId of userIds) io.in(`user:${userId}`).disconnectSockets(true);
    for (const sessionId of sessionIds) io.in(`session:${sessionId}`).disconnectSockets(true);
  };
  deps.events.on(SESSIONS_ENDED, endSockets);
  closers.push(async () => deps.events.off(SESSIONS_ENDED, endSockets));
  const inFlight = new Map<number, number>();
  io.on('connection', (socket) => {
    void socket.join([`user:${socket.data.auth.userId}`, `session:${socket.data.auth.sessionId}`]);
    const controllers = new Set<AbortController>();
    socket.on('disconnect', () => controllers.forEach((c) => c.abort()));
    socket.on('message', (payload: unknown) => {
      const userId = socket.data.auth.userId;
      const parsed = ZSocketMessage.safeParse(payload ?? {});
      if (!parsed.success) {
        socket.emit('error', {
          code: 'VALIDATION_FAILED',
          message: `The message is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`).join('; ')}`,
        });
        return;
      }
      if ((inFlight.get(userId) ?? 0) >= MAX_IN_FLIGHT) {
        socket.emit('error', {
          code: 'RATE_LIMITED',
          message: `You already have ${MAX_IN_FLIGHT} questions being answered. Wait for one to finish, then ask again.`,
        });
        return;
      }
      inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
      const controller = new AbortController();
      controllers.add(controller);
      handleMessage(deps, socket, parsed.data, controller.signal)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'socket message failed'))
        .finally(() => {
          controllers.delete(controller);
          const left = (inFlight.get(userId) ?? 1) - 1;
          if (left <= 0) inFlight.delete(userId);
          else inFlight.set(userId, left);
        });
    });
  });

  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.allSettled(closers.map((c) => c()));
  });
  return io;
}

async function handleMessage(
  deps: Deps & { answerer: Answerer },
  socket: Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>,
  msg: TSocketMessage,
  signal: AbortSignal,
) {
  // The session is checked again for every question: a role change applies at once, and a
  // session that ended (deactivation) answers nothing more.
  const auth = await resolveSession(deps, socket.data.token);
  if (!auth) {
    socket.emit('error', {
      code: 'UNAUTHENTICATED',
      message: 'Your session has ended. Please sign in again.',
    });
    socket.disconnect(true);
    return;
  }
  socket.data.auth = auth;
  if (!auth.permissions.includes('data.read')) {
    socket.emit('error', {
      code: 'FORBIDDEN',
      message: permissionDeniedMessage('data.read'),
      thread_id: msg.thread_id ? Number(msg.thread_id) : null,
    });
    return;
  }
  const caller = { userId: auth.userId, orgId: auth.orgId, isAdmin: auth.isAdmin };
  const regenerate = msg.is_regenerate === true;
  let exchange: Exchange;
  try {
    exchange = await openExchange(deps, caller, {
      message: msg.message,
      useCaseId: msg.usecase_id ?? null,
      threadId: msg.thread_id ? Number(msg.thread_id) : null,
      messageId: msg.message_id ? Number(msg.message_id) : null,
      regenerate,
      alert:
        msg.alert_id !== undefined && msg.alert_id !== null && msg.alert_id !== ''
          ? { id: String(msg.alert_id), action: msg.action ?? msg.query_type ?? 'investigate' }
          : null,
    });
  } catch (error) {
    const known = error instanceof AppError;
    if (!known) deps.logger.error({ err: error }, 'could not open the exchange');
    socket.emit('error', {
      code: known ? error.code : 'INTERNAL',
      message: known ? error.message : DEFAULT_ERROR,
      thread_id: msg.thread_id ? Number(msg.thread_id) : null,
    });
    return;
  }

  if (exchange.isNewThread)
    deps.notifyUser(auth.userId, 'threads-changed', { thread_id: exchange.threadId, reason: 'created' });
  const created = () => new Date().toISOString();
  const send = (
    response_type: TSocketResponse['response_type'],
    cards: TSocketResponse['cards'],
    content = '',
  ) =>
    socket.emit('response', {
      id: exchange.messageId,
      message_id: exchange.messageId,
      thread_id: exchange.threadId,
      response_type,
      content,
      cards,
      created_date: created(),
    });

  send('chunk-init', null);
  send('chunk-data', { content_type: 'primary-response-start' });
  const cards: unknown[] = [];
  let final: { content: string; confidence: number | null; plan: unknown } = {
    content: '',
    confidence: null,
    plan: null,
  };
  let failed = false;
  try {
    for await (const event of answerExchange(deps, caller, exchange, signal)) {
      if (signal.aborted) break;
      if (event.type === 'loader') send('chunk-data', { content_type: 'loaders', text: event.text });
      else if (event.type === 'cards') {
        cards.push(...event.cards);
        send('chunk-data', event.cards);
      } else final = event;
    }
  } catch (error) {
    failed = true;
    const known = error instanceof AppError;
    if (!known) deps.logger.error({ err: error, threadId: exchange.threadId }, 'answering failed');
    const text = known ? error.message : regenerate ? REGENERATE_ERROR : DEFAULT_ERROR;
    send('chunk-data', { content_type: 'loaders-end' });
    send('chunk-data', { content_type: 'error', text });
    final = { content: text, confidence: null, plan: null };
  }
  if (!failed) send('chunk-data', { content_type: 'loaders-end' });
  // The answer is persisted before chunk-end: an answer that could not be saved is not shown as done.
  const saved = await saveAnswer(deps, exchange, {
    content: final.content,
    cards,
    status: failed ? 'error' : 'answered',
    confidence: final.confidence,
    plan: final.plan,
  }).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error, threadId: exchange.threadId }, 'could not save the answer');
      return false;
    },
  );
  if (!saved) send('chunk-data', { content_type: 'error', text: SAVE_ERROR });
  send('chunk-data', { content_type: 'primary-response-end' });
  dropThreadLists(deps, [auth.userId]);
  send('chunk-end', null, saved ? final.content : SAVE_ERROR);
}
