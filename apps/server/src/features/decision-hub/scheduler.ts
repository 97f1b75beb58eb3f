import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { closeInterruptedScans, runRecommendationScan, type ScanTrigger } from './run-scan';

export interface RecommendationScheduler {
  runNow(
    scope: { orgId?: number; useCaseId?: number },
    trigger?: ScanTrigger,
  ): ReturnType<typeof runRecommendationScan>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const CHECK_EVERY_MS = 60_000;
const LAST_SCAN = 'recommendations.last_scan';

/**
 * Runs the recommendation scan on a schedule that survives restarts and several instances: the
 * time of the last scheduled scan is kept in the database, and an instance runs a due scan only
 * when it claims it — one conditional upsert, so of several instances checking at once exactly
 * one runs it. Scans of one instance never overlap; a request made during a scan waits for it and
 * then runs its own. A scan a stopped server left running is closed as failed at start, and a
 * scheduled one is then due again at once.
 */
export function createRecommendationScheduler(deps: Deps, intervalMs: number): RecommendationScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const singleInstance = !deps.config.databaseUrl;
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => undefined);
    return next;
  };
  /** True when this instance claimed the due scheduled scan. */
  const claim = async (): Promise<boolean> => {
    const now = deps.now();
    const dueBefore = new Date(now.getTime() - intervalMs).toISOString();
    const won = await sql<{ key: string }>`
      insert into app_settings (key, value) values (${LAST_SCAN}, ${now.toISOString()})
      on conflict (key) do update set value = excluded.value where app_settings.value::timestamptz <= ${dueBefore}::timestamptz
      returning key`.execute(deps.db);
    return won.rows.length > 0;
  };
  const tick = async () => {
    if (!singleInstance) await closeInterruptedScans(deps, { all: false });
    if (!(await claim())) return;
    await serial(async () => {
      const result = await runRecommendationScan(deps, { trigger: 'schedule' });
      deps.logger.info(result, 'scheduled recommendation scan done');
    });
  };
  return {
    runNow: (scope, trigger = 'manual') => serial(() => runRecommendationScan(deps, { ...scope, trigger })),
    async start() {
      const interruptedScheduled = await closeInterruptedScans(deps, { all: singleInstance });
      // A scheduled scan cut short is due again now, not a whole interval later.
      if (interruptedScheduled > 0)
        await sql`delete from app_settings where key = ${LAST_SCAN}`.execute(deps.db);
      if (timer || intervalMs <= 0) return;
      const loop = () =>
        void tick().catch((error: unknown) =>
          deps.logger.error({ err: error }, 'recommendation scan failed'),
        );
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
