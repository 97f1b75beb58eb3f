import type { TRecommendation } from '@catalyst/contracts';
import { sql, type Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { RecommendationsTable } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { visibleUseCases, type Caller } from '../use-cases';
import { assertUseCaseResultsVisible, hiddenUseCases } from '../access';

type Row = Selectable<RecommendationsTable> & { use_case_name: string };

const CATEGORY: Record<string, string> = {
  'Critical Alert': 'Critical',
  'High Impact': 'Opportunity',
  'Medium Impact': 'Trend',
  'Low Impact': 'Insight',
  Product: 'Product',
};

interface StoredMetric {
  label?: unknown;
  relativeChange?: unknown;
}

/** The measures an incident lists; an alert stored before incidents lists its one metric. */
function affectedMetrics(details: Record<string, unknown>): TRecommendation['affected_metrics'] {
  const d = details as { metrics?: StoredMetric[]; metric?: { label?: unknown }; relativeChange?: unknown };
  const list = Array.isArray(d.metrics)
    ? d.metrics
    : [{ label: d.metric?.label, relativeChange: d.relativeChange }];
  return list.flatMap((m) =>
    typeof m.label === 'string' && typeof m.relativeChange === 'number'
      ? [{ label: m.label, change: m.relativeChange }]
      : [],
  );
}

const toRecommendation = (
  r: Row,
  useCases: TRecommendation['use_cases'] = [{ id: r.use_case_id, name: r.use_case_name }],
): TRecommendation => ({
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
  affected_metrics: affectedMetrics(r.details),
  use_cases: useCases,
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

/**
 * The alerts to show. Use cases over the same data each store the incident they find (access and
 * the use case filter stay per use case), under one incident key; without a use case filter the
 * list shows each incident once, as the row of the first such use case the caller may see, and
 * names every use case it belongs to.
 */
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
  const status = query.status.length ? query.status : (['active'] as const);
  let q = baseQuery(deps, caller).where('r.status', 'in', status);
  // Alerts of sources the caller may not read now (data access groups) are left out.
  const hidden = await hiddenUseCases(deps, caller);
  if (hidden.length) q = q.where('r.use_case_id', 'not in', hidden);
  if (query.usecase_id) q = q.where('r.use_case_id', '=', query.usecase_id);
  else
    q = q.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('recommendations as r2')
            .select('r2.id')
            .whereRef('r2.org_id', '=', 'r.org_id')
            .whereRef('r2.incident_key', '=', 'r.incident_key')
            .whereRef('r2.use_case_id', '<', 'r.use_case_id')
            .where('r2.status', 'in', status)
            .where('r2.use_case_id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'))
            // An incident shown once: under the first use case the caller may also read the data of.
            .where('r2.use_case_id', 'not in', hidden.length ? hidden : [-1]),
        ),
      ),
    );
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
  const useCases = await useCasesOfIncidents(deps, caller, rows);
  return {
    status: 'success' as const,
    data: {
      recommendations: rows.map((r) => toRecommendation(r, useCases.get(r.id))),
      total_count: total.n,
    },
  };
}

/** For each row, the use cases (visible to the caller) that raised the same incident, its own first. */
async function useCasesOfIncidents(deps: Deps, caller: Caller, rows: Row[]) {
  const keys = [...new Set(rows.flatMap((r) => (r.incident_key ? [r.incident_key] : [])))];
  const out = new Map<number, TRecommendation['use_cases']>();
  if (!keys.length) return out;
  const shared = await deps.db
    .selectFrom('recommendations as r')
    .innerJoin('use_cases as uc', 'uc.id', 'r.use_case_id')
    .select(['r.incident_key', 'uc.id', 'uc.name'])
    .where('r.org_id', '=', caller.orgId)
    .where('r.incident_key', 'in', keys)
    .where('r.use_case_id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'))
    .orderBy('uc.id')
    .execute();
  for (const r of rows) {
    const others = shared.filter((s) => s.incident_key === r.incident_key && s.id !== r.use_case_id);
    if (others.length)
      out.set(r.id, [
        { id: r.use_case_id, name: r.use_case_name },
        ...others.map((s) => ({ id: s.id, name: s.name })),
      ]);
  }
  return out;
}

export async function getRecommendation(deps: Deps, caller: Caller, id: number) {
  const row = await baseQuery(deps, caller).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Recommendation ${id}`);
  await assertUseCaseResultsVisible(deps, caller, row.use_case_id);
  return toRecommendation(row, (await useCasesOfIncidents(deps, caller, [row])).get(row.id));
}

/** Dismissing or resolving an incident does so in every use case over the same data the caller may see: it is one alert. */
export async function setRecommendationStatus(
  deps: Deps,
  caller: Caller,
  id: number,
  status: 'active' | 'dismissed' | 'resolved',
) {
  await getRecommendation(deps, caller, id);
  const { incident_key } = await deps.db
    .selectFrom('recommendations')
    .select('incident_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  let update = deps.db
    .updateTable('recommendations')
    .set({ status, status_changed_at: deps.now() })
    .where('org_id', '=', caller.orgId);
  update = incident_key
    ? update
        .where('incident_key', '=', incident_key)
        .where('use_case_id', 'in', visibleUseCases(deps.db, caller).select('use_cases.id'))
    : update.where('id', '=', id);
  await update.execute();
  return getRecommendation(deps, caller, id);
}
