import path from 'node:path';
import { DEMO_METRICS, generateRetailDemo } from '@catalyst/engine';
import type { Deps } from '../deps';
import { importCsvFiles } from '../features/data-sources';
import {
  generateFlowFor,
  saveDecisionFlow,
  listTables,
  saveSchemaData,
  selectAndProfileTables,
  addMetric,
  createUseCase,
  publishUseCase,
} from '../features/use-cases';

const DEMO_CONNECTION = 'Retail Sales (demo)';
const DEMO_USE_CASE = 'Retail Sales';

/**
 * On first start (unless CATALYST_DEMO=0): generates the demo dataset (a star schema: orders
 * with their customers, products and stores), loads its four CSV files as the File Source
 * "Retail Sales (demo)", and sets up the published use case "Retail Sales" over all four tables
 * with generated knowledge (relationships inferred when the tables are profiled), the derived
 * metrics of DEMO_METRICS and a generated decision flow, assigned to the admin as their default
 * use case.
 */
export async function setUpDemo(
  deps: Deps,
  admin: { userId: number; orgId: number },
  options: { anomalies?: boolean } = {},
) {
  const started = Date.now();
  const dir = path.join(deps.config.dataDir, 'demo');
  const generated = generateRetailDemo(dir, { end: deps.now(), anomalies: options.anomalies });
  const { connId } = await importCsvFiles(deps, {
    orgId: admin.orgId,
    userId: admin.userId,
    name: DEMO_CONNECTION,
    files: generated.files.map((f) => ({ path: f.path, fileName: `${f.table}.csv` })),
  });
  await deps.dataSources.jobs.idle();

  const caller = { userId: admin.userId, orgId: admin.orgId, isAdmin: true };
  const useCase = await createUseCase(deps, caller, {
    usecase_name: DEMO_USE_CASE,
    description:
      'Orders of our stores and web shop over the last two years, with their customers, products and stores: revenue, margin and returns by region, channel, segment and category.',
    category: 'Sales',
    businessGoals: ['Increase Revenue Growth', 'Improve Customer Satisfaction', 'Reduce Operational Costs'],
    keyStakeholders: ['VP of Sales', 'CFO/Finance Team', 'Operations Manager', 'Data Analyst'],
    riskTolerance: 'balanced',
    aiConfidenceThreshold: 70,
    tools: ['database', 'derived-metrics'],
  });
  const id = useCase.use_case_id;
  await saveSchemaData(deps, caller, { usecase_id: id, conn_id: connId, schema: 'main' });
  const tables = await listTables(deps, caller, id, false);
  await selectAndProfileTables(
    deps,
    caller,
    tables.map((t) => t.table_id),
  );
  for (const metric of DEMO_METRICS)
    await addMetric(deps, caller, {
      usecase_id: id,
      derived_metric: metric.name,
      metric_definition: metric.definition,
      calculation: metric.calculation,
      type: 'general',
    });
  const flow = await generateFlowFor(deps, caller, id);
  await saveDecisionFlow(deps, caller, id, flow.decision_flow);
  await publishUseCase(deps, caller, id);
  await deps.db
    .updateTable('users')
    .set({ default_use_case_id: id })
    .where('id', '=', admin.userId)
    .execute();
  deps.logger.info(
    { useCaseId: id, connId, rows: generated.rows, ms: Date.now() - started },
    'demo use case "Retail Sales" ready',
  );
  return { useCaseId: id, connId, anomalies: generated.anomalies };
}
