import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { zText } from '@catalyst/contracts';
import { z } from 'zod';
import { inviteUser } from './invite';
import type { Deps } from '../../deps';
import { requireAdmin } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';

const ZOutboxItem = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.enum(['kept', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
});

const ZInviteUser = z.object({
  username: zText('Username is required').trim().regex(/^[A-Za-z0-9._@-]{1,150}$/, 'Username may use letters, digits and . _ @ - (150 characters at most)'),
  email: zText('E-mail is required').trim().email('Please enter a valid email address').max(254),
  firstName: zText('First name must be text').trim().max(100).default(''),
  lastName: zText('Last name must be text').trim().max(100).default(''),
  isAdmin: z.boolean().default(false),
});

/** The mail outbox: what Catalyst e-mailed (or kept, when SMTP is not configured) for this organisation. */
export async function adminRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/outbox',
    {
      schema: {
        tags: ['Administration'],
        summary: "The organisation's outgoing e-mail, newest first (administrators only)",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: z.object({ items: z.array(ZOutboxItem) }), ...errorResponses },
      },
    },
    async (request) => {
      const { orgId } = requireAdmin(request);
      const rows = await deps.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('id', 'desc')
        .limit(request.query.limit)
        .execute();
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          status: r.status,
          error: r.error,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/admin/users',
    {
      schema: {
        tags: ['Administration'],
        summary: 'Invite a user to the organisation: an e-mail with a link to choose a password (administrators only)',
        body: ZInviteUser,
        response: { 200: z.object({ id: z.number(), username: z.string(), email: z.string() }), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request) => inviteUser(deps, requireAdmin(request), request.body),
  );
}
