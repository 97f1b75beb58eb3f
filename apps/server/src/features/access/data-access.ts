import { ZRestriction, type TRestriction } from '@catalyst/contracts';
import type { Warehouse } from '@catalyst/engine';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { WarehouseActor, WarehouseRegistry } from '../../warehouses/registry';
import { BUSINESS_HOURS, isBusinessHours, nextOpening } from './business-hours';
import { auditedWarehouse, type AuditContext } from './audit';
import './tables';

/**
 * Data access groups, enforced. A source (connection) in no group is open to everyone of the
 * organisation with data.read; a source in one or more groups is open only to members of a
 * group that grants it right now:
 *  - time-limited: the group grants nothing after its expiry;
 *  - approval-required: a member counts only once an administrator approved them;
 *  - business-hours-only: Monday to Friday 09:00–18:00 in the organisation's time zone;
 *  - read-only: members may query, not change (edit, upload to, delete) the source;
 *  - audit-logged: every query of a member through the group is recorded.
 * Everything that opens customer data for a user passes `admitToSource` (through the guarded
 * `deps.warehouses`, or directly in the data-sources feature's own listings).
 */

interface GroupRule {
  id: number;
  name: string;
  restrictions: TRestriction[];
  expiresAt: Date | null;
  isMember: boolean;
  approvedAt: Date | null;
}

type Refusal = { rank: number; message: string };

const restrictionsOf = (stored: unknown): TRestriction[] =>
  Array.isArray(stored) ? stored.filter((r): r is TRestriction => ZRestriction.safeParse(r).success) : [];

/** Why a group the user belongs to does not grant the source at `now`, or null when it does. */
function refusalOf(group: GroupRule, now: Date, timeZone: string, source: string): Refusal | null {
  const has = (r: TRestriction) => group.restrictions.includes(r);
  if (has('time-limited') && (!group.expiresAt || group.expiresAt.getTime() <= now.getTime())) {
    const when = group.expiresAt
      ? ` on ${group.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : '';
    return {
      rank: 1,
      message: `Your access to "${source}" through "${group.name}" expired${when}. Ask an administrator to extend it.`,
    };
  }
  if (has('approval-required') && !group.approvedAt) {
    return {
      rank: 2,
      message: `Your access to "${source}" through "${group.name}" is waiting for an administrator's approval.`,
    };
  }
  if (has('business-hours-only') && !isBusinessHours(now, timeZone)) {
    return {
      rank: 3,
      message: `"${source}" can be used only during business hours (${BUSINESS_HOURS.label}, ${timeZone}). Access opens again ${nextOpening(now, timeZone)} (${timeZone}).`,
    };
  }
  return null;
}

async function groupRules(deps: Deps, orgId: number, connId: number, userId: number): Promise<GroupRule[]> {
  const rows = await deps.db
    .selectFrom('data_access_group_sources as s')
    .innerJoin('data_access_groups as g', 'g.id', 's.group_id')
    .leftJoin('data_access_group_members as m', (join) =>
      join.onRef('m.group_id', '=', 'g.id').on('m.user_id', '=', userId),
    )
    .select(['g.id', 'g.name', 'g.restrictions', 'g.expires_at', 'm.user_id as member', 'm.approved_at'])
    .where('s.conn_id', '=', connId)
    .where('s.org_id', '=', orgId)
    .where('g.org_id', '=', orgId)
    .orderBy('g.name')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    restrictions: restrictionsOf(r.restrictions),
    expiresAt: r.expires_at ? new Date(r.expires_at) : null,
    isMember: r.member !== null,
    approvedAt: r.approved_at ? new Date(r.approved_at) : null,
  }));
}

export interface SourceAccess {
  /** Set when the user's queries of this source are to be recorded (an audit-logged granting group). */
  audit: AuditContext | null;
}

/**
 * Whether the user may query (`intent: 'query'`) or change (`'change'`) the source now; throws
 * 403 FORBIDDEN with a message saying why (and, outside business hours, when access opens).
 */
export async function checkSourceAccess(
  deps: Deps,
  input: { orgId: number; connId: number; userId: number; intent: 'query' | 'change'; question?: string },
): Promise<SourceAccess> {
  const rules = await groupRules(deps, input.orgId, input.connId, input.userId);
  if (rules.length === 0) return { audit: null };
  const context = await deps.db
    .selectFrom('data_connections as c')
    .innerJoin('organizations as o', 'o.id', 'c.org_id')
    .leftJoin('users as u', (join) => join.on('u.id', '=', input.userId).onRef('u.org_id', '=', 'c.org_id'))
    .select(['c.name as connName', 'o.time_zone', 'u.username'])
    .where('c.id', '=', input.connId)
    .where('c.org_id', '=', input.orgId)
    .executeTakeFirst();
  if (!context) throw notFound('The data source');
  const source = context.connName;
  const memberOf = rules.filter((g) => g.isMember);
  if (memberOf.length === 0 || !context.username) {
    const names = rules.map((g) => `"${g.name}"`).join(', ');
    throw new AppError(
      'FORBIDDEN',
      `"${source}" is restricted to the data access group${rules.length > 1 ? 's' : ''} ${names}, and you are not a member. Ask an administrator for access.`,
    );
  }
  const now = deps.now();
  const refusals = memberOf.map((g) => ({ group: g, refusal: refusalOf(g, now, context.time_zone, source) }));
  const granting = refusals.filter((r) => r.refusal === null).map((r) => r.group);
  if (granting.length === 0) {
    // The most useful reason: business hours (it says when), then approval, then expiry.
    const best = refusals.map((r) => r.refusal!).sort((a, b) => b.rank - a.rank)[0]!;
    throw new AppError('FORBIDDEN', best.message);
  }
  if (input.intent === 'change' && granting.every((g) => g.restrictions.includes('read-only'))) {
    const names = granting.map((g) => `"${g.name}"`).join(', ');
    throw new AppError(
      'FORBIDDEN',
      `"${source}" is read-only for you (data access group ${names}): you may query it but not change, upload to or delete it.`,
    );
  }
  const audited = granting.some((g) => g.restrictions.includes('audit-logged'));
  return {
    audit: audited
      ? {
          orgId: input.orgId,
          userId: input.userId,
          userName: context.username,
          connId: input.connId,
          connName: source,
          question: input.question ?? null,
        }
      : null,
  };
}

/** Refuses (403) a change of the source (edit, upload, file delete, delete) the user may not make. */
export async function assertCanChangeSource(
  deps: Deps,
  input: { orgId: number; connId: number; userId: number },
): Promise<void> {
  await checkSourceAccess(deps, { ...input, intent: 'change' });
}

/** The one door to customer data: admits the actor to the source, or throws 403. */
export async function admitToSource(
  deps: Deps,
  input: { orgId: number; connId: number; actor: WarehouseActor },
): Promise<SourceAccess> {
  if (input.actor.kind === 'system') return { audit: null };
  return checkSourceAccess(deps, {
    orgId: input.orgId,
    connId: input.connId,
    userId: input.actor.userId,
    intent: 'query',
    question: input.actor.question,
  });
}

/** Puts the data access check in front of a registry; audit-logged access gets a recording warehouse. */
export function guardWarehouses(deps: Deps, inner: WarehouseRegistry): WarehouseRegistry {
  return {
    async open(input) {
      const access = await admitToSource(deps, input);
      const warehouse: Warehouse = await inner.open(input);
      return access.audit ? auditedWarehouse(deps, warehouse, access.audit) : warehouse;
    },
  };
}
