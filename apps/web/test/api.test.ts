import { describe, expect, it } from 'vitest';
import { api, ApiError, AUTH_REQUIRED_MESSAGE, NetworkError, requiresAuthentication } from '../src/lib/api';
import { errorMessage, UNKNOWN_ERROR_MESSAGE } from '../src/lib/errors';
import { getSession, saveSession } from '../src/lib/session';
import { json, mockFetch, SIGNED_IN_USER } from './setup';

describe('the request wrapper', () => {
  it('treats /api/ and /copilot/ as protected, except the sign-in and password calls', () => {
    expect(requiresAuthentication('/api/v1/authentication/me')).toBe(true);
    expect(requiresAuthentication('/copilot/threads')).toBe(true);
    expect(requiresAuthentication('/api/copilot/threads?x=1')).toBe(true);
    for (const open of [
      '/api/v1/authentication/login',
      '/api/v1/authentication/logout',
      '/api/validate-request',
      '/api/v1/password/reset',
      '/api/v1/password/set',
      '/api/v1/accept/eula/validate',
    ]) {
      expect(requiresAuthentication(open)).toBe(false);
    }
    expect(requiresAuthentication('/assets/index.js')).toBe(false);
  });

  it('refuses a protected call without a session, with the spec message', async () => {
    const { calls } = mockFetch();
    await expect(api.get('/api/v1/authentication/me')).rejects.toThrow(AUTH_REQUIRED_MESSAGE);
    expect(calls).toHaveLength(0);
  });

  it('sends JSON with credentials (the session cookie), no Bearer token', async () => {
    const { fn } = mockFetch({ 'POST /api/copilot/feedback': () => json({ status: 'success' }) });
    saveSession(SIGNED_IN_USER);
    await expect(api.post('/api/copilot/feedback', { feedback: 1 })).resolves.toEqual({ status: 'success' });
    const init = fn.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"feedback":1}');
  });

  it('signs the user out when a protected call answers 401', async () => {
    mockFetch({
      'GET /api/copilot/threads': () => json({ error: 'UNAUTHENTICATED', message: 'Sign in' }, 401),
    });
    saveSession(SIGNED_IN_USER);
    await expect(api.get('/api/copilot/threads')).rejects.toThrow(AUTH_REQUIRED_MESSAGE);
    expect(getSession()).toBeNull();
  });

  it("raises the server's message and code, or the wrapper's own text", async () => {
    mockFetch({
      'POST /api/v1/password/set': () =>
        json({ error: 'BAD_REQUEST', message: 'This link has expired.' }, 400),
      'POST /api/v1/password/reset': () =>
        new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    const refused = await api
      .post('/api/v1/password/set', { token: 'x', newPassword: 'y' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('This link has expired.');
    expect((refused as ApiError).code).toBe('BAD_REQUEST');
    await expect(api.post('/api/v1/password/reset', { username: 'a' })).rejects.toThrow(
      'POST /api/v1/password/reset failed: 503 Service Unavailable',
    );
  });

  it('reports an unreachable server as a network error', async () => {
    mockFetch({
      'POST /api/v1/authentication/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.post('/api/v1/authentication/login', {})).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('errorMessage', () => {
  it('takes an error or message field, else the generic fallback', () => {
    expect(errorMessage({ error: 'Nope' })).toBe('Nope');
    expect(errorMessage({ message: 'Try later' })).toBe('Try later');
    expect(errorMessage(new Error('Broken'))).toBe('Broken');
    expect(errorMessage(42)).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(UNKNOWN_ERROR_MESSAGE).toBe('An unknown error occurred. Please try again.');
  });
});
