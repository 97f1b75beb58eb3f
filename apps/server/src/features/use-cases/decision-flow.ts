import type { Deps } from '../../deps';
import { getUseCaseFor, type Caller } from './access';
import { generateDecisionFlow } from './generate-flow';
import { knownColumns } from './knowledge';

export async function getDecisionFlow(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
): Promise<string[] | null> {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const row = await deps.db
    .selectFrom('decision_flows')
    .select('steps')
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  return row ? row.steps : null;
}

export async function saveDecisionFlow(deps: Deps, caller: Caller, useCaseId: number, steps: string[]) {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const clean = steps.map((s) => s.trim()).filter(Boolean);
  await deps.db
    .insertInto('decision_flows')
    .values({ use_case_id: useCaseId, org_id: caller.orgId, steps: JSON.stringify(clean) })
    .onConflict((oc) =>
      oc.column('use_case_id').doUpdateSet({ steps: JSON.stringify(clean), updated_at: deps.now() }),
    )
    .execute();
  return { status: 'Success' as const, decision_flow: clean };
}

/** Writes a flow from the use case's goals, stakeholders, risk tolerance, KPIs and derived metrics. */
export async function generateFlowFor(deps: Deps, caller: Caller, useCaseId: number) {
  const useCase = await getUseCaseFor(deps.db, caller, useCaseId);
  const columns = await knownColumns(deps, useCaseId);
  const metrics = await deps.db
    .selectFrom('derived_metrics')
    .select(['name', 'calculation'])
    .where('use_case_id', '=', useCaseId)
    .orderBy('id')
    .execute();
  const steps = generateDecisionFlow({
    name: useCase.name,
    goals: useCase.business_goals ?? [],
    stakeholders: useCase.key_stakeholders ?? [],
    riskTolerance: useCase.risk_tolerance,
    confidenceThreshold: useCase.ai_confidence_threshold,
    kpis: columns.filter((c) => c.entity_type === 'KPI').map((c) => c.business_name),
    attributes: columns
      .filter((c) => c.entity_type === 'ATTRIBUTE')
      .map((c) => ({ name: c.business_name, column: c.db_column_name })),
    metrics: metrics.map((m) => m.name).filter(Boolean),
  });
  return { decision_flow: steps };
}
