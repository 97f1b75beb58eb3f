import { isPermission, permissionDeniedMessage, type TPermission } from '@catalyst/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../features/auth';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route registered on the app, with what it requires (filled by registerAuth's onRoute hook). */
    routeTable: DeclaredRoute[];
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
    /**
     * A route of the public API: API keys may call it (anywhere else a key gets 401). `access`
     * is the key level it needs; `rateLimit` the requests per minute one key may make to it.
     */
    apiKey?: ApiKeyRoute;
  }
}

export interface ApiKeyRoute {
  access: 'read' | 'write';
  rateLimit: number;
}

/** Authenticates API keys (features/api-keys); plugged in by app.ts. */
export interface ApiKeyAuthenticator {
  /** A bearer token that is an API key rather than a session token. */
  recognises(token: string): boolean;
  /** The context a key acts with on a public API route, or a refusal (401, 403, 429). */
  authenticate(request: FastifyRequest, reply: FastifyReply, key: string): Promise<AuthContext>;
  /** Called for every response, to record the requests made with keys. */
  responded(request: FastifyRequest, reply: FastifyReply): void;
}

/** The HttpOnly cookie holding the session token (set at sign-in by features/auth). */
export const SESSION_COOKIE = 'catalyst_session';

const API_KEY_ONLY_PUBLIC_API =
  'API keys work only on the public API (/api/v1/users, /api/v1/conversations, …). Sign in to use the rest of Catalyst.';

/** The token of `Authorization: Bearer <token>`, if any. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The session token of a request: the HttpOnly cookie, else `Authorization: Bearer`. */
export function sessionToken(request: FastifyRequest): string | null {
  return request.cookies[SESSION_COOKIE] || bearerToken(request);
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
function requirePermission(auth: Pick<AuthContext, 'permissions'>, permission: TPermission): void {
  if (!auth.permissions.includes(permission))
    throw new AppError('FORBIDDEN', permissionDeniedMessage(permission));
}

/** One row of the app's route table, as the authorisation hook sees it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  public: boolean;
  permission: TPermission | null;
  /** Set for the routes of the public API that API keys may call. */
  apiKey: ApiKeyRoute | null;
  /** The route's one-line summary (its OpenAPI summary). */
  summary: string | null;
}

/** Every route registered on the app (children included), with what it requires. */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return app.hasDecorator('routeTable') ? app.routeTable : [];
}

/**
 * Resolves the session of every request; every /api route not marked public requires one, and
 * a route's declared permission is checked here, in one place, before validation and handler.
 */
export function registerAuth(
  app: FastifyInstance,
  options: {
    /** The signed-in user of a session token, or null (features/auth, plugged in by app.ts). */
    resolveSession: (token: string) => Promise<AuthContext | null>;
    apiKeys?: ApiKeyAuthenticator;
  },
): void {
  const table: DeclaredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { public?: boolean; permission?: unknown; apiKey?: ApiKeyRoute };
    if (config.permission !== undefined && !isPermission(config.permission)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares the unknown permission "${String(config.permission)}".`,
      );
    }
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        public: config.public === true,
        permission: (config.permission as TPermission | undefined) ?? null,
        apiKey: config.apiKey ?? null,
        summary: (route.schema as { summary?: string } | undefined)?.summary ?? null,
      });
    }
  });

  app.decorateRequest('auth', null);
  const { resolveSession, apiKeys } = options;
  app.addHook('onRequest', async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    const open = !isApi || request.routeOptions.config.public || request.is404 === true;
    // An API key (recognisable by its prefix) is accepted only where a route opts in.
    const bearer = bearerToken(request);
    if (bearer && apiKeys?.recognises(bearer)) {
      request.auth = null;
      if (open) return;
      if (!request.routeOptions.config.apiKey) throw new AppError('UNAUTHENTICATED', API_KEY_ONLY_PUBLIC_API);
      request.auth = await apiKeys.authenticate(request, reply, bearer);
    } else {
      const token = sessionToken(request);
      request.auth = token ? await resolveSession(token) : null;
    }
    if (open) return;
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    const needed = request.routeOptions.config.permission;
    if (needed) requirePermission(request.auth, needed);
  });
  if (apiKeys) app.addHook('onResponse', async (request, reply) => apiKeys.responded(request, reply));
}
