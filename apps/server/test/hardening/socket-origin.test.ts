import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { bearer, createTestApp, type TestApp } from '../helpers/app';
import { listen } from '../helpers/listen';

/**
 * Cross-site WebSocket hijacking (issue 13 item 6) and sockets outliving their session (item 9).
 * A browser attaches the session cookie to a WebSocket handshake from any page, so the socket
 * checks the handshake's Origin like the HTTP Origin check does: PUBLIC_URL's origin or the
 * server's own host. A handshake without Origin (not a browser) must authenticate by token; a
 * cookie without Origin is refused. Signing out, deactivating a user and deactivating an
 * organisation close the sockets of the sessions they end, at once.
 */
let t: TestApp;
let url: string;
let port: string;
const opened: Socket[] = [];

const PUBLIC_ORIGIN = 'http://catalyst.test';

/** Connects with the given handshake; resolves with the socket or the refusal's message. */
function handshake(options: {
  origin?: string;
  cookie?: string;
  token?: string;
}): Promise<{ socket: Socket } | { refused: string }> {
  const headers: Record<string, string> = {};
  if (options.origin) headers.origin = options.origin;
  if (options.cookie) headers.cookie = `catalyst_session=${options.cookie}`;
  const socket = io(url, {
    path: '/socketio',
    transports: ['websocket'],
    auth: options.token ? { token: options.token } : {},
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ socket }));
    socket.on('connect_error', (error) => {
      socket.close();
      resolve({ refused: error.message });
    });
  });
}

async function connected(options: Parameters<typeof handshake>[0]): Promise<Socket> {
  const result = await handshake(options);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result.socket;
}

/** Resolves true when the server closes the socket within `ms`, false when it stays open. */
function closedByServer(socket: Socket, ms = 3000): Promise<boolean> {
  if (!socket.connected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason === 'io server disconnect' || reason === 'transport close');
    });
  });
}

beforeAll(async () => {
  t = await createTestApp('pglite');
  url = await listen(t.app);
  port = new URL(url).port;
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await t?.close();
});

describe('the socket checks the Origin of its handshake', () => {
  it('refuses a cookie from a foreign page', async () => {
    const token = await t.login();
    for (const origin of [
      'https://evil.example',
      'http://catalyst.test.evil.example',
      'null',
      `http://localhost:${port}`,
    ]) {
      const result = await handshake({ origin, cookie: token });
      expect(result, origin).toMatchObject({ refused: expect.stringMatching(/origin/i) });
    }
  });

  it("accepts a cookie from PUBLIC_URL's origin and from the server's own host", async () => {
    const token = await t.login();
    for (const origin of [PUBLIC_ORIGIN, `http://127.0.0.1:${port}`]) {
      const socket = await connected({ origin, cookie: token });
      expect(socket.connected).toBe(true);
      socket.disconnect();
    }
  });

  it('refuses a cookie without Origin, and a token from a foreign page', async () => {
    const token = await t.login();
    expect(await handshake({ cookie: token })).toMatchObject({ refused: expect.stringMatching(/origin/i) });
    expect(await handshake({ cookie: token, token })).toMatchObject({
      refused: expect.stringMatching(/origin/i),
    });
    expect(await handshake({ origin: 'https://evil.example', token })).toMatchObject({
      refused: expect.stringMatching(/origin/i),
    });
  });

  it('accepts a token without Origin (programs, not browsers) and a token from the app', async () => {
    const token = await t.login();
    for (const options of [{ token }, { token, origin: PUBLIC_ORIGIN }]) {
      const socket = await connected(options);
      expect(socket.connected).toBe(true);
      socket.disconnect();
    }
  });
});

describe('ending a session closes its sockets', () => {
  it("signing out closes that session's sockets, not the user's other sessions", async () => {
    await t.createUser({ username: 'sam', password: 'Sam#pass12' });
    const first = await t.login('sam', 'Sam#pass12');
    const second = await t.login('sam', 'Sam#pass12');
    const a = await connected({ origin: PUBLIC_ORIGIN, cookie: first });
    const b = await connected({ token: second });
    const aClosed = closedByServer(a);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/logout',
      headers: { ...bearer(first) },
    });
    expect(logout.statusCode).toBe(200);
    expect(await aClosed).toBe(true);
    expect(await closedByServer(b, 500)).toBe(false);
    b.disconnect();
  });

  it("deactivating a user closes all of that user's sockets", async () => {
    const { id } = await t.createUser({ username: 'dora', password: 'Dora#pass12' });
    const socket = await connected({ token: await t.login('dora', 'Dora#pass12') });
    const closed = closedByServer(socket);
    const admin = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${id}/deactivate`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe(true);
  });

  it("deactivating an organisation closes its users' sockets", async () => {
    const { orgId } = await t.createUser({ username: 'otto', password: 'Otto#pass12', orgName: 'Closing' });
    const token = await t.login('otto', 'Otto#pass12');
    const socket = await connected({ token });
    const closed = closedByServer(socket);
    const admin = await t.login();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/organizations/${orgId}/deactivate`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe(true);
    // Reconnecting with the ended session is refused.
    expect(await handshake({ token })).toHaveProperty('refused');
  });
});
