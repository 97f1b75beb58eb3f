import {
  parseClientEvent,
  type TClientToServerReceived,
  type TServerToClientEvents,
  type TSocketMessage,
  type TSocketResponse,
} from '@catalyst/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { Deps } from '../deps';
import { askCatalyst, type AskInput, dropThreadLists } from '../features/conversations';
import { SESSIONS_ENDED, resolveSession, type AuthContext, type SessionsEnded } from '../features/auth';
import { SESSION_COOKIE } from '../plugins/auth';
import { appOriginAllows } from '../plugins/security';

interface SocketData {
  auth: AuthContext;
  token: string;
}
type CatalystSocket = Socket<
  TClientToServerReceived,
  TServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** Questions one user may have in flight at once on this server. */
const MAX_IN_FLIGHT = 3;

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
 * own origin only) or by the token in the handshake (`auth.token` or a Bearer header). Events are
 * those of the contracts' event map: each is parsed on receipt, and a malformed one is answered
 * with an `error` event (the socket stays usable); an event outside the map has no listener and is
 * ignored, so a stray or hostile name costs nothing and echoes nothing. A `message` is answered as
 * `response` chunks — chunk-init, chunk-data (control objects and card arrays), chunk-end — by
 * translating askCatalyst's events; the answer is saved before chunk-end.
 */
export async function attachRealtime(app: FastifyInstance, deps: Deps) {
  const io = new Server<TClientToServerReceived, TServerToClientEvents, Record<string, never>, SocketData>(
    app.server,
    {
      path: '/socketio',
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 100_000,
    },
  );
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
    socket.on('message', (payload) => {
      const parsed = parseClientEvent('message', payload);
      if (!parsed.ok) {
        socket.emit('error', { code: 'VALIDATION_FAILED', message: parsed.message });
        return;
      }
      const userId = socket.data.auth.userId;
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
      answerMessage(deps, socket, parsed.data, controller.signal)
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

const idOrNull = (value: number | '' | null | undefined) => (value ? Number(value) : null);

/** The socket's `message` as askCatalyst takes it. */
function askInputOf(msg: TSocketMessage): AskInput {
  return {
    message: msg.message,
    useCaseId: msg.usecase_id ?? null,
    threadId: idOrNull(msg.thread_id),
    messageId: idOrNull(msg.message_id),
    regenerate: msg.is_regenerate === true,
    alert:
      msg.alert_id !== undefined && msg.alert_id !== null && msg.alert_id !== ''
        ? { id: String(msg.alert_id), action: msg.action ?? msg.query_type ?? 'investigate' }
        : null,
  };
}

/** Answers one `message`: askCatalyst's events translated into the chunk protocol. */
async function answerMessage(deps: Deps, socket: CatalystSocket, msg: TSocketMessage, signal: AbortSignal) {
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
  const caller = {
    userId: auth.userId,
    orgId: auth.orgId,
    isAdmin: auth.isAdmin,
    permissions: auth.permissions,
  };
  let started: { threadId: number; messageId: number } | null = null;
  const send = (
    response_type: TSocketResponse['response_type'],
    cards: TSocketResponse['cards'],
    content = '',
  ) =>
    socket.emit('response', {
      id: started!.messageId,
      message_id: started!.messageId,
      thread_id: started!.threadId,
      response_type,
      content,
      cards,
      created_date: new Date().toISOString(),
    });

  for await (const event of askCatalyst(deps, caller, askInputOf(msg), signal)) {
    switch (event.type) {
      case 'started':
        started = event;
        send('chunk-init', null);
        send('chunk-data', { content_type: 'primary-response-start' });
        break;
      case 'loader':
        send('chunk-data', { content_type: 'loaders', text: event.text });
        break;
      case 'cards':
        send('chunk-data', event.cards);
        break;
      case 'answered':
        send('chunk-data', { content_type: 'loaders-end' });
        send('chunk-data', { content_type: 'primary-response-end' });
        send('chunk-end', null, event.content);
        break;
      case 'failed': {
        const { code, message, threadId } = event.error;
        // Refused before anything was saved: an error event; after: the answer ends as an error.
        if (!started) {
          socket.emit('error', { code, message, thread_id: threadId });
          break;
        }
        send('chunk-data', { content_type: 'loaders-end' });
        send('chunk-data', { content_type: 'error', code, text: message });
        send('chunk-data', { content_type: 'primary-response-end' });
        send('chunk-end', null, message);
        break;
      }
    }
  }
}
