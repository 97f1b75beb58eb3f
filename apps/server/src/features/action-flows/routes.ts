import {
  ZActionFlow,
  ZActionFlowList,
  ZActionFlowStatusChange,
  ZCreateActionFlow,
  ZUpdateActionFlow,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as flows from './service';

/*
 * What each route needs (packages/contracts/src/permissions.ts, checked centrally from `config`):
 *   GET                 /api/copilot/action-flows[/:id]        who sees the decisions the flows act on (reports.view)
 *   POST, PUT, DELETE   /api/copilot/action-flows[/:id]        who may change the organisation's data setup (data.write)
 *   POST                /api/copilot/action-flows/:id/status   the same (data.write): pausing or switching on a flow
 * Flows of another organisation answer 404.
 */

const read = { permission: 'reports.view' } as const;
const write = { permission: 'data.write' } as const;
const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});

export async function actionFlowRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/copilot/action-flows';
  const tags = ['Action flows'];
  r.get(
    base,
    {
      config: read,
      schema: {
        tags,
        summary: "The organisation's action flows, newest first",
        response: { 200: ZActionFlowList, ...errorResponses },
      },
    },
    async (request) => ({
      flows: await flows.listActionFlows(deps, callerOf(request)),
    }),
  );
  r.post(
    base,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an action flow (it starts as a draft; blank steps are dropped)',
        body: ZCreateActionFlow,
        response: { 200: ZActionFlow, ...errorResponses },
      },
    },
    async (request) => flows.createActionFlow(deps, callerOf(request), request.body),
  );
  r.get(
    `${base}/:id`,
    { config: read, schema: { tags, params: idParams, response: { 200: ZActionFlow, ...errorResponses } } },
    async (request) => flows.getActionFlow(deps, callerOf(request), request.params.id),
  );
  r.put(
    `${base}/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        body: ZUpdateActionFlow,
        response: { 200: ZActionFlow, ...errorResponses },
      },
    },
    async (request) => flows.updateActionFlow(deps, callerOf(request), request.params.id, request.body),
  );
  r.delete(
    `${base}/:id`,
    {
      config: write,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ status: z.literal('Success') }), ...errorResponses },
      },
    },
    async (request) => flows.deleteActionFlow(deps, callerOf(request), request.params.id),
  );
  r.post(
    `${base}/:id/status`,
    {
      config: write,
      schema: {
        tags,
        summary: 'The pause/play toggle: draft → active, active ↔ inactive (409 otherwise)',
        params: idParams,
        body: ZActionFlowStatusChange,
        response: { 200: ZActionFlow, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      flows.changeActionFlowStatus(deps, callerOf(request), request.params.id, request.body.status),
  );
}
