import {
  ZAddDerivedMetric,
  ZColumnMetadata,
  ZColumnUpdate,
  ZCreateUseCase,
  ZDecisionFlow,
  ZDecisionFlowUpdate,
  ZDeleteDerivedMetric,
  ZDerivedMetric,
  ZGenerateDecisionFlow,
  ZOrgUser,
  ZPublishQuery,
  ZSchemaData,
  ZSchemaDataRequest,
  ZTableSelection,
  ZUpdateDerivedMetric,
  ZUpdateUseCase,
  ZUseCase,
  ZUseCaseDetails,
  ZUseCaseIdParams,
  ZUseCaseStatusBody,
  ZUseCaseTable,
  ZUserAccessRequest,
  ZUserListQuery,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as flow from './decision-flow';
import * as knowledge from './knowledge';
import * as metrics from './metrics';
import * as useCases from './service';

const caller = callerOf;
// Seeing use cases and their knowledge needs data.read; creating and changing them data.write.
const read = { permission: 'data.read' } as const;
const write = { permission: 'data.write' } as const;
const ok = z.object({ status: z.literal('Success'), message: z.string().optional() }).passthrough();
const idQuery = (name: string) =>
  z.object({
    [name]: z.coerce
      .number({ error: `${name} must be a number` })
      .int()
      .positive(`${name} must be a use case id`),
  });

export async function useCaseRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/copilot/onboarding';
  const tags = ['Use cases'];

  r.post(
    `${base}/use_case/v2`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a use case',
        body: ZCreateUseCase,
        response: {
          200: ZUseCaseDetails.extend({ usecase_id: z.number(), id: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const created = await useCases.createUseCase(deps, caller(request), request.body);
      return { ...created, usecase_id: created.use_case_id, id: created.use_case_id };
    },
  );
  r.put(
    `${base}/use_case/v2`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a use case',
        body: ZUpdateUseCase,
        response: { 200: ZUseCaseDetails, ...errorResponses },
      },
    },
    async (request) => useCases.updateUseCase(deps, caller(request), request.body),
  );
  r.get(
    `${base}/use_cases/v2`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Use cases the caller may see',
        response: { 200: z.object({ use_cases: z.array(ZUseCase) }), ...errorResponses },
      },
    },
    async (request) => ({
      use_cases: await useCases.listUseCases(deps, caller(request)),
    }),
  );
  r.get(
    `${base}/use_case/v2/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Use case details',
        params: ZUseCaseIdParams,
        response: { 200: ZUseCaseDetails, ...errorResponses },
      },
    },
    async (request) => useCases.useCaseDetails(deps, caller(request), request.params.id),
  );
  r.post(
    `${base}/use_cases/:id/pin`,
    {
      config: write,
      schema: { tags, summary: 'Pin', params: ZUseCaseIdParams, response: { 200: ok, ...errorResponses } },
    },
    async (request) => useCases.setPinned(deps, caller(request), request.params.id, true),
  );
  r.delete(
    `${base}/use_cases/:id/pin`,
    {
      config: write,
      schema: { tags, summary: 'Unpin', params: ZUseCaseIdParams, response: { 200: ok, ...errorResponses } },
    },
    async (request) => useCases.setPinned(deps, caller(request), request.params.id, false),
  );
  r.post(
    `${base}/use_cases/:id/copy_usecase`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Copy with knowledge, metrics and flow',
        params: ZUseCaseIdParams,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => useCases.copyUseCase(deps, caller(request), request.params.id),
  );
  r.delete(
    `${base}/use_case/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Archive',
        params: ZUseCaseIdParams,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => useCases.archiveUseCase(deps, caller(request), request.params.id),
  );
  r.put(
    `${base}/use_case/:id`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Publish (empty body), or activate/deactivate with onboarding_flag',
        params: ZUseCaseIdParams,
        querystring: ZPublishQuery,
        body: ZUseCaseStatusBody,
        response: { 200: z.object({ status: z.literal('Success') }).passthrough(), ...errorResponses },
      },
    },
    async (request) => {
      const flag = request.body?.onboarding_flag;
      if (flag === undefined) return useCases.publishUseCase(deps, caller(request), request.params.id);
      return {
        status: 'Success' as const,
        use_case: await useCases.setOnboarded(deps, caller(request), request.params.id, flag),
      };
    },
  );

  r.get(
    '/api/v1/user-list-by-org',
    {
      config: read,
      schema: {
        tags,
        summary: "The organisation's users, marked when assigned",
        querystring: ZUserListQuery,
        response: { 200: z.object({ userDetails: z.array(ZOrgUser) }), ...errorResponses },
      },
    },
    async (request) => ({
      userDetails: await useCases.listOrgUsers(deps, caller(request), request.query.useCaseId),
    }),
  );
  r.post(
    '/api/copilot/user-access',
    {
      config: write,
      schema: {
        tags,
        summary: 'Assign and unassign users',
        body: ZUserAccessRequest,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => useCases.setUserAccess(deps, caller(request), request.body),
  );

  // Knowledge: schema, tables and columns.
  const kTags = ['Use case knowledge'];
  for (const method of ['POST', 'PUT'] as const) {
    r.route({
      method,
      url: `${base}/use_case/add_schema_data`,
      config: write,
      schema: {
        tags: kTags,
        summary: 'Save the connection and schema a use case reads',
        body: ZSchemaDataRequest,
        response: { 200: ok, ...errorResponses },
      },
      handler: async (request) => knowledge.saveSchemaData(deps, caller(request), request.body),
    });
  }
  r.get(
    `${base}/use_case/schema_data/:id`,
    {
      config: read,
      schema: {
        tags: kTags,
        summary: 'The saved connection and schema (404: none yet)',
        params: ZUseCaseIdParams,
        response: { 200: ZSchemaData, ...errorResponses },
      },
    },
    async (request) => knowledge.getSchemaData(deps, caller(request), request.params.id),
  );
  const sv = '/api/copilot/schema_validation';
  r.get(
    `${sv}/usecase_db_tables/:id`,
    {
      config: read,
      schema: {
        tags: kTags,
        summary: "The use case's tables; refresh=true reconciles with the source",
        params: ZUseCaseIdParams,
        querystring: z.object({ refresh: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(ZUseCaseTable), ...errorResponses },
      },
    },
    async (request) =>
      knowledge.listTables(deps, caller(request), request.params.id, request.query.refresh === 'true'),
  );
  r.post(
    `${sv}/usecase_db_tables/select_and_fetch_columns`,
    {
      config: write,
      schema: {
        tags: kTags,
        summary: 'Select tables and profile their columns',
        body: ZTableSelection,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => knowledge.selectAndProfileTables(deps, caller(request), request.body.table_ids),
  );
  r.post(
    `${sv}/usecase_db_tables/select`,
    {
      config: write,
      schema: {
        tags: kTags,
        summary: 'Select or unselect tables',
        body: ZTableSelection,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) =>
      knowledge.selectTables(deps, caller(request), request.body.table_ids, request.body.is_selected ?? true),
  );
  r.get(
    `${sv}/table_column_metadata/:id`,
    {
      config: read,
      schema: {
        tags: kTags,
        summary: "A table's column metadata",
        params: ZUseCaseIdParams,
        response: { 200: z.array(ZColumnMetadata), ...errorResponses },
      },
    },
    async (request) => knowledge.listColumns(deps, caller(request), request.params.id),
  );
  r.post(
    `${sv}/table_column_metadata/update`,
    {
      config: write,
      schema: {
        tags: kTags,
        summary: "Update a column's metadata",
        body: ZColumnUpdate,
        response: { 200: ZColumnMetadata, ...errorResponses },
      },
    },
    async (request) => knowledge.updateColumn(deps, caller(request), request.body),
  );
  r.get(
    `${sv}/autosuggest_columns`,
    {
      config: read,
      schema: {
        tags: kTags,
        summary: 'Columns a calculation may use',
        querystring: idQuery('usecase_id'),
        response: { 200: z.object({ columns: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (request) => knowledge.autosuggestColumns(deps, caller(request), Number(request.query.usecase_id)),
  );

  // Derived metrics.
  const mTags = ['Derived metrics'];
  r.get(
    `${sv}/get_derived_metrics`,
    {
      config: read,
      schema: {
        tags: mTags,
        querystring: idQuery('usecase_id'),
        response: { 200: z.array(ZDerivedMetric), ...errorResponses },
      },
    },
    async (request) => metrics.listMetrics(deps, caller(request), Number(request.query.usecase_id)),
  );
  r.post(
    `${sv}/add_derived_metric`,
    {
      config: write,
      schema: {
        tags: mTags,
        body: ZAddDerivedMetric,
        response: {
          200: z.object({ id: z.number(), status: z.literal('Success'), metric: ZDerivedMetric }),
          ...errorResponses,
        },
      },
    },
    async (request) => metrics.addMetric(deps, caller(request), request.body),
  );
  r.post(
    `${sv}/update_derived_metric`,
    {
      config: write,
      schema: {
        tags: mTags,
        body: ZUpdateDerivedMetric,
        response: {
          200: z.object({ status: z.literal('Success'), metric: ZDerivedMetric }),
          ...errorResponses,
        },
      },
    },
    async (request) => metrics.updateMetric(deps, caller(request), request.body),
  );
  r.post(
    `${sv}/delete_derived_metric`,
    {
      config: write,
      schema: { tags: mTags, body: ZDeleteDerivedMetric, response: { 200: ok, ...errorResponses } },
    },
    async (request) => metrics.deleteMetric(deps, caller(request), request.body.id),
  );

  // Decision flow.
  const fTags = ['Decision flows'];
  r.get(
    `${sv}/get_decision_flow`,
    {
      config: read,
      schema: {
        tags: fTags,
        summary: 'The decision flow (204: none yet)',
        querystring: idQuery('use_case_id'),
        response: { 200: ZDecisionFlow, 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const steps = await flow.getDecisionFlow(deps, caller(request), Number(request.query.use_case_id));
      if (steps === null) return reply.code(204).send(null);
      return { decision_flow: steps };
    },
  );
  for (const path of ['update_decision_flow', 'add_decision_flow']) {
    r.post(
      `${sv}/${path}`,
      {
        config: write,
        schema: { tags: fTags, body: ZDecisionFlowUpdate, response: { 200: ok, ...errorResponses } },
      },
      async (request) =>
        flow.saveDecisionFlow(deps, caller(request), request.body.use_case_id, request.body.decision_flow),
    );
  }
  r.post(
    `${sv}/generate_decision_flow`,
    {
      config: write,
      schema: {
        tags: fTags,
        body: ZGenerateDecisionFlow,
        response: { 200: ZDecisionFlow, ...errorResponses },
      },
    },
    async (request) => flow.generateFlowFor(deps, caller(request), request.body.usecase_id),
  );
}
