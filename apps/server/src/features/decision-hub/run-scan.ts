import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Finding } from './describe-finding';
import { scanUseCase } from './scan';

/**
 * Scans the active use cases of an organisation (or all) and stores one recommendation per
 * metric, segment and anomaly window: a re-run updates it, and a dismissed one stays dismissed.
 */
export async function runRecommendationScan(
  deps: Deps,
  options: { orgId?: number; useCaseId?: number; trigger?: ScanTrigger } = {},
) {
  let query = deps.db
    .selectFrom('use_cases')
    .select(['id', 'org_id', 'owner_id', 'risk_tolerance'])
    .where('is_onboarded', '=', true)
    .where('is_deleted', '=', false);
  if (options.orgId) query = query.where('org_id', '=', options.orgId);
  if (options.useCaseId) query = query.where('id', '=', options.useCaseId);
  const useCases = await query.orderBy('org_id').orderBy('id').execute();
  // A scheduled scan is recorded for every active organisation, even one with nothing to scan yet.
  const orgIds = options.orgId
    ? [options.orgId]
    : (
        await deps.db
          .selectFrom('organizations')
          .select('id')
          .where('status', '=', 'active')
          .orderBy('id')
          .execute()
      ).map((o) => o.id);
  const total = { useCases: useCases.length, created: 0, updated: 0, failures: [] as string[] };
  for (const orgId of orgIds) {
    const result = await recordedRun(deps, { orgId, trigger: options.trigger ?? 'manual' }, () =>
      scanUseCases(
        deps,
        useCases.filter((uc) => uc.org_id === orgId),
      ),
    );
    total.created += result.created;
    total.updated += result.updated;
    total.failures.push(...result.failures);
  }
  return total;
}

export type ScanTrigger = 'schedule' | 'manual' | 'new-data';

