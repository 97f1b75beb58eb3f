import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';

/** Listens on a free loopback port and returns the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected socket (rejects with the connect error). */
export function connectedSocket(url: string, token: string): Promise<Socket> {
  const socket = connectSocket(url, token);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

export function connectSocket(url: string, token?: string): Socket {
  return io(url, {
    path: '/socketio',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
}

export interface Reply {
  chunks: {
    response_type: string;
    cards: unknown;
    content: string;
    thread_id: number | null;
    id: number | null;
  }[];
  threadId: number | null;
  messageId: number | null;
  cards: unknown[];
  controls: { content_type: string; text?: string }[];
  content: string;
}

/** Sends one `message` and collects its `response` chunks until chunk-end (or an `error` event). */
export function ask(
  socket: Socket,
  payload: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<Reply | { error: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const reply: Reply = {
      chunks: [],
      threadId: null,
      messageId: null,
      cards: [],
      controls: [],
      content: '',
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no chunk-end within ${timeoutMs} ms: ${JSON.stringify(reply.chunks.slice(-3))}`));
    }, timeoutMs);
    const onResponse = (chunk: Reply['chunks'][number]) => {
      reply.chunks.push(chunk);
      reply.threadId = chunk.thread_id;
      reply.messageId = chunk.id;
      if (Array.isArray(chunk.cards)) reply.cards.push(...chunk.cards);
      else if (chunk.cards && typeof chunk.cards === 'object')
        reply.controls.push(chunk.cards as Reply['controls'][number]);
      if (chunk.response_type === 'chunk-end') {
        reply.content = chunk.content;
        cleanup();
        resolve(reply);
      }
    };
    const onError = (error: { code: string; message: string }) => {
      cleanup();
      resolve({ error });
    };
    const cleanup = () => {
      clearTimeout(timer);
      socket.off('response', onResponse);
      socket.off('error', onError);
    };
    socket.on('response', onResponse);
    socket.on('error', onError);
    socket.emit('message', payload);
  });
}
