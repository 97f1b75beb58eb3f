import {
  ZArtifactInput,
  ZCreateDecision,
  ZDecision,
  ZDecisionListQuery,
  ZDecisionOutcome,
  ZDecisionStatusChange,
  ZUpdateDecision,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { decisionOutcome } from './outcome';
import * as decisions from './service';

const caller = callerOf;
const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});
const artifactParams = idParams.extend({
  artifactId: z.coerce.number({ error: 'artifactId must be a number' }).int().positive().max(2_147_483_647),
});
/** Artifacts may be files of up to 5 MB, sent as base64. */
const DECISION_BODY_LIMIT = 8 * 1024 * 1024;

// Decisions are taken on the dashboard's recommendations: like the dashboard, they need reports.view.
const reports = { permission: 'reports.view' } as const;

export async function decisionRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/copilot/decisions';
  const tags = ['Decisions'];
  r.get(
    base,
    {
      config: reports,
      schema: {
        tags,
        summary: 'Decisions with search, status filter and sort',
        querystring: ZDecisionListQuery,
        response: { 200: z.object({ decisions: z.array(ZDecision) }), ...errorResponses },
      },
    },
    async (request) => ({
      decisions: await decisions.listDecisions(deps, caller(request), request.query),
    }),
  );
  r.post(
    base,
    {
      config: reports,
      bodyLimit: DECISION_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Record a decision',
        body: ZCreateDecision,
        response: { 200: ZDecision, ...errorResponses },
      },
    },
    async (request) => decisions.createDecision(deps, caller(request), request.body),
  );
  r.get(
    `${base}/:id`,
    { config: reports, schema: { tags, params: idParams, response: { 200: ZDecision, ...errorResponses } } },
    async (request) => decisions.getDecision(deps, caller(request), request.params.id),
  );
  r.put(
    `${base}/:id`,
    {
      config: reports,
      schema: {
        tags,
        params: idParams,
        body: ZUpdateDecision,
        response: { 200: ZDecision, ...errorResponses },
      },
    },
    async (request) => decisions.updateDecision(deps, caller(request), request.params.id, request.body),
  );
  r.delete(
    `${base}/:id`,
    {
      config: reports,
      schema: {
        tags,
        params: idParams,
        response: { 200: z.object({ status: z.literal('Success') }), ...errorResponses },
      },
    },
    async (request) => decisions.deleteDecision(deps, caller(request), request.params.id),
  );
  r.post(
    `${base}/:id/status`,
    {
      config: reports,
      schema: {
        tags,
        summary: 'pending → approved → implemented, or → rejected (409 otherwise)',
        params: idParams,
        body: ZDecisionStatusChange,
        response: { 200: ZDecision, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) =>
      decisions.changeStatus(
        deps,
        caller(request),
        request.params.id,
        request.body.status,
        request.body.note,
      ),
  );
  r.post(
    `${base}/:id/artifacts`,
    {
      config: reports,
      bodyLimit: DECISION_BODY_LIMIT,
      schema: {
        tags,
        params: idParams,
        body: ZArtifactInput,
        response: { 200: ZDecision, ...errorResponses },
      },
    },
    async (request) => decisions.addArtifact(deps, caller(request), request.params.id, request.body),
  );
  r.delete(
    `${base}/:id/artifacts/:artifactId`,
    {
      config: reports,
      schema: { tags, params: artifactParams, response: { 200: ZDecision, ...errorResponses } },
    },
    async (request) =>
      decisions.deleteArtifact(deps, caller(request), request.params.id, request.params.artifactId),
  );
  r.get(
    `${base}/:id/outcome`,
    {
      config: reports,
      schema: {
        tags,
        summary: 'The tracked metric since implementation against its baseline',
        params: idParams,
        response: { 200: ZDecisionOutcome, ...errorResponses },
      },
    },
    async (request) => {
      const row = await decisions.decisionRow(deps, caller(request), request.params.id);
      return decisionOutcome(deps, caller(request), row);
    },
  );
}
