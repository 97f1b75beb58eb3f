import { sql } from 'kysely';
import type { Deps } from '../../deps';

const INTERRUPTED_ANSWER =
  'This answer was interrupted: the server stopped before it was finished. Regenerate it to ask again.';

/** Longer than any answer may take (query and LLM time limits included). */
const ABANDONED_AFTER_MS = 10 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Closes answers that will never finish because the server answering them stopped (a crash, a
 * kill, a deploy). An interrupted first answer becomes an error the user can regenerate; an
 * interrupted regeneration keeps the answer it was replacing. With the embedded database one
 * process owns every answer, so at start all pending ones are interrupted; several instances on
 * PostgreSQL only close answers pending far longer than an answer can take.
 */
async function closeInterruptedAnswers(deps: Deps, options: { all: boolean }): Promise<number> {
  const before = new Date(deps.now().getTime() - (options.all ? 0 : ABANDONED_AFTER_MS));
  const result = await sql`
    update thread_messages
       set status = case when jsonb_array_length(cards) > 0 then 'answered' else 'error' end,
           content = case when jsonb_array_length(cards) > 0 then content else ${INTERRUPTED_ANSWER} end,
           pending_since = null,
           answered_at = coalesce(answered_at, ${deps.now()})
     where status = 'pending' and (pending_since is null or pending_since <= ${before})`.execute(deps.db);
  const count = Number(result.numAffectedRows ?? 0);
  if (count) deps.logger.warn({ count }, 'closed answers interrupted by a server stop');
  return count;
}

/** At start, and (with several instances) every minute, close interrupted answers. */
export function watchInterruptedAnswers(deps: Deps, options: { singleInstance: boolean }) {
  let timer: NodeJS.Timeout | null = null;
  const sweep = () =>
    void closeInterruptedAnswers(deps, { all: false }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'could not close interrupted answers'),
    );
  return {
    async start() {
      await closeInterruptedAnswers(deps, { all: options.singleInstance });
      if (!options.singleInstance) {
        timer = setInterval(sweep, SWEEP_EVERY_MS);
        timer.unref();
      }
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
