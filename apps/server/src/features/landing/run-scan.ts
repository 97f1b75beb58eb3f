import { sql } from 'kysely';
import type { Deps } from '../../deps';
import type { Finding } from './describe-finding';
import type { Insights } from './insights';
import { scanUseCase } from './scan';

/**
 * Scans the active use cases of an organisation (or all) and stores one recommendation per
 * metric, segment and anomaly window: a re-run updates it, and a dismissed one stays dismissed.
 */
export async function runRecommendationScan(deps: Deps, insights: Insights, options: { orgId?: number; useCaseId?: number } = {}) {
  let query = deps.db.selectFrom('use_cases').select(['id', 'org_id', 'owner_id', 'risk_tolerance']).where('is_onboarded', '=', true).where('is_deleted', '=', false);
  if (options.orgId) query = query.where('org_id', '=', options.orgId);
  if (options.useCaseId) query = query.where('id', '=', options.useCaseId);
  const useCases = await query.execute();
  let created = 0;
  let updated = 0;
  const failures: string[] = [];
  for (const uc of useCases) {
    let findings: Finding[];
    try {
      findings = await scanUseCase(deps, insights, { id: uc.id, orgId: uc.org_id, ownerId: uc.owner_id, risk: uc.risk_tolerance });
    } catch (error) {
      deps.logger.warn({ err: error, useCaseId: uc.id }, 'recommendation scan of a use case failed');
      failures.push(`use case ${uc.id}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const f of findings) {
      const text = f.text!;
      const key = `${f.measure.key}|${f.segment ? `${f.segment.attribute}=${f.segment.value}` : '*'}|${f.windowStart}`;
      const details = JSON.stringify({
        category: text.category,
        metric: f.metric,
        segment: f.segment,
        window: { from: f.windowStart, to: f.windowEnd },
        beforeMean: f.beforeMean,
        afterMean: f.afterMean,
        relativeChange: f.relativeChange,
        score: f.score,
        share: f.share,
        drivers: f.drivers.slice(0, 10),
        series: f.series.slice(-52),
      });
      const row = await deps.db
        .insertInto('recommendations')
        .values({ org_id: uc.org_id, use_case_id: uc.id, dedupe_key: key, title: text.title, brief_summary: text.brief, full_description: text.full, impact_level: f.impact, action: text.action, score: Math.abs(f.score), details, generated_at: deps.now() })
        .onConflict((oc) =>
          oc.columns(['org_id', 'use_case_id', 'dedupe_key']).doUpdateSet({ title: text.title, brief_summary: text.brief, full_description: text.full, impact_level: f.impact, action: text.action, score: Math.abs(f.score), details }),
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
