import { isPermission, permissionDeniedMessage, type TPermission } from '@catalyst/contracts';
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
    /**
     * The permission a signed-in caller needs (403 FORBIDDEN without it, checked before the body
     * is even read). Routes every signed-in user may call declare none and are listed, with the
     * reason, in apps/server/test/helpers/signed-in-routes.ts: the authorisation test fails for
     * an /api route that does neither.
     */
    permission?: TPermission;
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
  /** Holds the organisation's Admin role (sees every use case of the organisation). */
  isAdmin: boolean;
  /**
   * Background work (recommendation scans) acting for the organisation rather than for a user:
   * data access groups do not apply to it. Never set from a request.
   */
  system?: true;
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

/** Refuses (403) a caller without the permission; for checks a route config cannot express. */
export function requirePermission(auth: Pick<AuthContext, 'permissions'>, permission: TPermission): void {
  if (!auth.permissions.includes(permission)) throw new AppError('FORBIDDEN', permissionDeniedMessage(permission));
}

/** One row of the app's route table, as the authorisation hook sees it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  public: boolean;
  permission: TPermission | null;
}

const routeTables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route registered on the app (children included), with what it requires. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return routeTables.get(app) ?? [];
}

/**
 * Resolves the session of every request; every /api route not marked public requires one, and
 * a route's declared permission is checked here, in one place, before validation and handler.
 */
export function registerAuth(app: FastifyInstance, deps: Deps): void {
  const table: DeclaredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; permission?: unknown };
    if (config.permission !== undefined && !isPermission(config.permission)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares the unknown permission "${String(config.permission)}".`);
    }
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, public: config.public === true, permission: (config.permission as TPermission | undefined) ?? null });
    }
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = sessionToken(request);
    request.auth = token ? await resolveSession(deps, token) : null;
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi || request.routeOptions.config.public || request.is404 === true) return;
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    const needed = request.routeOptions.config.permission;
    if (needed) requirePermission(request.auth, needed);
  });
}
