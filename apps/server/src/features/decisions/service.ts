import {
  DECISION_TRANSITIONS,
  type TCreateDecision,
  type TDecision,
  type TDecisionMetric,
  type TDecisionStatus,
  ZDecisionMetric,
} from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor, visibleUseCases, type Caller } from '../use-cases';
import { assertUseCaseResultsVisible, hiddenUseCases } from '../access';
import { checkDecisionMetric } from './metric-check';
import { captureBaseline } from './outcome';

type ArtifactInput = TCreateDecision['artifacts'][number];

const ARTIFACT_MAX_BYTES = 5 * 1024 * 1024;

function artifactRow(decisionId: number, caller: Caller, a: ArtifactInput) {
  let size = Buffer.byteLength(a.content, 'utf8');
  if (a.encoding === 'base64') {
    if (!/^[A-Za-z0-9+/\s]*={0,2}$/.test(a.content))
      throw new AppError('BAD_REQUEST', `Artifact "${a.name}" is not valid base64.`);
    size = Buffer.from(a.content, 'base64').length;
  }
  if (size > ARTIFACT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', `Artifact "${a.name}" is larger than 5 MB.`);
  return {
    decision_id: decisionId,
    org_id: caller.orgId,
    name: a.name,
    type: a.type,
    content: a.content,
    encoding: a.encoding,
    mime_type: a.mimeType ?? null,
    size,
    uploaded_by: caller.userId,
  };
}

/** A decision the caller may see: of their organisation, on a use case they may see. */
async function decisionRow(deps: Deps, caller: Caller, id: number) {
  const row = await deps.db
    .selectFrom('decisions')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`Decision ${id}`);
  try {
    await getUseCaseFor(deps.db, caller, row.use_case_id);
  } catch {
    throw notFound(`Decision ${id}`);
  }
  // Its alert, metric and baseline come from the use case's source: data access groups apply.
  await assertUseCaseResultsVisible(deps, caller, row.use_case_id);
  return row;
}

export async function getDecision(deps: Deps, caller: Caller, id: number): Promise<TDecision> {
  const row = await decisionRow(deps, caller, id);
  const [useCase, creator, artifacts, events] = await Promise.all([
    deps.db
      .selectFrom('use_cases')
      .select('name')
      .where('id', '=', row.use_case_id)
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom('users').select('username').where('id', '=', row.created_by).executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('decision_artifacts')
      .selectAll()
      .where('decision_id', '=', id)
      .orderBy('id')
      .execute(),
    deps.db
      .selectFrom('decision_events as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.from_status', 'e.to_status', 'e.at', 'e.note', 'u.username'])
      .where('e.decision_id', '=', id)
      .orderBy('e.id')
      .execute(),
  ]);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    useCaseId: row.use_case_id,
    useCaseName: useCase.name,
    alertId: row.alert_id,
    alertTitle: row.alert_title,
    decisionRationale: row.rationale,
    createdBy: creator.username,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    allowedTransitions: DECISION_TRANSITIONS[row.status],
    // Read through the contract: a metric stored by an older version may lack newer fields.
    metric: ZDecisionMetric.safeParse(row.metric).data ?? null,
    artifacts: artifacts.map((a) => ({
      id: a.id,
      name: a.name,
      type: a.type as ArtifactInput['type'],
      content: a.content,
      encoding: a.encoding as 'text' | 'base64',
      mimeType: a.mime_type,
      size: a.size,
      uploadedAt: new Date(a.uploaded_at).toISOString(),
    })),
    history: events.map((e) => ({
      from: (e.from_status as TDecisionStatus | null) ?? null,
      to: e.to_status as TDecisionStatus,
      at: new Date(e.at).toISOString(),
      by: e.username,
      note: e.note,
    })),
  };
}

