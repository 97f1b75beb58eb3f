import { permissionDeniedMessage, type TPermission } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { actorOf } from '../../warehouses/registry';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor, buildUseCaseModel } from '../use-cases';
import { alertIdOf, investigateAlert, getRecommendation } from '../decision-hub';
import { answerWithDocuments } from '../documents';
import { llmForCatalystAi } from '../agents';
import type { AnswerEvent, Answerer } from './answerer';
import { ownedThread, type Caller } from './threads';

/**
 * A new thread's name from its first question: the whole question when it fits in `max`
 * characters, else cut after the last whole word that fits, with an ellipsis ("… parcels to
 * island…", not "… parcels to isl"). A single word longer than `max` is cut where it must be.
 */
export function shortName(text: string, max: number): string {
  const words = text.trim().replace(/\s+/g, ' ');
  if (words.length <= max) return words;
  const head = words.slice(0, max - 1);
  // The head ends on a whole word when the next character is not a letter or digit.
  const whole = !/[\p{L}\p{N}]/u.test(words[max - 1] ?? '');
  const space = head.lastIndexOf(' ');
  const cut = whole || space <= max / 2 ? head : head.slice(0, space);
  return `${cut.replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** A question as the transports hand it over (the socket's `message`, the public API's body). */
export interface AskInput {
  message: string;
  useCaseId: number | null;
  threadId: number | null;
  messageId: number | null;
  regenerate: boolean;
  /** An alert conversation: the recommendation to investigate or explore. */
  alert: { id: string; action: string } | null;
}

export interface Exchange {
  threadId: number;
  messageId: number;
  question: string;
  useCaseId: number | null;
  isNewThread: boolean;
  alert: { id: string; action: string } | null;
}

const MAX_HISTORY = 6;

export const CANCELLED_ANSWER =
  'This question was cancelled before its answer was complete (the connection closed). Ask it again or regenerate it.';

const emptyQuestion = () =>
  new AppError('VALIDATION_FAILED', 'The question is empty: type what you want to know.');

/**
 * An alert is a Decision Hub recommendation: reading one in a conversation (its investigation, its
 * title as the thread's name) needs reports.view, as its REST routes do. A follow-up question
 * with words in an alert's thread is a question about the data (data.read, checked before).
 */
function assertMayReadAlerts(caller: { permissions: readonly TPermission[] }): void {
  if (!caller.permissions.includes('reports.view'))
    throw new AppError('FORBIDDEN', permissionDeniedMessage('reports.view'));
}

/** Finds or creates the thread and the exchange row a question is answered into. */
export async function openExchange(
  deps: Deps,
  caller: Caller & { permissions: readonly TPermission[] },
  input: AskInput,
): Promise<Exchange> {
  if (input.threadId) {
    const thread = await ownedThread(deps, caller, input.threadId);
    const alert =
      input.alert ??
      (thread.alert_ref ? { id: thread.alert_ref, action: thread.alert_action ?? 'investigate' } : null);
    if (input.regenerate) {
      if (!input.messageId)
        throw new AppError(
          'VALIDATION_FAILED',
          'Regenerating needs the message_id of the answer to replace.',
        );
      const row = await deps.db
        .selectFrom('thread_messages')
        .select(['id', 'question'])
        .where('id', '=', input.messageId)
        .where('thread_id', '=', thread.id)
        .executeTakeFirst();
      if (!row) throw notFound(`Message ${input.messageId} of thread ${thread.id}`);
      if (alert && !row.question.trim()) assertMayReadAlerts(caller);
      await deps.db
        .updateTable('thread_messages')
        .set({ status: 'pending', pending_since: deps.now() })
        .where('id', '=', row.id)
        .execute();
      return {
        threadId: thread.id,
        messageId: row.id,
        question: row.question,
        useCaseId: thread.use_case_id,
        isNewThread: false,
        alert,
      };
    }
    if (!input.message.trim() && !alert) throw emptyQuestion();
    if (alert && !input.message.trim()) assertMayReadAlerts(caller);
    const row = await deps.db
      .insertInto('thread_messages')
      .values({
        org_id: caller.orgId,
        thread_id: thread.id,
        user_id: caller.userId,
        question: input.message,
        pending_since: deps.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.db
      .updateTable('threads')
      .set({ updated_at: deps.now() })
      .where('id', '=', thread.id)
      .execute();
    return {
      threadId: thread.id,
      messageId: row.id,
      question: input.message,
      useCaseId: thread.use_case_id,
      isNewThread: false,
      alert,
    };
  }
  if (input.regenerate)
    throw new AppError('VALIDATION_FAILED', 'Regenerating needs the thread_id of the conversation.');
  if (!input.message.trim() && !input.alert) throw emptyQuestion();
  let useCaseId = input.useCaseId;
  let name = input.message.trim() ? shortName(input.message, 80) : null;
  if (input.alert) {
    assertMayReadAlerts(caller);
    const alertId = alertIdOf(input.alert.id);
    const rec = alertId === null ? null : await getRecommendation(deps, caller, alertId);
    if (!rec) throw new AppError('BAD_REQUEST', `"${input.alert.id}" is not an alert id.`);
    useCaseId = rec.usecase_id;
    name = shortName(
      `${input.alert.action === 'explore' ? 'Exploration' : 'Investigation'}: ${rec.title}`,
      120,
    );
  }
  if (useCaseId !== null) await getUseCaseFor(deps.db, caller, useCaseId);
  return deps.db.transaction().execute(async (trx) => {
    const thread = await trx
      .insertInto('threads')
      .values({
        org_id: caller.orgId,
        owner_id: caller.userId,
        use_case_id: useCaseId,
        name,
        alert_ref: input.alert?.id ?? null,
        alert_action: input.alert?.action ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('thread_messages')
      .values({
        org_id: caller.orgId,
        thread_id: thread.id,
        user_id: caller.userId,
        question: input.message,
        pending_since: deps.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      threadId: thread.id,
      messageId: row.id,
      question: input.message,
      useCaseId,
      isNewThread: true,
      alert: input.alert,
    };
  });
}

/** Runs Catalyst AI for an exchange over its use case's model and data. */
export async function* answerExchange(
  deps: Deps & { answerer: Answerer },
  caller: Caller,
  exchange: Exchange,
  signal: AbortSignal,
): AsyncGenerator<AnswerEvent> {
  if (exchange.alert && !exchange.question.trim()) {
    yield* investigateAlert(deps, caller, exchange.alert.id, exchange.alert.action);
    return;
  }
  yield { type: 'loader', text: 'Reading the use case knowledge...' };
  const built =
    exchange.useCaseId !== null ? await buildUseCaseModel(deps, caller, exchange.useCaseId) : null;
  const history = await deps.db
    .selectFrom('thread_messages')
    .select(['question', 'plan'])
    .where('thread_id', '=', exchange.threadId)
    .where('id', '<', exchange.messageId)
    .where('status', '=', 'answered')
    .orderBy('id', 'desc')
    .limit(MAX_HISTORY)
    .execute();
  const llm = await llmForCatalystAi(deps, caller.orgId);
  const warehouse = built?.connId
    ? await deps.warehouses.open({
        orgId: caller.orgId,
        connId: built.connId,
        actor: actorOf(caller, exchange.question),
      })
    : null;
  try {
    // The use case's documents answer what its data cannot (features/documents/answer.ts).
    const documentsInput = {
      useCaseId: exchange.useCaseId,
      question: exchange.question,
      threshold: (built?.threshold ?? 80) / 100,
    };
    yield* answerWithDocuments(deps, caller, documentsInput, () =>
      deps.answerer.answer({
        question: exchange.question,
        model: built?.model ?? { tables: [], metrics: [], joins: [] },
        warehouse,
        history: history.reverse().map((h) => ({ question: h.question, plan: h.plan })),
        threshold: (built?.threshold ?? 80) / 100,
        now: deps.now(),
        signal,
        llm,
      }),
    );
  } finally {
    await warehouse?.close();
  }
}

export async function saveAnswer(
  deps: Deps,
  exchange: Exchange,
  answer: {
    content: string;
    cards: unknown[];
    status: 'answered' | 'error';
    confidence: number | null;
    plan: unknown;
  },
) {
  await deps.db
    .updateTable('thread_messages')
    .set({
      content: answer.content,
      cards: JSON.stringify(answer.cards),
      status: answer.status,
      confidence: answer.confidence,
      plan: answer.plan === undefined || answer.plan === null ? null : JSON.stringify(answer.plan),
      answered_at: deps.now(),
      pending_since: null,
    })
    .where('id', '=', exchange.messageId)
    .execute();
}

/**
 * The client went away before the answer was complete. As for an answer a server stop
 * interrupted (recover.ts): a regeneration keeps the answer it was replacing; anything without
 * cards is closed as cancelled, never left pending.
 */
export async function endCancelledExchange(deps: Deps, exchange: Exchange) {
  await sql`
    update thread_messages
       set status = case when jsonb_array_length(cards) > 0 then 'answered' else 'error' end,
           content = case when jsonb_array_length(cards) > 0 then content else ${CANCELLED_ANSWER} end,
           pending_since = null,
           answered_at = coalesce(answered_at, ${deps.now()})
     where id = ${exchange.messageId} and status = 'pending'`.execute(deps.db);
}
