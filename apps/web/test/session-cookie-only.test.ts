import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forceLogout } from '../src/app/session/force-logout';
import { checkToken } from '../src/app/session/token-validation';
import { api } from '../src/lib/api';
import { getSession, isAuthenticated, saveSession } from '../src/lib/session';
import { json, mockFetch, SIGNED_IN_USER } from './setup';

/**
 * The session token lives only in the server's HttpOnly cookie (issue 13 item 9): script on the
 * page — an injected one included — can never read it from storage, and no request or socket
 * carries it in a header the app builds. The stored user is display data only.
 */
const ioCalls = vi.hoisted(() => [] as { options: Record<string, unknown> }[]);
vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    ioCalls.push({ options });
    const socket = {
      active: true,
      connected: false,
      on: () => socket,
      off: () => socket,
      disconnect: () => socket,
      connect: () => socket,
    };
    return socket;
  },
}));

function storedText(): string {
  const all: string[] = [];
  for (const storage of [window.localStorage, window.sessionStorage])
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)!;
      all.push(`${key}=${storage.getItem(key)}`);
    }
  return all.join('\n');
}

const authorization = (init: RequestInit | undefined) => new Headers(init?.headers).get('Authorization');

describe('the session token stays in the cookie', () => {
  beforeEach(() => {
    ioCalls.length = 0;
  });

  it('signing in stores the user but not the token, in no storage at all', () => {
    saveSession({ ...SIGNED_IN_USER, token: 'secret-session-token' });
    expect(isAuthenticated()).toBe(true);
    expect(getSession()?.user).toMatchObject({ username: 'ada', isAuthenticated: true });
    expect(storedText()).not.toContain('secret-session-token');
    expect(window.localStorage.getItem('authToken')).toBeNull();
    expect(JSON.stringify(getSession())).not.toContain('secret-session-token');
  });

  it('API calls send the cookie (credentials) and no Authorization header', async () => {
    const { fn } = mockFetch({ 'POST /api/copilot/feedback': () => json({ status: 'success' }) });
    saveSession(SIGNED_IN_USER);
    await api.post('/api/copilot/feedback', { feedback: 1 });
    const init = fn.mock.calls[0]?.[1];
    expect(authorization(init)).toBeNull();
    expect(init?.credentials).toBe('include');
  });

  it('the session check and the forced logout send no Authorization header either', async () => {
    saveSession(SIGNED_IN_USER);
    let seen: RequestInit | undefined;
    await checkToken(async (_url, init) => {
      seen = init;
      return json({ valid: true });
    });
    expect(authorization(seen)).toBeNull();
    expect(seen?.credentials).toBe('include');
    const { fn } = mockFetch();
    forceLogout();
    const logout = fn.mock.calls.find(([url]) => String(url).includes('/logout'));
    expect(logout).toBeTruthy();
    expect(authorization(logout?.[1])).toBeNull();
    expect(logout?.[1]?.credentials).toBe('include');
  });

  it('the socket opens with the cookie only, no token in its handshake', async () => {
    saveSession(SIGNED_IN_USER);
    const { getSocket, closeSocket } = await import('../src/lib/socket');
    closeSocket();
    getSocket();
    expect(ioCalls).toHaveLength(1);
    const options = ioCalls[0]!.options;
    expect(options.withCredentials).toBe(true);
    expect(JSON.stringify(options)).not.toContain('test-token');
    expect(options.auth ?? {}).toEqual({});
    closeSocket();
  });

  it('a token an older version left in storage is removed and never used', async () => {
    window.localStorage.setItem('authToken', 'left-over-token');
    window.localStorage.setItem(
      'catalyst-user',
      JSON.stringify({ username: 'ada', name: 'Ada', isAuthenticated: true }),
    );
    expect(isAuthenticated()).toBe(true);
    expect(window.localStorage.getItem('authToken')).toBeNull();
    const { fn } = mockFetch({ 'GET /api/copilot/threads': () => json([]) });
    await api.get('/api/copilot/threads');
    expect(authorization(fn.mock.calls[0]?.[1])).toBeNull();
  });
});
