import {
  ZAdminUser,
  ZAdminUserList,
  ZAuditEntry,
  ZAuditQuery,
  ZCreateOrganization,
  ZDataAccessGroup,
  ZDataAccessGroupInput,
  ZDataAccessGroupList,
  ZDataSourceOption,
  ZIdParams,
  ZInviteUser,
  ZOrganization,
  ZOrganizationList,
  ZOutboxItem,
  ZRole,
  ZRoleInput,
  ZRoleList,
  ZUpdateOrganization,
  ZUpdateUser,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { authOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { listAuditEntries } from '../access';
import * as groups from './groups';
import { inviteUser } from './invite';
import { listOutbox } from './outbox';
import * as orgs from './organizations';
import * as roles from './roles';
import * as users from './users';

const tags = ['Administration'];
const conflict = { 409: errorResponses[400] };
const done = z.object({ status: z.literal('Success') });

/**
 * The Admin Panel's API (spec document 3, issue 8): users, organizations, roles and data access
 * groups. Each route declares its permission; the auth hook refuses (403) without it.
 */
export async function adminRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';

  r.get(
    `${base}/outbox`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary:
          "The organisation's outgoing e-mail about accounts you may manage, newest first (set-password links redacted)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: z.object({ items: z.array(ZOutboxItem) }), ...errorResponses },
      },
    },
    async (request) => ({ items: await listOutbox(deps, authOf(request), request.query.limit) }),
  );

  // Users.
  r.get(
    `${base}/users`,
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        summary: "The organisation's users",
        response: { 200: ZAdminUserList, ...errorResponses },
      },
    },
    async (request) => ({
      users: await users.listUsers(deps, authOf(request).orgId),
    }),
  );
  r.post(
    `${base}/users`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Invite a user: an e-mail with a link to choose a password',
        body: ZInviteUser,
        response: {
          200: z.object({ id: z.number(), username: z.string(), email: z.string() }),
          ...conflict,
          ...errorResponses,
        },
      },
    },
    async (request) => inviteUser(deps, authOf(request), request.body),
  );
  r.put(
    `${base}/users/:id`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Edit name, e-mail and role',
        params: ZIdParams,
        body: ZUpdateUser,
        response: { 200: ZAdminUser, ...conflict, ...errorResponses },
      },
    },
    async (request) => users.updateUser(deps, authOf(request), request.params.id, request.body),
  );
  r.post(
    `${base}/users/:id/invitation`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Send a new invitation e-mail',
        params: ZIdParams,
        response: { 200: done, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      await users.resendInvitation(deps, authOf(request), request.params.id);
      return { status: 'Success' as const };
    },
  );
  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `${base}/users/:id/${action}`,
      {
        config: { permission: 'users.delete' },
        schema: {
          tags,
          summary: active ? 'Reactivate a user' : 'Deactivate a user: their sessions end at once',
          params: ZIdParams,
          response: { 200: ZAdminUser, ...conflict, ...errorResponses },
        },
      },
      async (request) => users.setUserActive(deps, authOf(request), request.params.id, active),
    );
  }

  // Organizations.
  r.get(
    `${base}/organizations`,
    {
      config: { permission: 'orgs.read' },
      schema: {
        tags,
        summary: 'Your organization (every organization for the platform operator)',
        response: { 200: ZOrganizationList, ...errorResponses },
      },
    },
    async (request) => orgs.listOrganizations(deps, authOf(request)),
  );
  r.post(
    `${base}/organizations`,
    {
      config: { permission: 'orgs.write' },
      schema: {
        tags,
        summary:
          'Create an organization with its roles and an invited first administrator (platform operator)',
        body: ZCreateOrganization,
        response: { 200: ZOrganization, ...conflict, ...errorResponses },
      },
    },
    async (request) => orgs.createOrganization(deps, authOf(request), request.body),
  );
  r.put(
    `${base}/organizations/:id`,
    {
      config: { permission: 'orgs.write' },
      schema: {
        tags,
        summary: 'Edit an organization',
        params: ZIdParams,
        body: ZUpdateOrganization,
        response: { 200: ZOrganization, ...conflict, ...errorResponses },
      },
    },
    async (request) => orgs.updateOrganization(deps, authOf(request), request.params.id, request.body),
  );
  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    r.post(
      `${base}/organizations/:id/${action}`,
      {
        config: { permission: 'orgs.write' },
        schema: {
          tags,
          summary: active
            ? 'Reactivate an organization'
            : "Deactivate an organization: its users' sessions end",
          params: ZIdParams,
          response: { 200: ZOrganization, ...conflict, ...errorResponses },
        },
      },
      async (request) => orgs.setOrganizationActive(deps, authOf(request), request.params.id, active),
    );
  }

  // Roles (managing who may do what is user management: users.write).
  r.get(
    `${base}/roles`,
    {
      config: { permission: 'users.read' },
      schema: { tags, summary: "The organisation's roles", response: { 200: ZRoleList, ...errorResponses } },
    },
    async (request) => ({
      roles: await roles.listRoles(deps, authOf(request).orgId),
    }),
  );
  r.post(
    `${base}/roles`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Create a role',
        body: ZRoleInput,
        response: { 200: ZRole, ...conflict, ...errorResponses },
      },
    },
    async (request) => roles.createRole(deps, authOf(request), request.body),
  );
  r.put(
    `${base}/roles/:id`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Edit a role',
        params: ZIdParams,
        body: ZRoleInput,
        response: { 200: ZRole, ...conflict, ...errorResponses },
      },
    },
    async (request) => roles.updateRole(deps, authOf(request), request.params.id, request.body),
  );
  r.delete(
    `${base}/roles/:id`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Delete a role nobody holds',
        params: ZIdParams,
        response: { 200: done, ...conflict, ...errorResponses },
      },
    },
    async (request) => {
      await roles.deleteRole(deps, authOf(request), request.params.id);
      return { status: 'Success' as const };
    },
  );

  // Data access groups.
  const groupBase = `${base}/data-access-groups`;
  r.get(
    groupBase,
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        summary: "The organisation's data access groups",
        response: { 200: ZDataAccessGroupList, ...errorResponses },
      },
    },
    async (request) => ({
      groups: await groups.listGroups(deps, authOf(request).orgId),
    }),
  );
  r.get(
    `${base}/data-access/sources`,
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        summary: 'The data sources a group can grant',
        response: { 200: z.object({ sources: z.array(ZDataSourceOption) }), ...errorResponses },
      },
    },
    async (request) => ({
      sources: await groups.listSourceOptions(deps, authOf(request).orgId),
    }),
  );
  r.post(
    groupBase,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Create a data access group',
        body: ZDataAccessGroupInput,
        response: { 200: ZDataAccessGroup, ...conflict, ...errorResponses },
      },
    },
    async (request) => groups.createGroup(deps, authOf(request), request.body),
  );
  r.put(
    `${groupBase}/:id`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Edit a data access group (sources, members and approvals, restrictions)',
        params: ZIdParams,
        body: ZDataAccessGroupInput,
        response: { 200: ZDataAccessGroup, ...conflict, ...errorResponses },
      },
    },
    async (request) => groups.updateGroup(deps, authOf(request), request.params.id, request.body),
  );
  r.delete(
    `${groupBase}/:id`,
    {
      config: { permission: 'users.write' },
      schema: {
        tags,
        summary: 'Delete a data access group',
        params: ZIdParams,
        response: { 200: done, ...errorResponses },
      },
    },
    async (request) => {
      await groups.deleteGroup(deps, authOf(request), request.params.id);
      return { status: 'Success' as const };
    },
  );
  r.get(
    `${base}/data-access/audit`,
    {
      config: { permission: 'users.read' },
      schema: {
        tags,
        summary: 'Queries recorded for audit-logged groups, newest first (optionally of one group’s sources)',
        querystring: ZAuditQuery,
        response: { 200: z.object({ entries: z.array(ZAuditEntry) }), ...errorResponses },
      },
    },
    async (request) => {
      const { orgId } = authOf(request);
      const connIds = request.query.groupId
        ? await groups.groupSourceIds(deps, orgId, request.query.groupId)
        : undefined;
      return { entries: await listAuditEntries(deps, { orgId, connIds, limit: request.query.limit }) };
    },
  );
}
