import {
  ZConnectionTest,
  ZLlmProvider,
  ZLlmProviderInput,
  ZLlmProviderTestInput,
  ZLlmSettings,
  ZMcpServer,
  ZMcpServerInput,
  ZMcpServerList,
  ZMcpServerTestInput,
  ZMcpServerUpdate,
  ZMcpTestResult,
} from '@catalyst/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authOf, callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import * as llm from './llm-provider';
import * as mcp from './mcp-servers';

/*
 * What each route needs (packages/contracts/src/permissions.ts, checked centrally from `config`):
 *   GET    /api/copilot/agents/llm-provider            any member of the organisation (orgs.read)
 *   PUT    /api/copilot/agents/llm-provider            an org administrator (orgs.write)
 *   DELETE /api/copilot/agents/llm-provider            an org administrator (orgs.write)
 *   POST   /api/copilot/agents/llm-provider/test       an org administrator (orgs.write): the server calls the typed address
 *   GET    /api/copilot/agents/mcp-servers             any member of the organisation (orgs.read)
 *   POST   /api/copilot/agents/mcp-servers             an org administrator (orgs.write)
 *   POST   /api/copilot/agents/mcp-servers/test        an org administrator (orgs.write): the server calls the typed address
 *   PUT    /api/copilot/agents/mcp-servers/:id         an org administrator (orgs.write)
 *   DELETE /api/copilot/agents/mcp-servers/:id         an org administrator (orgs.write)
 *   POST   /api/copilot/agents/mcp-servers/:id/test    an org administrator (orgs.write)
 * `canManage` in the GET answers tells the screen whether the caller holds orgs.write.
 */

const idParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});
const ok = z.object({ status: z.literal('Success') });
const read = { permission: 'orgs.read' } as const;
const manage = { permission: 'orgs.write' } as const;
const canManage = (request: FastifyRequest) => authOf(request).permissions.includes(manage.permission);

export async function agentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/copilot/agents';
  const tags = ['Agents'];

  r.get(
    `${base}/llm-provider`,
    {
      config: read,
      schema: {
        tags,
        summary: "The organisation's LLM provider for Catalyst AI (the key is never returned)",
        response: { 200: ZLlmSettings, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return llm.getLlmSettings(deps, caller, { canManage: canManage(request) });
    },
  );
  r.put(
    `${base}/llm-provider`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Save the OpenAI-compatible endpoint Catalyst AI uses (administrators)',
        body: ZLlmProviderInput,
        response: { 200: ZLlmProvider, ...errorResponses },
      },
    },
    async (request) => {
      return llm.saveLlmProvider(deps, callerOf(request), request.body);
    },
  );
  r.delete(
    `${base}/llm-provider`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove the provider: Catalyst AI goes back to the server default',
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      return llm.deleteLlmProvider(deps, callerOf(request));
    },
  );
  r.post(
    `${base}/llm-provider/test`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send one small chat completion to the typed (or, without a body, the saved) settings',
        body: ZLlmProviderTestInput.nullish(),
        response: { 200: ZConnectionTest, ...errorResponses },
      },
    },
    async (request) => {
      return llm.testLlmProvider(deps, callerOf(request), request.body ?? undefined);
    },
  );

  r.get(
    `${base}/mcp-servers`,
    {
      config: read,
      schema: {
        tags,
        summary: "The organisation's MCP servers (tokens are never returned)",
        response: { 200: ZMcpServerList, ...errorResponses },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return { servers: await mcp.listMcpServers(deps, caller), canManage: canManage(request) };
    },
  );
  r.post(
    `${base}/mcp-servers`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Register an MCP server (administrators)',
        body: ZMcpServerInput,
        response: { 200: ZMcpServer, ...errorResponses },
      },
    },
    async (request) => {
      return mcp.createMcpServer(deps, callerOf(request), request.body);
    },
  );
  r.post(
    `${base}/mcp-servers/test`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'initialize + tools/list against an MCP server before saving it',
        body: ZMcpServerTestInput,
        response: { 200: ZMcpTestResult, ...errorResponses },
      },
    },
    async (request) => {
      return mcp.testMcpAddress(deps, request.body);
    },
  );
  r.put(
    `${base}/mcp-servers/:id`,
    {
      config: manage,
      schema: {
        tags,
        params: idParams,
        body: ZMcpServerUpdate,
        response: { 200: ZMcpServer, ...errorResponses },
      },
    },
    async (request) => {
      return mcp.updateMcpServer(deps, callerOf(request), request.params.id, request.body);
    },
  );
  r.delete(
    `${base}/mcp-servers/:id`,
    { config: manage, schema: { tags, params: idParams, response: { 200: ok, ...errorResponses } } },
    async (request) => {
      return mcp.deleteMcpServer(deps, callerOf(request), request.params.id);
    },
  );
  r.post(
    `${base}/mcp-servers/:id/test`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Test a saved MCP server and record the tools it lists',
        params: idParams,
        response: { 200: ZMcpTestResult, ...errorResponses },
      },
    },
    async (request) => {
      return mcp.testMcpServer(deps, callerOf(request), request.params.id);
    },
  );
}
