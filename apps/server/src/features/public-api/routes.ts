import {
  ZPublicAnswer,
  ZPublicAsk,
  ZPublicConversationList,
  ZPublicInviteUser,
  ZPublicPageQuery,
  ZPublicUserCreated,
  ZPublicUserList,
  type TAdminUser,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { authOf, callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { inviteUser, getUser, listUsers } from '../admin';
import { listThreads } from '../conversations';
import { askOverRest } from './ask';

const tags = ['Public API'];
const conflict = { 409: errorResponses[400] };

const publicUser = (u: TAdminUser) => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.roleName,
  status: u.status,
});
const pageOf = <T>(items: T[], query: { page: number; limit: number }) => ({
  data: items.slice((query.page - 1) * query.limit, query.page * query.limit),
  pagination: { page: query.page, limit: query.limit, total: items.length },
});

/**
 * The public API (spec document 3 "Documentation"): `Authorization: Bearer <API key>` (a session
 * works too). Each route opts in to keys with `config.apiKey` — the level it needs and its rate
 * limit per key per minute — and declares the role permission the key's creator must hold, so
 * a key never does more than its creator may. The Endpoints sub-tab lists exactly these routes.
 */
export async function publicApiRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/users',
    {
      config: { permission: 'users.read', apiKey: { access: 'read', rateLimit: 100 } },
      schema: {
        tags,
        summary: "List the organization's users",
        querystring: ZPublicPageQuery,
        response: { 200: ZPublicUserList, ...errorResponses },
      },
    },
    async (request) => {
      const users = await listUsers(deps, authOf(request).orgId);
      return { success: true as const, ...pageOf(users.map(publicUser), request.query) };
    },
  );
  r.post(
    '/api/v1/users',
    {
      config: { permission: 'users.write', apiKey: { access: 'write', rateLimit: 50 } },
      schema: {
        tags,
        summary: 'Invite a user (an e-mail with a link to choose a password)',
        body: ZPublicInviteUser,
        response: { 201: ZPublicUserCreated, ...conflict, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const b = request.body;
      const created = await inviteUser(deps, auth, {
        username: b.username,
        email: b.email,
        firstName: b.first_name,
        lastName: b.last_name,
        roleId: b.role_id,
      });
      reply.code(201);
      return { success: true as const, data: publicUser(await getUser(deps, auth.orgId, created.id)) };
    },
  );

  r.get(
    '/api/v1/conversations',
    {
      config: { permission: 'data.read', apiKey: { access: 'read', rateLimit: 200 } },
      schema: {
        tags,
        summary: 'List your conversations (threads), most recent first',
        querystring: ZPublicPageQuery,
        response: { 200: ZPublicConversationList, ...errorResponses },
      },
    },
    async (request) => {
      const threads = (await listThreads(deps, callerOf(request))).filter((t) => t.is_owner);
      const items = threads.map((t) => ({
        thread_id: t.thread_id,
        name: t.thread_name,
        use_case_id: t.usecase_id,
        use_case_name: t.use_case_name,
        message_count: t.message_count,
        created_at: t.creation_ts,
      }));
      return { success: true as const, ...pageOf(items, request.query) };
    },
  );
  r.post(
    '/api/v1/conversations',
    {
      config: { permission: 'data.read', apiKey: { access: 'write', rateLimit: 100 } },
      schema: {
        tags,
        summary: 'Ask Catalyst AI a question; the answer (content and cards) is saved in your thread',
        body: ZPublicAsk,
        response: { 200: ZPublicAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Stop answering when the client goes away before the answer is complete.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) controller.abort();
      });
      const { permissions } = authOf(request);
      const caller = { ...callerOf(request), permissions };
      return {
        success: true as const,
        data: await askOverRest(deps, caller, request.body, controller.signal),
      };
    },
  );
}
