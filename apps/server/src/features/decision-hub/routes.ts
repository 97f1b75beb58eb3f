import {
  ZDashboardMetrics,
  ZRecommendation,
  ZRecommendationList,
  ZRecommendationQuery,
  ZScanRun,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { dashboardMetrics } from './metrics';
import { getRecommendation, listRecommendations, setRecommendationStatus } from './recommendations';
import { listScanRuns } from './run-scan';
import type { RecommendationScheduler } from './scheduler';

const caller = callerOf;
const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});

// The dashboard (metrics and recommendations) needs reports.view.
const reports = { permission: 'reports.view' } as const;

export async function landingRoutes(app: FastifyInstance, deps: Deps, scheduler: RecommendationScheduler) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/copilot/landing';
  const tags = ['Decision Hub'];
  r.get(
    `${base}/metrics`,
    {
      config: reports,
      schema: {
        tags,
        summary: 'AI score, active use cases, recent insights, last activity',
        response: { 200: ZDashboardMetrics, ...errorResponses },
      },
    },
    async (request) => dashboardMetrics(deps, caller(request)),
  );
  r.get(
    `${base}/recommendations`,
    {
      config: reports,
      schema: {
        tags,
        summary: 'Alerts raised from anomalies in the KPIs',
        querystring: ZRecommendationQuery,
        response: { 200: ZRecommendationList, ...errorResponses },
      },
    },
    async (request) => listRecommendations(deps, caller(request), request.query),
  );
  r.get(
    `${base}/recommendations/:id`,
    {
      config: reports,
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ status: z.literal('success'), data: ZRecommendation }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getRecommendation(deps, caller(request), request.params.id),
    }),
  );
  r.post(
    `${base}/recommendations/:id/dismiss`,
    {
      config: reports,
      schema: {
        tags,
        summary: 'Dismiss (stays dismissed in later scans)',
        params: idParams,
        response: {
          200: z.object({ status: z.literal('success'), data: ZRecommendation }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await setRecommendationStatus(deps, caller(request), request.params.id, 'dismissed'),
    }),
  );
  r.post(
    `${base}/recommendations/:id/resolve`,
    {
      config: reports,
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ status: z.literal('success'), data: ZRecommendation }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await setRecommendationStatus(deps, caller(request), request.params.id, 'resolved'),
    }),
  );
  r.post(
    `${base}/recommendations/refresh`,
    {
      config: reports,
      schema: {
        tags,
        summary: "Scan the organisation's active use cases now",
        response: {
          200: z.object({
            status: z.literal('success'),
            data: z.object({
              useCases: z.number(),
              created: z.number(),
              updated: z.number(),
              failures: z.array(z.string()),
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await scheduler.runNow({ orgId: caller(request).orgId }),
    }),
  );
  r.get(
    `${base}/recommendations/runs`,
    {
      config: reports,
      schema: {
        tags,
        summary:
          "The organisation's latest recommendation scans: trigger, outcome, counts, and why one failed",
        response: {
          200: z.object({ status: z.literal('success'), data: z.object({ runs: z.array(ZScanRun) }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { runs: await listScanRuns(deps, caller(request).orgId) },
    }),
  );
}
