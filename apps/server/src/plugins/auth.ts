import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { SESSION_COOKIE, resolveSession, type AuthContext } from '../features/auth/sessions';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a session (sign-in, health, docs). */
    public?: boolean;
  }
}

/** The session token of a request: the HttpOnly cookie, else `Authorization: Bearer`. */
export function sessionToken(request: FastifyRequest): string | null {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Who is asking, as the feature services take it: the user, their organisation, whether admin. */
export interface Caller {
  userId: number;
  orgId: number;
  isAdmin: boolean;
}

/** The caller of a route that requires a session. */
export function callerOf(request: FastifyRequest): Caller {
  const auth = authOf(request);
  return { userId: auth.userId, orgId: auth.orgId, isAdmin: auth.isAdmin };
}

/** The caller's context on a route that requires a session (the global hook guarantees it). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = authOf(request);
  if (!auth.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return auth;
}

/** Resolves the session of every request; every /api route not marked public requires one. */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    request.auth = token ? await resolveSession(deps, token) : null;
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi && !request.routeOptions.config.public && request.is404 !== true && !request.auth) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    }
  });
}
