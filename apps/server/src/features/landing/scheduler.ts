import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Insights } from './insights';
import { runRecommendationScan } from './run-scan';

export interface RecommendationScheduler {
  runNow(scope: { orgId?: number; useCaseId?: number }): ReturnType<typeof runRecommendationScan>;
  start(): void;
  stop(): Promise<void>;
}

const CHECK_EVERY_MS = 60_000;

/**
 * Runs the recommendation scan on a schedule that survives restarts: the time of the last full
 * scan is kept in the database, and a scan is due when it is older than the interval. Scans never
 * overlap; a request made during a scan waits for it and then runs its own.
 */
export function createRecommendationScheduler(deps: Deps, insights: Insights, intervalMs: number): RecommendationScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };
  const lastRun = async () => {
    const row = await sql<{ value: string }>`select value from app_settings where key = 'recommendations.last_scan'`.execute(deps.db);
    return row.rows[0] ? new Date(row.rows[0].value) : null;
  };
  const tick = async () => {
    const last = await lastRun();
    if (last && deps.now().getTime() - last.getTime() < intervalMs) return;
    await serial(async () => {
      const result = await runRecommendationScan(deps, insights);
      await sql`insert into app_settings (key, value) values ('recommendations.last_scan', ${deps.now().toISOString()})
        on conflict (key) do update set value = excluded.value`.execute(deps.db);
      deps.logger.info(result, 'scheduled recommendation scan done');
    });
  };
  return {
    runNow: (scope) => serial(() => runRecommendationScan(deps, insights, scope)),
    start() {
      if (timer || intervalMs <= 0) return;
      const loop = () => void tick().catch((error: unknown) => deps.logger.error({ err: error }, 'recommendation scan failed'));
      loop();
      timer = setInterval(loop, CHECK_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
