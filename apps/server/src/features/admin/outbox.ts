import type { TOutboxItem } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { AuthContext } from '../auth';

/**
 * The organisation's outgoing e-mail (invitations, resets, clips), newest first. A reader sees
 * a message about an account only when they may manage that account: it is of their
 * organisation and its role grants nothing they lack (the rule of users.ts). Mail about the
 * platform administrator therefore reaches nobody but holders of every permission, and another
 * organisation's mail nobody here. Set-password links are never in it (the mailer redacts them).
 */
export async function listOutbox(
  deps: Deps,
  auth: Pick<AuthContext, 'orgId' | 'permissions'>,
  limit: number,
): Promise<TOutboxItem[]> {
  const held = JSON.stringify(auth.permissions);
  const rows = await deps.db
    .selectFrom('mail_outbox')
    .selectAll('mail_outbox')
    .where('mail_outbox.org_id', '=', auth.orgId)
    .where((eb) =>
      eb.or([
        eb('mail_outbox.about_user_id', 'is', null),
        eb.exists(
          eb
            .selectFrom('users')
            .innerJoin('roles', 'roles.id', 'users.role_id')
            .select(sql`1`.as('one'))
            .whereRef('users.id', '=', 'mail_outbox.about_user_id')
            .where('users.org_id', '=', auth.orgId)
            .where(sql<boolean>`roles.permissions <@ ${held}::jsonb`),
        ),
      ]),
    )
    .orderBy('mail_outbox.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((m) => ({
    id: m.id,
    to: m.to_address,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body,
    status: m.status,
    error: m.error,
    createdAt: new Date(m.created_at).toISOString(),
  }));
}