export async function createDecision(deps: Deps, caller: Caller, input: TCreateDecision) {
  await getUseCaseFor(deps.db, caller, input.useCaseId);
  let alertTitle = input.alertTitle ?? '';
  const recId = /^rec-(\d+)$/.exec(input.alertId)?.[1];
  let metric = input.metric ?? null;
  if (recId) {
    // From an alert: the title is the alert's (read-only in the dialog) and its metric is tracked.
    const rec = await deps.db
      .selectFrom('recommendations')
      .select(['title', 'details', 'use_case_id'])
      .where('id', '=', Number(recId))
      .where('org_id', '=', caller.orgId)
      .executeTakeFirst();
    if (!rec) throw notFound(`Alert ${input.alertId}`);
    alertTitle = rec.title;
    // Read through the contract: a recommendation stored by an older version may lack newer fields.
    const stored = ZDecisionMetric.safeParse((rec.details as { metric?: unknown }).metric);
    if (!metric && stored.success) {
      // The alert's own metric: one the user cannot fix is not tracked rather than refused.
      metric = await checkDecisionMetric(deps, input.useCaseId, stored.data).catch(() => null);
    }
  }
  if (input.metric) metric = await checkDecisionMetric(deps, input.useCaseId, input.metric);
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('decisions')
      .values({
        org_id: caller.orgId,
        created_by: caller.userId,
        use_case_id: input.useCaseId,
        title: input.title,
        description: input.description,
        alert_id: input.alertId,
        alert_title: alertTitle,
        rationale: input.decisionRationale,
        metric: metric ? JSON.stringify(metric) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('decision_events')
      .values({
        decision_id: row.id,
        org_id: caller.orgId,
        user_id: caller.userId,
        from_status: null,
        to_status: 'pending',
      })
      .execute();
    if (input.artifacts.length)
      await trx
        .insertInto('decision_artifacts')
        .values(input.artifacts.map((a) => artifactRow(row.id, caller, a)))
        .execute();
    return row.id;
  });
  return getDecision(deps, caller, id);
}

export async function listDecisions(
  deps: Deps,
  caller: Caller,
  query: {
    search?: string;
    status?: TDecisionStatus | 'all';
    sort: 'newest' | 'oldest' | 'title' | 'status' | 'updated';
    use_case_id?: number;
  },
) {
  const visible = visibleUseCases(deps.db, caller).select('use_cases.id');
  let q = deps.db
    .selectFrom('decisions as d')
    .innerJoin('use_cases as uc', 'uc.id', 'd.use_case_id')
    .select(['d.id'])
    .where('d.org_id', '=', caller.orgId)
    .where('d.use_case_id', 'in', visible);
  if (query.status && query.status !== 'all') q = q.where('d.status', '=', query.status);
  if (query.use_case_id) q = q.where('d.use_case_id', '=', query.use_case_id);
  const hidden = await hiddenUseCases(deps, caller);
  if (hidden.length) q = q.where('d.use_case_id', 'not in', hidden);
  if (query.search?.trim()) {
    const like = `%${query.search
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(d.title)`, 'like', like),
        eb(sql`lower(d.description)`, 'like', like),
        eb(sql`lower(d.alert_title)`, 'like', like),
      ]),
    );
  }
  const order = {
    newest: [['d.created_at', 'desc']],
    oldest: [['d.created_at', 'asc']],
    title: [['d.title', 'asc']],
    status: [
      ['d.status', 'asc'],
      ['d.updated_at', 'desc'],
    ],
    updated: [['d.updated_at', 'desc']],
  } as const;
  for (const [column, dir] of order[query.sort]) q = q.orderBy(column, dir);
  const ids = await q.orderBy('d.id', 'desc').limit(500).execute();
  return Promise.all(ids.map((r) => getDecision(deps, caller, r.id)));
}

export async function updateDecision(
  deps: Deps,
  caller: Caller,
  id: number,
  input: {
    title?: string;
    description?: string;
    decisionRationale?: string;
    metric?: TDecisionMetric | null;
  },
) {
  const row = await decisionRow(deps, caller, id);
  if (row.status === 'implemented' || row.status === 'rejected')
    throw new AppError('CONFLICT', `A ${row.status} decision can no longer be edited.`);
  const metric = input.metric ? await checkDecisionMetric(deps, row.use_case_id, input.metric) : input.metric;
  await deps.db
    .updateTable('decisions')
    .set({
      ...(input.title !== undefined && { title: input.title }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.decisionRationale !== undefined && { rationale: input.decisionRationale }),
      ...(metric !== undefined && { metric: metric ? JSON.stringify(metric) : null }),
      updated_at: deps.now(),
    })
    .where('id', '=', id)
    .execute();
  return getDecision(deps, caller, id);
}

