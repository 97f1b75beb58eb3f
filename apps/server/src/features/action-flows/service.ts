import {
  ACTION_FLOW_TRANSITIONS,
  ZCreateActionFlow,
  ZUpdateActionFlow,
  type TActionFlow,
  type TActionFlowStatus,
} from '@catalyst/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import type { ActionFlowRow } from './tables';
import './tables';

/** Action flows of an organisation (spec 3). Kept and switched on or off here; nothing runs them yet. */

const MAX_FLOWS = 500;

type FlowWithCreator = ActionFlowRow & { creator: string | null };

function toFlow(row: FlowWithCreator): TActionFlow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    triggerType: row.trigger_type,
    steps: row.steps ?? [],
    createdBy: row.creator,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function flows(deps: Deps, caller: Caller) {
  return deps.db
    .selectFrom('action_flows as f')
    .leftJoin('users as u', 'u.id', 'f.created_by')
    .selectAll('f')
    .select('u.username as creator')
    .where('f.org_id', '=', caller.orgId);
}

/** A flow of the caller's organisation; any other id answers 404. */
export async function getActionFlow(deps: Deps, caller: Caller, id: number): Promise<TActionFlow> {
  const row = await flows(deps, caller).where('f.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Action flow ${id}`);
  return toFlow(row);
}

export async function listActionFlows(deps: Deps, caller: Caller): Promise<TActionFlow[]> {
  const rows = await flows(deps, caller)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(MAX_FLOWS)
    .execute();
  return rows.map(toFlow);
}

/** A new flow starts as a draft; the play toggle switches it on. */
export async function createActionFlow(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZCreateActionFlow>,
): Promise<TActionFlow> {
  const count = await deps.db
    .selectFrom('action_flows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('org_id', '=', caller.orgId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_FLOWS)
    throw new AppError(
      'CONFLICT',
      `An organisation can keep ${MAX_FLOWS} action flows at most; delete one first.`,
    );
  const row = await deps.db
    .insertInto('action_flows')
    .values({
      org_id: caller.orgId,
      created_by: caller.userId,
      name: input.name,
      description: input.description,
      trigger_type: input.triggerType,
      steps: JSON.stringify(input.steps),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return getActionFlow(deps, caller, row.id);
}

export async function updateActionFlow(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof ZUpdateActionFlow>,
): Promise<TActionFlow> {
  await getActionFlow(deps, caller, id);
  await deps.db
    .updateTable('action_flows')
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.triggerType !== undefined && { trigger_type: input.triggerType }),
      ...(input.steps !== undefined && { steps: JSON.stringify(input.steps) }),
      updated_at: deps.now(),
    })
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .execute();
  return getActionFlow(deps, caller, id);
}

/** The pause/play toggle: draft → active, active → inactive, inactive → active (409 otherwise). */
export async function changeActionFlowStatus(
  deps: Deps,
  caller: Caller,
  id: number,
  to: TActionFlowStatus,
): Promise<TActionFlow> {
  const flow = await getActionFlow(deps, caller, id);
  if (flow.status === to) return flow;
  const allowed = ACTION_FLOW_TRANSITIONS[flow.status];
  if (!allowed.includes(to))
    throw new AppError(
      'CONFLICT',
      `A ${flow.status} flow cannot become ${to}; it can become ${allowed.join(' or ')}.`,
    );
  const moved = await deps.db
    .updateTable('action_flows')
    .set({ status: to, updated_at: deps.now() })
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .where('status', '=', flow.status)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0)
    throw new AppError('CONFLICT', 'The flow changed meanwhile; reload and try again.');
  return getActionFlow(deps, caller, id);
}

export async function deleteActionFlow(deps: Deps, caller: Caller, id: number) {
  await getActionFlow(deps, caller, id);
  await deps.db.deleteFrom('action_flows').where('id', '=', id).where('org_id', '=', caller.orgId).execute();
  return { status: 'Success' as const };
}
