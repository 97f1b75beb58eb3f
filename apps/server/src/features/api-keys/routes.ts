import {
  ZApiEndpoint,
  ZApiEndpointList,
  ZApiEndpointParams,
  ZApiEndpointUpdate,
  ZApiKeyList,
  ZApiRequestLogPage,
  ZApiRequestLogQuery,
  ZApiSummary,
  ZCreateApiKey,
  ZCreatedApiKey,
  ZIdParams,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { listEndpoints, setEndpointEnabled } from './endpoints';
import { listRequestLogs } from './request-log';
import { apiSummary, createKey, listKeys, revokeKey } from './service';

const tags = ['API Management'];

/**
 * The Admin Panel's API Management tab (session only: keys cannot manage keys). API access is an
 * organisation setting: orgs.read sees keys, endpoints and logs; orgs.write creates and revokes
 * keys and switches endpoints. `logs.flush` first stores this instance's pending request logs,
 * so what was just requested shows at once.
 */
export async function apiKeyRoutes(app: FastifyInstance, deps: Deps, logs: { flush(): Promise<void> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';
  app.addHook('onClose', async () => logs.flush());

  r.get(
    `${base}/api-keys`,
    {
      config: { permission: 'orgs.read' },
      schema: {
        tags,
        summary: "The organisation's API keys (prefix only, never the secret)",
        response: { 200: ZApiKeyList, ...errorResponses },
      },
    },
    async (request) => ({
      keys: await listKeys(deps, authOf(request).orgId),
    }),
  );
  r.post(
    `${base}/api-keys`,
    {
      config: { permission: 'orgs.write' },
      schema: {
        tags,
        summary: 'Create an API key: the answer holds the secret, shown this once',
        body: ZCreateApiKey,
        response: { 200: ZCreatedApiKey, ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return createKey(deps, { orgId: auth.orgId, userId: auth.userId, key: request.body });
    },
  );
  r.delete(
    `${base}/api-keys/:id`,
    {
      config: { permission: 'orgs.write' },
      schema: {
        tags,
        summary: 'Revoke (delete) an API key: it stops working at once',
        params: ZIdParams,
        response: { 200: z.object({ status: z.literal('Success') }), ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await revokeKey(deps, { orgId: auth.orgId, userId: auth.userId, id: request.params.id });
      return { status: 'Success' as const };
    },
  );

  r.get(
    `${base}/api-endpoints`,
    {
      config: { permission: 'orgs.read' },
      schema: {
        tags,
        summary: "The public API's endpoints and whether each is enabled",
        response: { 200: ZApiEndpointList, ...errorResponses },
      },
    },
    async (request) => ({
      endpoints: await listEndpoints(deps, app, authOf(request).orgId),
    }),
  );
  r.put(
    `${base}/api-endpoints/:id`,
    {
      config: { permission: 'orgs.write' },
      schema: {
        tags,
        summary: "Enable or disable an endpoint for the organisation's keys",
        params: ZApiEndpointParams,
        body: ZApiEndpointUpdate,
        response: { 200: ZApiEndpoint, ...errorResponses },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return setEndpointEnabled(deps, app, {
        orgId: auth.orgId,
        userId: auth.userId,
        id: request.params.id,
        enabled: request.body.enabled,
      });
    },
  );

  r.get(
    `${base}/api-request-logs`,
    {
      config: { permission: 'orgs.read' },
      schema: {
        tags,
        summary: 'Requests made with the organisation’s keys (last 30 days), newest first',
        querystring: ZApiRequestLogQuery,
        response: { 200: ZApiRequestLogPage, ...errorResponses },
      },
    },
    async (request) => {
      await logs.flush();
      return listRequestLogs(deps, { orgId: authOf(request).orgId, ...request.query });
    },
  );
  r.get(
    `${base}/api-summary`,
    {
      config: { permission: 'orgs.read' },
      schema: {
        tags,
        summary: 'The summary cards: keys, endpoints, requests, success rate',
        response: { 200: ZApiSummary, ...errorResponses },
      },
    },
    async (request) => {
      await logs.flush();
      return apiSummary(deps, app, authOf(request).orgId);
    },
  );
}
