import type { TApiKeyPermission } from '@catalyst/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { ApiKeyAuthenticator, ApiKeyRoute } from '../../plugins/auth';
import { permissionsOf, type AuthContext } from '../auth';
import { endpointIdOf } from './endpoints';
import { hashApiKey, looksLikeApiKey, maskedKey } from './key-format';
import { countRequest } from './rate-limit';
import { createRequestLogWriter } from './request-log';
import { keyLevel, keyPermissions } from './service';
import './tables';

const INVALID =
  'This API key is not valid. Send an active key as "Authorization: Bearer <key>"; keys are created in the Admin Panel under API Management.';
const day = (d: Date) => new Date(d).toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** Whether a key of `level` may call an endpoint that needs `access` (levels are cumulative). */
const reaches = (level: TApiKeyPermission, access: ApiKeyRoute['access']) =>
  access === 'read' || level !== 'read';

/**
 * API keys on the public API. Per request: one read (the key with its creator, role,
 * organisation and the endpoint's on/off setting) and one upsert (the rate-limit window); the
 * request log is written in batches after the response. Nothing is cached, so revoking a key,
 * deactivating its creator or changing their role applies to the very next request, on every
 * server instance.
 */
export function createApiKeyAuthenticator(deps: Deps): ApiKeyAuthenticator & { flush(): Promise<void> } {
  const logs = createRequestLogWriter(deps);
  const marks = new WeakMap<FastifyRequest, { orgId: number; keyId: number; keyMasked: string; at: Date }>();

  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
  ): Promise<AuthContext> {
    const route = request.routeOptions.config.apiKey!;
    // HEAD is GET without a body: the same endpoint, its switch and its counter.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const url = request.routeOptions.url ?? request.url;
    const endpointId = endpointIdOf(method, url);
    const row =
      key.length > 200
        ? undefined
        : await deps.db
            .selectFrom('api_keys as k')
            .innerJoin('users as u', 'u.id', 'k.created_by')
            .innerJoin('organizations as o', 'o.id', 'k.org_id')
            .innerJoin('roles as r', 'r.id', 'u.role_id')
            .leftJoin('api_endpoint_settings as s', (join) =>
              join.onRef('s.org_id', '=', 'k.org_id').on('s.endpoint_id', '=', endpointId),
            )
            .select([
              'k.id',
              'k.org_id',
              'k.prefix',
              'k.permissions',
              'k.rate_limit',
              'k.expires_at',
              'k.revoked_at',
              'u.id as user_id',
              'u.username',
              'u.first_name',
              'u.last_name',
              'u.is_active',
              'o.status as org_status',
              'r.id as role_id',
              'r.permissions as role_permissions',
              sql<boolean>`r.key is not distinct from 'admin'`.as('is_admin'),
              's.enabled as endpoint_enabled',
            ])
            .where('k.key_hash', '=', hashApiKey(key))
            .executeTakeFirst();
    if (!row) throw new AppError('UNAUTHENTICATED', INVALID);

    const now = deps.now();
    // From here on the request is the key's: it is logged, whatever the answer.
    marks.set(request, { orgId: row.org_id, keyId: row.id, keyMasked: maskedKey(row.prefix), at: now });
    if (row.revoked_at)
      throw new AppError(
        'UNAUTHENTICATED',
        `This API key was revoked on ${day(row.revoked_at)}. Create a new key in the Admin Panel under API Management.`,
      );
    if (row.expires_at && new Date(row.expires_at).getTime() <= now.getTime()) {
      throw new AppError(
        'UNAUTHENTICATED',
        `This API key expired on ${day(row.expires_at)}. Create a new key in the Admin Panel under API Management.`,
      );
    }
    if (row.org_status !== 'active')
      throw new AppError(
        'UNAUTHENTICATED',
        'This API key no longer works: its organization has been deactivated.',
      );
    const creator = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username;
    if (!row.is_active)
      throw new AppError(
        'UNAUTHENTICATED',
        `This API key no longer works: ${creator}, who created it, has been deactivated. Create a new key with an active account.`,
      );

    const limit = await countRequest(deps, {
      keyId: row.id,
      endpointId,
      keyLimit: row.rate_limit,
      endpointLimit: route.rateLimit,
    });
    reply.header('X-RateLimit-Limit', String(limit.limit));
    reply.header('X-RateLimit-Remaining', String(limit.remaining));
    reply.header('X-RateLimit-Reset', String(limit.reset));
    if (limit.exceeded) {
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit exceeded: this key may make ${limit.limit} requests per minute here. Try again in ${limit.retryAfter} seconds.`,
        { 'Retry-After': String(limit.retryAfter) },
      );
    }
    if (row.endpoint_enabled === false) {
      throw new AppError(
        'FORBIDDEN',
        `The endpoint ${method} ${url} is disabled for your organization. An administrator can enable it in the Admin Panel under API Management → Endpoints.`,
      );
    }
    const level = keyLevel(row.permissions);
    if (!reaches(level, route.access)) {
      throw new AppError(
        'FORBIDDEN',
        `This API key has ${level} access; ${method} ${url} needs a key with ${route.access} access.`,
      );
    }
    return {
      userId: row.user_id,
      orgId: row.org_id,
      username: row.username,
      // Seeing every use case of the organisation is an administrator's power: admin keys only.
      isAdmin: row.is_admin && level === 'admin',
      // No session: a key request.
      sessionId: 0,
      roleId: row.role_id,
      permissions: keyPermissions(level, permissionsOf(row.role_permissions)),
    };
  }

  return {
    recognises: looksLikeApiKey,
    authenticate,
    responded(request, reply) {
      const mark = marks.get(request);
      if (!mark) return;
      marks.delete(request);
      logs.push({
        ...mark,
        method: request.method,
        endpoint: (request.url.split('?')[0] ?? request.url).slice(0, 300),
        status: reply.statusCode,
        responseMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      });
    },
    flush: logs.flush,
  };
}
