import type { TErrorBody } from '@catalyst/contracts';
import { clearSession, isAuthenticated } from './session';

export const AUTH_REQUIRED_MESSAGE = 'Authentication required - user has been logged out';

/** A non-2xx answer from the API, carrying the stable error code and the server's message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  readonly retryAfterSeconds: number | undefined;
  readonly statusText: string;

  constructor(
    message: string,
    init: { status: number; statusText?: string; code?: string; body?: unknown; retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.code = init.code;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The request never got an answer (offline, server down, DNS …). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached. Check your connection and try again.', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Paths under /api/ that work without a session (spec document 1 §7: login, register, logout and
 * validate-request are excluded from the authentication check; the password and licence checks
 * happen before sign-in, so they are too).
 */
const PUBLIC_PATHS = new Set([
  '/api/health',
  '/api/validate-request',
  '/api/v1/authentication/login',
  '/api/v1/authentication/register',
  '/api/v1/authentication/logout',
  '/api/v1/password/reset',
  '/api/v1/password/set',
  '/api/v1/accept/eula/validate',
]);

export function requiresAuthentication(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  if (!pathname.startsWith('/api/') && !pathname.startsWith('/copilot/')) return false;
  return !PUBLIC_PATHS.has(pathname);
}

function isErrorBody(value: unknown): value is Partial<TErrorBody> {
  return typeof value === 'object' && value !== null && ('message' in value || 'error' in value);
}

const permissionDeniedListeners = new Set<() => void>();

/** Calls `listener` whenever the server refuses a call for a missing permission (403); returns the unsubscribe. */
export function onPermissionDenied(listener: () => void): () => void {
  permissionDeniedListeners.add(listener);
  return () => permissionDeniedListeners.delete(listener);
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Keep the request alive when the page unloads (used by logout). */
  keepalive?: boolean;
  /** A call made right after sign-in, before the session is saved here (the cookie is already set). */
  justSignedIn?: boolean;
}

/**
 * The one wrapper every API call goes through: JSON in and out, credentials included (the
 * HttpOnly session cookie authenticates; the spec's Bearer header from local storage is not sent,
 * see session.ts). A protected call without a session, or one the server answers with 401, signs
 * the user out (spec document 1 §6).
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const protectedPath = requiresAuthentication(path);
  if (protectedPath && !options.justSignedIn && !isAuthenticated()) {
    clearSession();
    throw new ApiError(AUTH_REQUIRED_MESSAGE, { status: 401, code: 'UNAUTHENTICATED' });
  }

  const headers: Record<string, string> = { Accept: 'application/json' };
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isFormData) body = options.body as FormData;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  if (response.status === 401 && protectedPath) {
    clearSession();
    throw new ApiError(AUTH_REQUIRED_MESSAGE, { status: 401, code: 'UNAUTHENTICATED' });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const fallback = `${method} ${path} failed: ${response.status} ${response.statusText}`.trim();
    const message = isErrorBody(data) ? (data.message ?? data.error ?? fallback) : fallback;
    // Refused for a missing permission: the user's role changed since the screen was drawn.
    if (response.status === 403 && /^You need the \S+ permission/.test(message))
      for (const listener of [...permissionDeniedListeners]) listener();
    throw new ApiError(message, {
      status: response.status,
      statusText: response.statusText,
      code: isErrorBody(data) ? data.error : undefined,
      body: data,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    });
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
