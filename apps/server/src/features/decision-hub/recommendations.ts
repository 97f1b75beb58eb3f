import type { TRecommendation } from '@catalyst/contracts';
import { sql, type Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { RecommendationsTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { visibleUseCases, type Caller } from '../use-cases/access';
import { assertUseCaseResultsVisible, hiddenUseCases } from '../access/stored-results';

type Row = Selectable<RecommendationsTable> & { use_case_name: string };

const CATEGORY: Record<string, string> = {
  'Critical Alert': 'Critical',
  'High Impact': 'Opportunity',
  'Medium Impact': 'Trend',
  'Low Impact': 'Insight',
  Product: 'Product',
};

export const toRecommendation = (r: Row): TRecommendation => ({
  id: r.id,
  title: r.title,
  brief_summary: r.brief_summary,
  full_description: r.full_description,
  impact_level: r.impact_level as TRecommendation['impact_level'],
  generated_at: new Date(r.generated_at).toISOString(),
  action: r.action as TRecommendation['action'],
  usecase_id: r.use_case_id,
  use_case_name: r.use_case_name,
  status: r.status,
  category: (r.details as { category?: string }).category ?? CATEGORY[r.impact_level] ?? 'Insight',
  details: r.details,
});

function baseQuery(deps: Deps, caller: Caller) {
  return deps.db
    .selectFrom('recommendations as r')
    .innerJoin('use_cases as uc', 'uc.id', 'r.use_case_id')
    .selectAll('r')
    .select('uc.name as use_case_name')
    .where('r.org_id', '=', caller.orgId)
    .where('r.use_case_id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'));
}

const IMPACT_ORDER = sql<number>`case r.impact_level when 'Critical Alert' then 0 when 'High Impact' then 1 when 'Medium Impact' then 2 when 'Low Impact' then 3 else 4 end`;

export async function listRecommendations(
  deps: Deps,
  caller: Caller,
  query: {
    usecase_id?: number;
    limit: number;
    impact_levels?: string[];
    status: ('active' | 'dismissed' | 'resolved')[];
  },
) {
  let q = baseQuery(deps, caller).where('r.status', 'in', query.status.length ? query.status : ['active']);
  // Alerts of sources the caller may not read now (data access groups) are left out.
  const hidden = await hiddenUseCases(deps, caller);
  if (hidden.length) q = q.where('r.use_case_id', 'not in', hidden);
  if (query.usecase_id) q = q.where('r.use_case_id', '=', query.usecase_id);
  if (query.impact_levels?.length) q = q.where('r.impact_level', 'in', query.impact_levels);
  const total = await q
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const rows = await q
    .orderBy(IMPACT_ORDER)
    .orderBy('r.generated_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.limit)
    .execute();
  return {
    status: 'success' as const,
    data: { recommendations: rows.map(toRecommendation), total_count: total.n },
  };
}

export async function getRecommendation(deps: Deps, caller: Caller, id: number) {
  const row = await baseQuery(deps, caller).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Recommendation ${id}`);
  await assertUseCaseResultsVisible(deps, caller, row.use_case_id);
  return toRecommendation(row);
}

export async function setRecommendationStatus(
  deps: Deps,
  caller: Caller,
  id: number,
  status: 'active' | 'dismissed' | 'resolved',
) {
  const current = await getRecommendation(deps, caller, id);
  await deps.db
    .updateTable('recommendations')
    .set({ status, status_changed_at: deps.now() })
    .where('id', '=', current.id)
    .execute();
  return getRecommendation(deps, caller, id);
}
