import { permissionDeniedMessage, type TErrorCode, type TPermission } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { answerExchange, endCancelledExchange, openExchange, saveAnswer, type AskInput } from './ask';
import type { Caller } from './threads';

export type { AskInput } from './ask';

/** Who asks: the caller and what their role allows (a session's or an API key's creator's). */
export type AskCaller = Caller & { permissions: readonly TPermission[] };

/**
 * What asking yields, in order: `started` once the exchange is saved (its thread and message
 * ids), any `loader`s and `cards`, then exactly one of `answered` (saved) or `failed`. `failed`
 * may also come first, with no `started`, when nothing was saved (bad input, no access to the
 * thread or use case). Only a request aborted by its client ends with neither.
 */
export type AskEvent =
  | { type: 'started'; threadId: number; messageId: number; isNewThread: boolean }
  | { type: 'loader'; text: string }
  | { type: 'cards'; cards: unknown[] }
  | {
      type: 'answered';
      threadId: number;
      messageId: number;
      content: string;
      /** Every card of the answer, as saved. */
      cards: unknown[];
      confidence: number | null;
    }
  | { type: 'failed'; error: AskFailure };

interface AskFailure {
  /** Stable, as in every error body (`@catalyst/contracts` ERROR_CODES). */
  code: TErrorCode;
  /** Shown to the user as it is. */
  message: string;
  threadId: number | null;
  messageId: number | null;
}

export const ASK_ERROR = 'An error occurred while processing your request.';
const REGENERATE_ERROR = 'An error occurred while regenerating your request.';
const SAVE_ERROR =
  'This answer could not be saved (the app database did not respond). Please ask again in a moment.';

/**
 * The one way a question is asked, whatever the transport (the chat's socket, the public API):
 * checks the caller may read data, opens the exchange (a thread the caller owns, a use case they
 * may use — or the alert they investigate), runs Catalyst AI over the use case's model and
 * warehouse (data access groups apply when the warehouse opens), saves the answer — or the error
 * — before saying it is done, and tells the caller's other tabs. The transports only translate
 * the events. An error the user can act on keeps its code and message; anything else is logged
 * and told as INTERNAL with a generic message. When `signal` aborts (the client went away), the
 * answerer stops and the exchange is closed as cancelled.
 */
export async function* askCatalyst(
  deps: Deps,
  caller: AskCaller,
  input: AskInput,
  signal: AbortSignal,
): AsyncGenerator<AskEvent> {
  const failure = (error: unknown, at: { threadId: number | null; messageId: number | null }) => {
    const known = error instanceof AppError;
    if (!known) deps.logger.error({ err: error, ...at }, 'asking Catalyst AI failed');
    const fallback = input.regenerate ? REGENERATE_ERROR : ASK_ERROR;
    return {
      type: 'failed' as const,
      error: { code: known ? error.code : 'INTERNAL', message: known ? error.message : fallback, ...at },
    };
  };

  if (!caller.permissions.includes('data.read')) {
    yield failure(new AppError('FORBIDDEN', permissionDeniedMessage('data.read')), {
      threadId: input.threadId,
      messageId: null,
    });
    return;
  }
  let exchange;
  try {
    exchange = await openExchange(deps, caller, input);
  } catch (error) {
    yield failure(error, { threadId: input.threadId, messageId: null });
    return;
  }
  const at = { threadId: exchange.threadId, messageId: exchange.messageId };
  if (exchange.isNewThread)
    deps.notifyUser(caller.userId, 'threads-changed', { thread_id: exchange.threadId, reason: 'created' });
  yield { type: 'started', ...at, isNewThread: exchange.isNewThread };

  const cards: unknown[] = [];
  let final = { content: '', confidence: null as number | null, plan: null as unknown };
  let failed: ReturnType<typeof failure> | null = null;
  try {
    for await (const event of answerExchange(deps, caller, exchange, signal)) {
      if (signal.aborted) break;
      if (event.type === 'loader') yield event;
      else if (event.type === 'cards') {
        cards.push(...event.cards);
        yield event;
      } else final = event;
    }
  } catch (error) {
    if (!signal.aborted) failed = failure(error, at);
  }
  if (signal.aborted) {
    await endCancelledExchange(deps, exchange).catch((error: unknown) =>
      deps.logger.warn({ err: error, ...at }, 'could not close a cancelled answer'),
    );
    deps.notifyUser(caller.userId, 'threads-changed', { thread_id: exchange.threadId, reason: 'answered' });
    return;
  }

  // Saved before it is told as done: an answer that could not be saved is not shown as finished.
  const saved = await saveAnswer(deps, exchange, {
    content: failed ? failed.error.message : final.content,
    cards,
    status: failed ? 'error' : 'answered',
    confidence: failed ? null : final.confidence,
    plan: failed ? null : final.plan,
  }).then(
    () => true,
    (error: unknown) => {
      deps.logger.error({ err: error, ...at }, 'could not save the answer');
      return false;
    },
  );
  deps.notifyUser(caller.userId, 'threads-changed', { thread_id: exchange.threadId, reason: 'answered' });
  if (failed) yield failed;
  else if (!saved) yield { type: 'failed', error: { code: 'UNAVAILABLE', message: SAVE_ERROR, ...at } };
  else yield { type: 'answered', ...at, content: final.content, cards, confidence: final.confidence };
}
