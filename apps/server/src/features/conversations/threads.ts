import type { TThread, TThreadMessage } from '@catalyst/contracts';
import { sql, type Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { Caller } from '../../plugins/auth';
import type { ThreadMessagesTable, ThreadsTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { cachedThreadList } from './thread-list-cache';
import { assertUseCaseResultsVisible, hiddenUseCases } from '../access';

export type { Caller } from '../../plugins/auth';

export type ThreadRow = Selectable<ThreadsTable>;

/**
 * A thread the caller may read: their own, or one shared with them (same organisation only).
 * Others' threads, and threads of another organisation, are a 404.
 */
async function readableThread(
  deps: Deps,
  caller: Caller,
  threadId: number,
): Promise<ThreadRow & { isOwner: boolean }> {
  const row = await deps.db
    .selectFrom('threads')
    .selectAll()
    .where('id', '=', threadId)
    .where('org_id', '=', caller.orgId)
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('thread_shares')
            .select('user_id')
            .whereRef('thread_shares.thread_id', '=', 'threads.id')
            .where('thread_shares.user_id', '=', caller.userId),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!row) throw notFound(`Thread ${threadId}`);
  return { ...row, isOwner: row.owner_id === caller.userId };
}

/** Only the owner changes a thread; people it was shared with read it. */
export async function ownedThread(deps: Deps, caller: Caller, threadId: number): Promise<ThreadRow> {
  const thread = await readableThread(deps, caller, threadId);
  if (!thread.isOwner)
    throw new AppError(
      'FORBIDDEN',
      'This thread was shared with you to read; only its owner can change it. Start a new analysis to ask your own questions.',
    );
  return thread;
}

export async function listThreads(deps: Deps, caller: Caller, useCaseId?: number): Promise<TThread[]> {
  const threads = await cachedThreadList(deps, caller.userId, `${caller.orgId}:${useCaseId ?? '*'}`, () =>
    loadThreads(deps, caller, useCaseId),
  );
  // Threads over sources the caller may not read now (data access groups) are left out; checked
  // after the cache, since business hours and expiry change without any write.
  const hidden = new Set(await hiddenUseCases(deps, caller));
  return hidden.size ? threads.filter((t) => t.usecase_id === null || !hidden.has(t.usecase_id)) : threads;
}

async function loadThreads(deps: Deps, caller: Caller, useCaseId?: number): Promise<TThread[]> {
  let query = deps.db
    .selectFrom('threads as t')
    .innerJoin('users as u', 'u.id', 't.owner_id')
    .leftJoin('use_cases as uc', 'uc.id', 't.use_case_id')
    .select([
      't.id',
      't.name',
      't.created_at',
      't.updated_at',
      't.use_case_id',
      't.owner_id',
      'uc.name as use_case_name',
      'u.username',
      sql<number>`(select count(*)::int from thread_messages m where m.thread_id = t.id)`.as('message_count'),
    ])
    .where('t.org_id', '=', caller.orgId)
    .where((eb) =>
      eb.or([
        eb('t.owner_id', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('thread_shares as s')
            .select('s.user_id')
            .whereRef('s.thread_id', '=', 't.id')
            .where('s.user_id', '=', caller.userId),
        ),
      ]),
    );
  if (useCaseId !== undefined) query = query.where('t.use_case_id', '=', useCaseId);
  const rows = await query.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    thread_id: r.id,
    thread_name: r.name,
    insert_ts: new Date(r.created_at).toISOString(),
    creation_ts: new Date(r.created_at).toISOString(),
    usecase_id: r.use_case_id,
    use_case_name: r.use_case_name ?? null,
    message_count: r.message_count,
    user_name: r.username,
    is_owner: r.owner_id === caller.userId,
  }));
}

const toThreadMessage = (r: Selectable<ThreadMessagesTable>): TThreadMessage => ({
  message_id: r.id,
  message: r.question,
  content: r.content,
  cards: Array.isArray(r.cards) ? r.cards : [],
  created_date: new Date(r.answered_at ?? r.created_at).toISOString(),
  status: r.status,
  feedback: r.feedback,
  confidence: r.confidence,
});

export async function threadMessages(deps: Deps, caller: Caller, threadId: number) {
  const thread = await readableThread(deps, caller, threadId);
  await assertUseCaseResultsVisible(deps, caller, thread.use_case_id);
  const rows = await deps.db
    .selectFrom('thread_messages')
    .selectAll()
    .where('thread_id', '=', threadId)
    .orderBy('id')
    .execute();
  return rows.map(toThreadMessage);
}

