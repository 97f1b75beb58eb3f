import type { TDashboardMetrics } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { visibleUseCases, type Caller } from '../use-cases';
import { hiddenUseCases } from '../access';

const DAY = 86_400_000;
const trendOf = (change: number | null): 'up' | 'down' | 'neutral' =>
  change === null || Math.abs(change) < 1e-9 ? 'neutral' : change > 0 ? 'up' : 'down';

async function meanConfidence(deps: Deps, orgId: number, from: Date, to: Date, userId?: number) {
  let q = deps.db
    .selectFrom('thread_messages')
    .select(sql<number | null>`avg(confidence)`.as('mean'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'answered')
    .where('confidence', 'is not', null)
    .where('answered_at', '>=', from)
    .where('answered_at', '<=', to);
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  const row = await q.executeTakeFirst();
  return row?.mean === null || row?.mean === undefined ? null : Number(row.mean);
}

async function countRecommendations(deps: Deps, caller: Caller, from: Date, to: Date) {
  // Alerts of sources the caller may not read now (data access groups) are not counted.
  const hidden = await hiddenUseCases(deps, caller);
  const row = await deps.db
    .selectFrom('recommendations')
    // One insight per incident, however many use cases over the same data raised it.
    .select(sql<number>`count(distinct coalesce(incident_key, id::text))::int`.as('n'))
    .where('org_id', '=', caller.orgId)
    .where('use_case_id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'))
    .where('generated_at', '>=', from)
    .where('generated_at', '<=', to)
    .$if(hidden.length > 0, (q) => q.where('use_case_id', 'not in', hidden))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The four dashboard figures, from real activity: answers' confidence, use cases, insights raised, last activity. */
export async function dashboardMetrics(deps: Deps, caller: Caller): Promise<TDashboardMetrics> {
  const now = deps.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const [current, previous, mine] = await Promise.all([
    meanConfidence(deps, caller.orgId, ago(30), now),
    meanConfidence(deps, caller.orgId, ago(60), new Date(ago(30).getTime() - 1)),
    meanConfidence(deps, caller.orgId, ago(30), now, caller.userId),
  ]);
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 10);
  const scoreChange =
    current !== null && previous !== null ? Math.round((current - previous) * 1000) / 10 : null;

  const useCases = await visibleUseCases(deps.db, caller)
    .select(['use_cases.is_onboarded', 'use_cases.is_deleted', 'use_cases.created_at'])
    .execute();
  const active = useCases.filter((u) => u.is_onboarded && !u.is_deleted);
  const newActive = active.filter((u) => new Date(u.created_at) >= ago(30)).length;

  const [insights, insightsBefore] = await Promise.all([
    countRecommendations(deps, caller, ago(7), now),
    countRecommendations(deps, caller, ago(14), new Date(ago(7).getTime() - 1)),
  ]);

  const last = await deps.db
    .selectFrom('thread_messages')
    .select(sql<Date | null>`max(created_at)`.as('at'))
    .where('org_id', '=', caller.orgId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  const lastAt = last?.at ? new Date(last.at).toISOString() : null;
  const hoursSince = lastAt ? (now.getTime() - new Date(lastAt).getTime()) / 3_600_000 : null;

  return {
    status: 'success',
    data: {
      aiScoreAverage: {
        value: pct(current),
        user: pct(mine),
        change: scoreChange,
        trend: trendOf(scoreChange),
      },
      activeUseCases: { value: active.length, user: null, change: newActive, trend: trendOf(newActive) },
      recentInsights: {
        value: insights,
        user: null,
        change: insights - insightsBefore,
        trend: trendOf(insights - insightsBefore),
      },
      lastActivity: {
        value: lastAt,
        user: null,
        change: hoursSince === null ? null : Math.round(hoursSince * 10) / 10,
        trend: 'neutral',
      },
    },
  };
}