/** One organisation's scan, recorded in recommendation_runs from start to end. */
async function recordedRun(
  deps: Deps,
  run: { orgId: number; trigger: ScanTrigger },
  work: () => Promise<{ useCases: number; created: number; updated: number; failures: string[] }>,
) {
  const { id } = await deps.db
    .insertInto('recommendation_runs')
    .values({ org_id: run.orgId, trigger: run.trigger, started_at: deps.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const result = await work();
    const failedAll = result.useCases > 0 && result.failures.length === result.useCases;
    await deps.db
      .updateTable('recommendation_runs')
      .set({
        status: failedAll ? 'failed' : 'completed',
        use_cases: result.useCases,
        created: result.created,
        updated: result.updated,
        error: result.failures.length ? result.failures.join('; ').slice(0, 2000) : null,
        finished_at: deps.now(),
      })
      .where('id', '=', id)
      .execute();
    return result;
  } catch (error) {
    await deps.db
      .updateTable('recommendation_runs')
      .set({
        status: 'failed',
        error: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
        finished_at: deps.now(),
      })
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

async function scanUseCases(
  deps: Deps,
  useCases: {
    id: number;
    org_id: number;
    owner_id: number;
    risk_tolerance: 'conservative' | 'balanced' | 'aggressive';
  }[],
) {
  let created = 0;
  let updated = 0;
  const failures: string[] = [];
  for (const uc of useCases) {
    let findings: Finding[];
    try {
      findings = await scanUseCase(deps, {
        id: uc.id,
        orgId: uc.org_id,
        ownerId: uc.owner_id,
        risk: uc.risk_tolerance,
      });
    } catch (error) {
      deps.logger.warn({ err: error, useCaseId: uc.id }, 'recommendation scan of a use case failed');
      failures.push(`use case ${uc.id}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const earlier = await episodesOf(deps, uc.org_id, uc.id);
    for (const f of findings) {
      const text = f.text!;
      const key = recommendationKey(f, earlier);
      const details = JSON.stringify({
        category: text.category,
        metric: f.metric,
        segment: f.segment,
        window: { from: f.windowStart, to: f.windowEnd, weeks: f.weeks },
        actual: f.actual,
        expected: f.expected,
        relativeChange: f.relativeChange,
        score: f.score,
        share: f.share,
        reason: f.reason,
        drivers: f.drivers.slice(0, 10),
        series: f.series.slice(-52),
      });
      const row = await deps.db
        .insertInto('recommendations')
        .values({
          org_id: uc.org_id,
          use_case_id: uc.id,
          dedupe_key: key,
          title: text.title,
          brief_summary: text.brief,
          full_description: text.full,
          impact_level: f.impact,
          action: text.action,
          score: Math.abs(f.score),
          details,
          generated_at: deps.now(),
        })
        .onConflict((oc) =>
          oc.columns(['org_id', 'use_case_id', 'dedupe_key']).doUpdateSet({
            title: text.title,
            brief_summary: text.brief,
            full_description: text.full,
            impact_level: f.impact,
            action: text.action,
            score: Math.abs(f.score),
            details,
          }),
        )
        // xmax is 0 for a freshly inserted row and set for one the conflict clause updated.
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .executeTakeFirstOrThrow();
      if (row.inserted) created++;
      else updated++;
    }
  }
  return { useCases: useCases.length, created, updated, failures };
}

interface Episode {
  key: string;
  /** Monday of the last week of its window. */
  to: string;
}

/** The use case's recommendations, as episodes: their key and where their window ended. */
async function episodesOf(deps: Deps, orgId: number, useCaseId: number): Promise<Episode[]> {
  const rows = await deps.db
    .selectFrom('recommendations')
    .select(['dedupe_key', sql<string | null>`details->'window'->>'to'`.as('to')])
    .where('org_id', '=', orgId)
    .where('use_case_id', '=', useCaseId)
    .execute();
  return rows.flatMap((r) => (r.to ? [{ key: r.dedupe_key, to: r.to }] : []));
}

/**
 * One recommendation per metric, segment and episode. A finding whose window overlaps the window
 * of an earlier one of the same metric and segment, or starts the week after it, is the same
 * shift seen again (next week the latest three weeks start a week later): it updates that
 * recommendation, so a dismissed one stays dismissed and a lasting shift is not raised anew
 * every week.
 */
export function recommendationKey(
  f: Pick<Finding, 'measure' | 'segment' | 'windowStart' | 'windowEnd'>,
  earlier: Episode[],
): string {
  const prefix = `${f.measure.key}|${f.segment ? `${f.segment.attribute}=${f.segment.value}` : '*'}|`;
  const weekAfter = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  const continued = earlier
    .filter(
      (e) =>
        e.key.startsWith(prefix) &&
        e.key.slice(prefix.length) <= f.windowEnd &&
        f.windowStart <= weekAfter(e.to),
    )
    .sort((a, b) => a.key.localeCompare(b.key))[0];
  return continued?.key ?? `${prefix}${f.windowStart}`;
}

export const INTERRUPTED_SCAN = 'The server stopped during this scan; the next scan runs it again.';

/**
 * Closes scans a stopped server left running. With the embedded database one process runs every
 * scan, so at start all of them are interrupted; several instances only close scans running far
 * longer than a scan can take. Returns how many scheduled scans were closed (they are due again).
 */
export async function closeInterruptedScans(deps: Deps, options: { all: boolean }): Promise<number> {
  const before = new Date(deps.now().getTime() - (options.all ? 0 : 2 * 3_600_000));
  const closed = await deps.db
    .updateTable('recommendation_runs')
    .set({ status: 'failed', error: INTERRUPTED_SCAN, finished_at: deps.now() })
    .where('status', '=', 'running')
    .where('started_at', '<=', before)
    .returning('trigger')
    .execute();
  if (closed.length)
    deps.logger.warn({ count: closed.length }, 'closed recommendation scans interrupted by a server stop');
  return closed.filter((r) => r.trigger === 'schedule').length;
}

/** The latest scans of an organisation, newest first. */
export async function listScanRuns(deps: Deps, orgId: number, limit = 20) {
  const rows = await deps.db
    .selectFrom('recommendation_runs')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    status: r.status,
    use_cases: r.use_cases,
    created: r.created,
    updated: r.updated,
    error: r.error,
    started_at: new Date(r.started_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  }));
}
