import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom lacks these browser APIs that Radix and the theme code use.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (typeof globalThis.ResizeObserver !== 'function') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (typeof Element.prototype.hasPointerCapture !== 'function') {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  setViewportWidth(1280);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

export function setViewportWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

export const SIGNED_IN_USER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  defaultUseCaseId: 1,
  isEulaAccepted: true,
  token: 'test-token',
};

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces fetch with a router of handlers keyed by "METHOD /path". Unknown calls answer like a
 * healthy server for the session endpoints and 404 otherwise.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    if (handler) return handler(url, init);
    if (url === '/api/validate-request') return json({ valid: true });
    if (url === '/api/v1/authentication/me')
      return json({
        id: 1,
        username: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        name: 'Ada Lovelace',
        defaultUseCaseId: 1,
        isEulaAccepted: true,
        isAdmin: true,
        orgId: 1,
        orgName: 'Default',
        roleId: 1,
        roleName: 'Admin',
        permissions: [
          'users.read',
          'users.write',
          'users.delete',
          'orgs.read',
          'orgs.write',
          'data.read',
          'data.write',
          'reports.view',
        ],
      });
    return json({ error: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
