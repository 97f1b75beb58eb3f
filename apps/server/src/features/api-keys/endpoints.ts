import type { TApiEndpoint } from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { declaredRoutes } from '../../plugins/auth';
import './tables';

/** "GET /api/v1/users" → "get-users": the id an organisation's on/off setting is stored under. */
export function endpointIdOf(method: string, url: string): string {
  const path = url.replace(/^\/api\/v1\//, '').replace(/[^A-Za-z0-9]+/g, '-');
  return `${method.toLowerCase()}-${path}`.replace(/-+$/, '').toLowerCase();
}

type Method = TApiEndpoint['method'];
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];

/**
 * The public API's endpoints: generated from the app's own route table (the routes that opt in
 * to API keys with `config.apiKey`), so the list can never show an endpoint that does not exist.
 */
function publicEndpoints(app: FastifyInstance): Omit<TApiEndpoint, 'enabled'>[] {
  return declaredRoutes(app)
    .filter((r) => r.apiKey && METHODS.includes(r.method))
    .map((r) => ({
      id: endpointIdOf(r.method, r.url),
      method: r.method as Method,
      path: r.url,
      description: r.summary ?? '',
      permission: r.apiKey!.access,
      rateLimit: r.apiKey!.rateLimit,
    }));
}

/** The endpoints with the organisation's on/off settings (an endpoint is on unless switched off). */
export async function listEndpoints(
  deps: Deps,
  app: FastifyInstance,
  orgId: number,
): Promise<TApiEndpoint[]> {
  const settings = await deps.db
    .selectFrom('api_endpoint_settings')
    .select(['endpoint_id', 'enabled'])
    .where('org_id', '=', orgId)
    .execute();
  const off = new Set(settings.filter((s) => !s.enabled).map((s) => s.endpoint_id));
  return publicEndpoints(app).map((e) => ({ ...e, enabled: !off.has(e.id) }));
}

export async function setEndpointEnabled(
  deps: Deps,
  app: FastifyInstance,
  input: { orgId: number; userId: number; id: string; enabled: boolean },
): Promise<TApiEndpoint> {
  const endpoint = publicEndpoints(app).find((e) => e.id === input.id);
  if (!endpoint) throw notFound(`Endpoint "${input.id}"`);
  await deps.db
    .insertInto('api_endpoint_settings')
    .values({
      org_id: input.orgId,
      endpoint_id: endpoint.id,
      enabled: input.enabled,
      updated_by: input.userId,
      updated_at: deps.now(),
    })
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'endpoint_id'])
        .doUpdateSet({ enabled: input.enabled, updated_by: input.userId, updated_at: deps.now() }),
    )
    .execute();
  return { ...endpoint, enabled: input.enabled };
}
