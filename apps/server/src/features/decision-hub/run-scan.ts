import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Finding } from './describe-finding';
import type { Incident } from './describe-incident';
import { scanUseCase } from './scan';

/**
 * Scans the active use cases of an organisation (or all) and stores one recommendation per
 * incident (root cause and episode): a re-run updates it, and a dismissed one stays dismissed.
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
    let incidents: Incident[];
    try {
      incidents = await scanUseCase(deps, {
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
    for (const incident of incidents) {
      const inserted = await storeIncident(deps, { orgId: uc.org_id, useCaseId: uc.id }, incident);
      if (inserted) created++;
      else updated++;
    }
  }
  return { useCases: useCases.length, created, updated, failures };
}

/**
 * Stores one incident as the use case's recommendation: a re-run updates it (a dismissed one stays
 * dismissed). Its key continues the organisation's earlier incident of the same data and root
 * whose window it overlaps, so a lasting shift stays one alert and a second use case over the
 * same data stores the same key (the list shows it once). Returns whether a row was created.
 */
async function storeIncident(deps: Deps, uc: { orgId: number; useCaseId: number }, incident: Incident) {
  const text = incident.text!;
  const lead = incident.primary[0]!;
  const key = incidentKey(incident, await incidentEpisodes(deps, uc.orgId, incident));
  const details = JSON.stringify({
    category: text.category,
    metric: lead.metric,
    segment: incident.segment,
    window: { from: incident.windowStart, to: incident.windowEnd, weeks: incident.weeks },
    actual: lead.actual,
    expected: lead.expected,
    relativeChange: lead.relativeChange,
    score: lead.score,
    share: lead.share,
    reason: lead.reason,
    drivers: lead.drivers.slice(0, 10),
    series: lead.series.slice(-52),
    // Every measure that moved on the root, lead first, and the other slices it explains.
    metrics: incident.primary.map((f) => ({
      key: f.measure.key,
      label: f.measure.label,
      metric: f.metric,
      actual: f.actual,
      expected: f.expected,
      relativeChange: f.relativeChange,
      score: f.score,
      reason: f.reason,
    })),
    related: incident.related.map((f) => ({
      label: f.measure.label,
      segment: f.segment,
      relativeChange: f.relativeChange,
      score: f.score,
    })),
  });
  const values = {
    title: text.title,
    brief_summary: text.brief,
    full_description: text.full,
    impact_level: incident.impact,
    action: text.action,
    score: incident.score,
    details,
  };
  const row = await deps.db
    .insertInto('recommendations')
    .values({
      org_id: uc.orgId,
      use_case_id: uc.useCaseId,
      dedupe_key: key,
      incident_key: key,
      ...values,
      generated_at: deps.now(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'use_case_id', 'dedupe_key']).doUpdateSet(values))
    // xmax is 0 for a freshly inserted row and set for one the conflict clause updated.
    .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  if (row.inserted) await foldEarlierAlerts(deps, uc, incident, row.id);
  return row.inserted;
}

/**
 * Alerts stored one per metric and segment, before incidents were grouped, that this incident
 * now covers: they are resolved by it, and when the user had dismissed every one of them the
 * incident starts dismissed too.
 */
async function foldEarlierAlerts(
  deps: Deps,
  uc: { orgId: number; useCaseId: number },
  incident: Incident,
  id: number,
) {
  const earlier = await deps.db
    .selectFrom('recommendations')
    .select(['id', 'dedupe_key', 'status', sql<string | null>`details->'window'->>'to'`.as('to')])
    .where('org_id', '=', uc.orgId)
    .where('use_case_id', '=', uc.useCaseId)
    .where('incident_key', 'is', null)
    .execute();
  const episodes = earlier.flatMap((r) => (r.to ? [{ key: r.dedupe_key, to: r.to }] : []));
  const covered = new Set(
    [...incident.primary, ...incident.related]
      .map((f) => recommendationKey(f, episodes))
      .filter((k) => episodes.some((e) => e.key === k)),
  );
  const rows = earlier.filter((r) => covered.has(r.dedupe_key));
  if (!rows.length) return;
  if (rows.every((r) => r.status === 'dismissed'))
    await deps.db
      .updateTable('recommendations')
      .set({ status: 'dismissed', status_changed_at: deps.now() })
      .where('id', '=', id)
      .execute();
  await deps.db
    .updateTable('recommendations')
    .set({ status: 'resolved', status_changed_at: deps.now() })
    .where(
      'id',
      'in',
      rows
        .filter((r) => r.status === 'active')
        .map((r) => r.id)
        .concat([-1]),
    )
    .execute();
}

interface Episode {
  key: string;
  /** Monday of the last week of its window. */
  to: string;
}

/** The organisation's incidents of the same data and root, as episodes: their key and where their window ended. */
async function incidentEpisodes(deps: Deps, orgId: number, incident: Incident): Promise<Episode[]> {
  const rows = await deps.db
    .selectFrom('recommendations')
    .select(['incident_key', sql<string | null>`details->'window'->>'to'`.as('to')])
    .where('org_id', '=', orgId)
    .where('incident_key', 'like', `${incidentPrefix(incident).replace(/[\\%_]/g, '\\$&')}%`)
    .execute();
  return rows.flatMap((r) => (r.to && r.incident_key ? [{ key: r.incident_key, to: r.to }] : []));
}

const incidentPrefix = (i: Pick<Incident, 'source' | 'root'>) => `${i.source}|${i.root}|`;

const weekAfter = (day: string) =>
  new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);

/** The episode an incident continues: an earlier key of the same data and root whose window overlaps or ends the week before. */
function continued(prefix: string, from: string, to: string, earlier: Episode[]): string | undefined {
  return earlier
    .filter((e) => e.key.startsWith(prefix) && e.key.slice(prefix.length) <= to && from <= weekAfter(e.to))
    .sort((a, b) => a.key.localeCompare(b.key))[0]?.key;
}

/**
 * One incident per data, root and episode: the key of the earlier incident it continues, else
 * `connection|schema.table|root|first week`.
 */
export function incidentKey(
  incident: Pick<Incident, 'source' | 'root' | 'windowStart' | 'windowEnd'>,
  earlier: Episode[],
): string {
  const prefix = incidentPrefix(incident);
  return (
    continued(prefix, incident.windowStart, incident.windowEnd, earlier) ?? `${prefix}${incident.windowStart}`
  );
}

/**
 * The key alerts had when they were stored one per metric, segment and episode (before incidents):
 * a finding whose window overlaps the window of an earlier one of the same metric and segment, or
 * starts the week after it, is the same shift seen again. Used to find the alerts an incident
 * now covers.
 */
export function recommendationKey(
  f: Pick<Finding, 'measure' | 'segment' | 'windowStart' | 'windowEnd'>,
  earlier: Episode[],
): string {
  const prefix = `${f.measure.key}|${f.segment ? `${f.segment.attribute}=${f.segment.value}` : '*'}|`;
  return continued(prefix, f.windowStart, f.windowEnd, earlier) ?? `${prefix}${f.windowStart}`;
}

const INTERRUPTED_SCAN = 'The server stopped during this scan; the next scan runs it again.';

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
