import type { Page, WebSocketRoute } from 'playwright-core';

/**
 * Stands between a page and the server's Socket.IO websocket (Playwright's routeWebSocket), so a
 * browser spec can take the connection away and give it back. While `down`, every open connection
 * is closed on both sides (the server sees the client go, as when a network drops) and every new
 * attempt is closed at once. Frames pass through unchanged otherwise, except that the spec can
 * hold back the answer chunks or cut the connection at the first card of an answer.
 */
export interface SocketGate {
  /** Closes the connections and refuses new ones until `up()`. */
  down(): void;
  up(): void;
  /** Holds the server's "response" frames until `release()` (an answer that takes its time). */
  hold(): void;
  release(): void;
  /** The next answer is cut off: the connection drops when its first cards are on the way. */
  dropAtFirstCards(): void;
  /** Websocket connections the page opened so far (attempts included). */
  readonly attempts: number;
}

export async function gateSocket(page: Page): Promise<SocketGate> {
  let isDown = false;
  let holding = false;
  let dropNext = false;
  let attempts = 0;
  const open = new Set<{ page: WebSocketRoute; server: WebSocketRoute }>();
  const held: { route: WebSocketRoute; frame: string | Buffer }[] = [];

  const cut = (pair: { page: WebSocketRoute; server: WebSocketRoute }) => {
    open.delete(pair);
    void pair.server.close().catch(() => undefined);
    void pair.page.close().catch(() => undefined);
  };

  await page.routeWebSocket(/\/socketio\//, (ws) => {
    attempts += 1;
    if (isDown) {
      // Fails at once, as a refused connection does: Playwright's stand-in socket cannot raise a
      // network error itself, so it answers with a frame Engine.IO rejects, then closes.
      ws.send('x');
      void ws.close().catch(() => undefined);
      return;
    }
    const server = ws.connectToServer();
    const pair = { page: ws, server };
    open.add(pair);
    server.onMessage((frame) => {
      const text = typeof frame === 'string' ? frame : '';
      if (text.startsWith('42["response"')) {
        if (dropNext && text.includes('"response_type":"chunk-data"') && text.includes('"cards":[')) {
          dropNext = false;
          cut(pair);
          return;
        }
        if (holding) {
          held.push({ route: ws, frame });
          return;
        }
      }
      ws.send(frame);
    });
    ws.onMessage((frame) => server.send(frame));
    ws.onClose(() => {
      open.delete(pair);
      void server.close().catch(() => undefined);
    });
    server.onClose(() => {
      open.delete(pair);
      void ws.close().catch(() => undefined);
    });
  });

  return {
    down() {
      isDown = true;
      for (const pair of [...open]) cut(pair);
    },
    up() {
      isDown = false;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const { route, frame } of held.splice(0)) route.send(frame);
    },
    dropAtFirstCards() {
      dropNext = true;
    },
    get attempts() {
      return attempts;
    },
  };
}
