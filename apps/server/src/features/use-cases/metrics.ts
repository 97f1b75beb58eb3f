import { MetricExpressionError, parseMetricExpression } from '@catalyst/engine';
import type { TDerivedMetric } from '@catalyst/contracts';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { DerivedMetricsTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor, type Caller } from './access';
import { knownColumns } from './knowledge';

const toMetric = (r: Selectable<DerivedMetricsTable>): TDerivedMetric => ({
  id: r.id,
  usecase_id: r.use_case_id,
  derived_metric: r.name,
  metric_definition: r.definition,
  calculation: r.calculation,
  type: r.type,
  created_date: new Date(r.created_at).toISOString(),
  updated_on: new Date(r.updated_at).toISOString(),
});

/** Refuses a calculation that is not an aggregate expression over the use case's selected columns. */
async function validateCalculation(deps: Deps, useCaseId: number, calculation: string) {
  if (!calculation.trim()) return;
  const columns = await knownColumns(deps, useCaseId);
  try {
    parseMetricExpression(
      calculation,
      columns.map((c) => ({ table: c.table_name, column: c.db_column_name })),
    );
  } catch (error) {
    if (error instanceof MetricExpressionError)
      throw new AppError('VALIDATION_FAILED', `The calculation is not valid: ${error.message}`);
    throw error;
  }
}

export async function listMetrics(deps: Deps, caller: Caller, useCaseId: number) {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const rows = await deps.db
    .selectFrom('derived_metrics')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .orderBy('id')
    .execute();
  return rows.map(toMetric);
}

export async function addMetric(
  deps: Deps,
  caller: Caller,
  input: {
    usecase_id: number;
    derived_metric: string;
    metric_definition: string;
    calculation: string;
    type: string;
  },
) {
  const useCase = await getUseCaseFor(deps.db, caller, input.usecase_id);
  if (!input.derived_metric.trim() && !input.metric_definition.trim() && !input.calculation.trim()) {
    throw new AppError('VALIDATION_FAILED', 'A derived metric needs a name, a definition or a calculation.');
  }
  await validateCalculation(deps, useCase.id, input.calculation);
  const row = await deps.db
    .insertInto('derived_metrics')
    .values({
      org_id: caller.orgId,
      use_case_id: useCase.id,
      name: input.derived_metric,
      definition: input.metric_definition,
      calculation: input.calculation,
      type: input.type || 'general',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { id: row.id, status: 'Success' as const, metric: toMetric(row) };
}

async function metricOfCaller(deps: Deps, caller: Caller, id: number) {
  const row = await deps.db
    .selectFrom('derived_metrics')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`Derived metric ${id}`);
  await getUseCaseFor(deps.db, caller, row.use_case_id);
  return row;
}

export async function updateMetric(
  deps: Deps,
  caller: Caller,
  input: {
    id: number;
    usecase_id: number;
    derived_metric: string;
    metric_definition: string;
    calculation: string;
    type: string;
  },
) {
  const current = await metricOfCaller(deps, caller, input.id);
  if (current.use_case_id !== input.usecase_id)
    throw notFound(`Derived metric ${input.id} of use case ${input.usecase_id}`);
  await validateCalculation(deps, current.use_case_id, input.calculation);
  const row = await deps.db
    .updateTable('derived_metrics')
    .set({
      name: input.derived_metric,
      definition: input.metric_definition,
      calculation: input.calculation,
      type: input.type || 'general',
      updated_at: deps.now(),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { status: 'Success' as const, metric: toMetric(row) };
}

export async function deleteMetric(deps: Deps, caller: Caller, id: number) {
  const current = await metricOfCaller(deps, caller, id);
  await deps.db.deleteFrom('derived_metrics').where('id', '=', current.id).execute();
  return { status: 'Success' as const };
}