export async function deleteDecision(deps: Deps, caller: Caller, id: number) {
  await decisionRow(deps, caller, id);
  await deps.db.deleteFrom('decisions').where('id', '=', id).execute();
  return { status: 'Success' as const };
}

/** Where the shift the decision's alert found began (its recommendation's window), if it came from one. */
async function alertShiftStart(deps: Deps, caller: Caller, alertId: string): Promise<string | undefined> {
  const recId = /^rec-(\d+)$/.exec(alertId)?.[1];
  if (!recId) return undefined;
  const rec = await deps.db
    .selectFrom('recommendations')
    .select('details')
    .where('id', '=', Number(recId))
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  const from = (rec?.details as { window?: { from?: unknown } } | undefined)?.window?.from;
  return typeof from === 'string' && /^\d{4}-\d{2}-\d{2}/.test(from) ? from : undefined;
}

/** pending → approved → implemented, or → rejected; recorded with who and when. Approval captures the metric's baseline. */
export async function changeStatus(
  deps: Deps,
  caller: Caller,
  id: number,
  to: TDecisionStatus,
  note?: string,
) {
  const row = await decisionRow(deps, caller, id);
  const allowed = DECISION_TRANSITIONS[row.status];
  if (!allowed.includes(to)) {
    throw new AppError(
      'CONFLICT',
      `A ${row.status} decision cannot become ${to}${allowed.length ? `; it can become ${allowed.join(' or ')}` : ''}.`,
    );
  }
  const now = deps.now();
  let baseline: unknown = undefined;
  if (to === 'approved' && row.metric) {
    // Checked again before it becomes SQL: a 400 the user can act on, not a query of what was stored.
    const metric = await checkDecisionMetric(deps, row.use_case_id, row.metric);
    const shiftFrom = await alertShiftStart(deps, caller, row.alert_id);
    baseline = await captureBaseline(deps, caller, row.use_case_id, metric, now, shiftFrom).catch(
      (error: unknown) => {
        deps.logger.warn(
          { err: error, decisionId: id },
          'could not capture the baseline of the decision metric',
        );
        return null;
      },
    );
  }
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('decisions')
      .set({
        status: to,
        updated_at: now,
        ...(to === 'approved' && { approved_at: now }),
        ...(to === 'implemented' && { implemented_at: now }),
        ...(baseline !== undefined && { baseline: baseline === null ? null : JSON.stringify(baseline) }),
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0)
      throw new AppError('CONFLICT', 'The decision changed meanwhile; reload it and try again.');
    await trx
      .insertInto('decision_events')
      .values({
        decision_id: id,
        org_id: caller.orgId,
        user_id: caller.userId,
        from_status: row.status,
        to_status: to,
        note: note ?? null,
        at: now,
      })
      .execute();
  });
  return getDecision(deps, caller, id);
}

export async function addArtifact(deps: Deps, caller: Caller, id: number, input: ArtifactInput) {
  await decisionRow(deps, caller, id);
  await deps.db
    .insertInto('decision_artifacts')
    .values(artifactRow(id, caller, input))
    .execute();
  await deps.db.updateTable('decisions').set({ updated_at: deps.now() }).where('id', '=', id).execute();
  return getDecision(deps, caller, id);
}

export async function deleteArtifact(deps: Deps, caller: Caller, id: number, artifactId: number) {
  await decisionRow(deps, caller, id);
  const deleted = await deps.db
    .deleteFrom('decision_artifacts')
    .where('id', '=', artifactId)
    .where('decision_id', '=', id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(`Artifact ${artifactId}`);
  return getDecision(deps, caller, id);
}

export { decisionRow };
