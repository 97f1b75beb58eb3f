import type { TPublicAnswer, TPublicAsk } from '@catalyst/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { askCatalyst, type AskCaller } from '../conversations';

/**
 * Asks Catalyst AI over REST: askCatalyst's events (the same as the chat's socket gets) collected
 * into one JSON answer. A failure is the same error — code and message — the socket sends, here
 * with the code's HTTP status; a refusal while answering (e.g. a data access group) is saved in
 * the thread as the chat saves it.
 */
export async function askOverRest(
  deps: Deps,
  caller: AskCaller,
  input: TPublicAsk,
  signal: AbortSignal,
): Promise<TPublicAnswer['data']> {
  const events = askCatalyst(
    deps,
    caller,
    {
      message: input.question,
      useCaseId: input.use_case_id ?? null,
      threadId: input.thread_id ?? null,
      messageId: null,
      regenerate: false,
      alert: null,
    },
    signal,
  );
  for await (const event of events) {
    if (event.type === 'failed') throw new AppError(event.error.code, event.error.message);
    if (event.type === 'answered')
      return {
        thread_id: event.threadId,
        message_id: event.messageId,
        content: event.content,
        cards: event.cards,
        confidence: event.confidence,
      };
  }
  // Only a request its client abandoned ends without an answer: nobody reads this reply.
  throw new AppError('BAD_REQUEST', 'The request was cancelled before the answer was complete.');
}
