import type { TQueryPlan } from '@catalyst/contracts';
import { ZQueryPlan } from '@catalyst/contracts';
import type { SemanticModel } from '../model/types';
import type { QueryResult, Warehouse } from '../warehouse';
import { compilePlan, type CompiledQuery } from '../sql/compile';

export interface Executed {
  compiled: CompiledQuery;
  result: QueryResult;
}

/** Validates a plan against its schema and the model, compiles it and runs it. */
export async function executePlan(
  plan: TQueryPlan,
  model: SemanticModel,
  warehouse: Warehouse,
  options: { maxRows?: number; timeoutMs?: number } = {},
): Promise<Executed> {
  const valid = ZQueryPlan.parse(plan);
  const compiled = compilePlan(valid, model, warehouse.dialect, { maxRows: options.maxRows ?? 1000 });
  const result = await warehouse.query(compiled.sql, {
    params: compiled.params,
    maxRows: options.maxRows ?? 1000,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  return { compiled, result };
}
