import type { Deps } from '../../deps';
import type { RecommendationScheduler } from './scheduler';

/** Several files of one upload land within seconds: scan once they have settled. */
const SETTLE_MS = 5_000;

/** After new data lands in a connection, rescans the active use cases that read it. */
export function watchNewData(deps: Deps, scheduler: RecommendationScheduler) {
  const pending = new Map<number, NodeJS.Timeout>();
  deps.events.on('data-landed', ({ orgId, connId }: { orgId: number; connId: number }) => {
    clearTimeout(pending.get(connId));
    const timer = setTimeout(() => {
      pending.delete(connId);
      void (async () => {
        const useCases = await deps.db
          .selectFrom('use_case_schemas as s')
          .innerJoin('use_cases as u', 'u.id', 's.use_case_id')
          .select('u.id')
          .where('s.conn_id', '=', connId)
          .where('s.org_id', '=', orgId)
          .where('u.is_onboarded', '=', true)
          .where('u.is_deleted', '=', false)
          .execute();
        for (const uc of useCases) await scheduler.runNow({ orgId, useCaseId: uc.id }, 'new-data');
      })().catch((error: unknown) => deps.logger.warn({ err: error, connId }, 'scan after new data failed'));
    }, SETTLE_MS);
    timer.unref();
    pending.set(connId, timer);
  });
  deps.events.on('close', () => pending.forEach((t) => clearTimeout(t)));
}