export async function renameThread(deps: Deps, caller: Caller, threadId: number, name: string) {
  const thread = await ownedThread(deps, caller, threadId);
  await deps.db
    .updateTable('threads')
    .set({ name, updated_at: deps.now() })
    .where('id', '=', thread.id)
    .execute();
  await notifyThreadAudience(deps, thread.id, thread.owner_id, 'renamed');
  return { status: 'Success' as const, thread_id: thread.id, thread_name: name };
}

export async function deleteThread(deps: Deps, caller: Caller, threadId: number) {
  const thread = await ownedThread(deps, caller, threadId);
  const audience = await deps.db
    .selectFrom('thread_shares')
    .select('user_id')
    .where('thread_id', '=', thread.id)
    .execute();
  await deps.db.deleteFrom('threads').where('id', '=', thread.id).execute();
  for (const userId of [thread.owner_id, ...audience.map((a) => a.user_id)])
    deps.notifyUser(userId, 'threads-changed', { thread_id: thread.id, reason: 'deleted' });
  return { status: 'Success' as const };
}

export async function shareCandidates(
  deps: Deps,
  caller: Caller,
  page: { pageNumber: number; pageSize: number },
) {
  const rows = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'email'])
    .where('org_id', '=', caller.orgId)
    .where('is_active', '=', true)
    .where('id', '!=', caller.userId)
    .orderBy('username')
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize)
    .execute();
  return {
    items: rows.map((u) => ({
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      userName: u.username,
      email: u.email,
    })),
  };
}

export async function shareThread(deps: Deps, caller: Caller, threadId: number, userIds: number[]) {
  const thread = await ownedThread(deps, caller, threadId);
  if (thread.use_case_id === null)
    throw new AppError('BAD_REQUEST', 'Only a conversation of a use case can be shared.');
  const ids = [...new Set(userIds)].filter((u) => u !== caller.userId);
  const known = ids.length
    ? await deps.db
        .selectFrom('users')
        .select('id')
        .where('org_id', '=', caller.orgId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const unknown = ids.filter((u) => !known.some((k) => k.id === u));
  if (unknown.length)
    throw new AppError('NOT_FOUND', `No user with id ${unknown.join(', ')} in your organisation.`);
  if (ids.length) {
    await deps.db
      .insertInto('thread_shares')
      .values(
        ids.map((user_id) => ({
          thread_id: thread.id,
          user_id,
          org_id: caller.orgId,
          shared_by: caller.userId,
        })),
      )
      .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doNothing())
      .execute();
    for (const userId of ids)
      deps.notifyUser(userId, 'threads-changed', { thread_id: thread.id, reason: 'shared' });
  }
  return { status: 'Success' as const, message: 'Thread shared successfully' };
}

export async function deleteMessage(deps: Deps, caller: Caller, threadId: number, messageId: number) {
  const thread = await ownedThread(deps, caller, threadId);
  const deleted = await deps.db
    .deleteFrom('thread_messages')
    .where('id', '=', messageId)
    .where('thread_id', '=', thread.id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(`Message ${messageId} of thread ${threadId}`);
  await notifyThreadAudience(deps, thread.id, thread.owner_id, 'message-deleted');
  return { status: 'Success' as const };
}

export async function giveFeedback(
  deps: Deps,
  caller: Caller,
  input: { thread_id: number; message_id: number; feedback: 0 | 1 },
) {
  await readableThread(deps, caller, input.thread_id);
  const updated = await deps.db
    .updateTable('thread_messages')
    .set({ feedback: input.feedback })
    .where('id', '=', input.message_id)
    .where('thread_id', '=', input.thread_id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    throw notFound(`Message ${input.message_id} of thread ${input.thread_id}`);
  return { status: 'success' as const, message: 'Feedback submitted successfully' };
}

/** Tells the owner and everyone the thread is shared with that their thread list changed. */
async function notifyThreadAudience(deps: Deps, threadId: number, ownerId: number, reason: string) {
  const audience = await deps.db
    .selectFrom('thread_shares')
    .select('user_id')
    .where('thread_id', '=', threadId)
    .execute();
  for (const userId of [ownerId, ...audience.map((a) => a.user_id)])
    deps.notifyUser(userId, 'threads-changed', { thread_id: threadId, reason });
}
