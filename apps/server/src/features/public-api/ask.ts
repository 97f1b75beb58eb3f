import type { TPublicAnswer, TPublicAsk } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import { answerExchange, openExchange, saveAnswer } from '../conversations/ask';

const DEFAULT_ERROR = 'An error occurred while processing your request.';

/**
 * Asks Catalyst AI over REST exactly as the chat does (the same openExchange → answerExchange →
 * saveAnswer as the socket): the exchange is saved in a thread the caller owns, data access
 * groups apply, and the answer's cards come back as JSON instead of as chunks. A refusal while
 * answering (e.g. a data access group) is saved like the chat saves it and answered with its
 * own status.
 */
export async function askOverRest(
  deps: Deps,
  caller: Caller,
  input: TPublicAsk,
  signal: AbortSignal,
): Promise<TPublicAnswer['data']> {
  const exchange = await openExchange(deps, caller, {
    message: input.question,
    useCaseId: input.use_case_id ?? null,
    threadId: input.thread_id ?? null,
    messageId: null,
    regenerate: false,
    alert: null,
  });
  const cards: unknown[] = [];
  let final: { content: string; confidence: number | null; plan: unknown } = {
    content: '',
    confidence: null,
    plan: null,
  };
  try {
    for await (const event of answerExchange(deps, caller, exchange, signal)) {
      if (signal.aborted) break;
      if (event.type === 'cards') cards.push(...event.cards);
      else if (event.type === 'done') final = event;
    }
  } catch (error) {
    const known = error instanceof AppError;
    await saveAnswer(deps, exchange, {
      content: known ? error.message : DEFAULT_ERROR,
      cards,
      status: 'error',
      confidence: null,
      plan: null,
    }).catch((saveError: unknown) =>
      deps.logger.error({ err: saveError, threadId: exchange.threadId }, 'could not save the failed answer'),
    );
    deps.notifyUser(caller.userId, 'threads-changed', {
      thread_id: exchange.threadId,
      reason: exchange.isNewThread ? 'created' : 'answered',
    });
    throw error;
  }
  await saveAnswer(deps, exchange, {
    content: final.content,
    cards,
    status: 'answered',
    confidence: final.confidence,
    plan: final.plan,
  });
  // The user's open Catalyst tabs see the new or updated thread.
  deps.notifyUser(caller.userId, 'threads-changed', {
    thread_id: exchange.threadId,
    reason: exchange.isNewThread ? 'created' : 'answered',
  });
  return {
    thread_id: exchange.threadId,
    message_id: exchange.messageId,
    content: final.content,
    cards,
    confidence: final.confidence,
  };
}
