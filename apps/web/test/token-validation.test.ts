import { describe, expect, it } from 'vitest';
import { checkToken, createFailureCounter } from '../src/app/session/token-validation';
import { json } from './setup';

describe('token validation failure counter', () => {
  it('ends the session at once when the server says the token is not valid', () => {
    const counter = createFailureCounter();
    expect(counter.record({ kind: 'invalid' })).toBe(false);
  });

  it.each([401, 403])('ends the session at once on HTTP %i', (status) => {
    const counter = createFailureCounter();
    expect(counter.record({ kind: 'http-error', status })).toBe(false);
  });

  it('tolerates two other failures and gives up on the third within five minutes', () => {
    let now = 0;
    const counter = createFailureCounter({ now: () => now });
    expect(counter.record({ kind: 'http-error', status: 500 })).toBe(true);
    now += 60_000;
    expect(counter.record({ kind: 'network-error' })).toBe(true);
    now += 60_000;
    expect(counter.failures).toBe(2);
    expect(counter.record({ kind: 'http-error', status: 502 })).toBe(false);
  });

  it('starts counting again once five minutes have passed since the first failure', () => {
    let now = 0;
    const counter = createFailureCounter({ now: () => now });
    counter.record({ kind: 'network-error' });
    now += 60_000;
    counter.record({ kind: 'network-error' });
    now = 300_000;
    expect(counter.record({ kind: 'network-error' })).toBe(true);
    expect(counter.failures).toBe(1);
  });

  it('clears the count after a successful check', () => {
    const counter = createFailureCounter({ now: () => 0 });
    counter.record({ kind: 'network-error' });
    counter.record({ kind: 'network-error' });
    expect(counter.record({ kind: 'valid' })).toBe(true);
    expect(counter.failures).toBe(0);
    expect(counter.record({ kind: 'network-error' })).toBe(true);
  });
});

describe('checkToken', () => {
  it('reads { valid } from GET /api/validate-request with the session cookie', async () => {
    window.localStorage.setItem(
      'catalyst-user',
      JSON.stringify({ username: 'ada', name: 'Ada', isAuthenticated: true }),
    );
    let seen: RequestInit | undefined;
    const outcome = await checkToken(async (_url, init) => {
      seen = init;
      return json({ valid: true });
    });
    expect(outcome).toEqual({ kind: 'valid' });
    expect(new Headers(seen?.headers).get('Authorization')).toBeNull();
    expect(seen?.credentials).toBe('include');
  });

  it('maps answers and failures to outcomes', async () => {
    expect(await checkToken(async () => json({ valid: false }))).toEqual({ kind: 'invalid' });
    expect(await checkToken(async () => json({ error: 'UNAUTHENTICATED' }, 401))).toEqual({
      kind: 'http-error',
      status: 401,
    });
    expect(
      await checkToken(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toEqual({ kind: 'network-error' });
  });
});
