import type { DuckDbWarehouse, SemanticModel } from '@catalyst/engine';
import { buildUseCaseModel } from '../src/features/use-cases/semantic-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';

const kinds = await testDatabaseKinds();
const O = '/api/copilot/onboarding';
const SV = '/api/copilot/schema_validation';

describe.each(kinds)('use cases API on %s', (kind) => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let admin: string;
  let nina: string;
  let ninaId: number;
  let olga: string;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    const orgId = 1;
    t = await createTestApp(
      kind,
      {},
      { warehouses: singleWarehouseRegistry(warehouse, { orgId, connId: 7 }) },
    );
    admin = await t.login();
    ninaId = (await t.createUser({ username: 'nina', password: 'Nina#pass1' })).id;
    nina = await t.login('nina', 'Nina#pass1');
    await t.createUser({ username: 'olga', password: 'Olga#pass1', orgName: 'Other Org', isAdmin: true });
    olga = await t.login('olga', 'Olga#pass1');
  });
  afterAll(async () => {
    await t?.close();
    warehouse?.close();
  });

  let id: number;

  it('creates a use case and answers with its id in the forms the client reads', async () => {
    const res = await call(admin, 'POST', `${O}/use_case/v2`, {
      usecase_name: 'Retail Sales',
      description: 'Sales of our stores',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      UseCaseName: 'Retail Sales',
      UseCaseDescription: 'Sales of our stores',
      OnBoardingStatus: false,
      status: 'draft',
      category: 'Analytics',
      aiConfidenceThreshold: '80',
      riskTolerance: 'balanced',
    });
    expect(body.usecase_id).toBe(body.UseCaseId);
    id = body.use_case_id;
  });

  it('requires a name and validates the definition fields', async () => {
    expect((await call(admin, 'POST', `${O}/use_case/v2`, { usecase_name: '  ' })).json().message).toContain(
      'Please fill in use case name',
    );
    const bad = await call(admin, 'PUT', `${O}/use_case/v2`, {
      usecase_id: id,
      aiConfidenceThreshold: 97,
      riskTolerance: 'reckless',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/steps of 5/);
    expect(bad.json().message).toMatch(/conservative, balanced or aggressive/);
  });

  it('updates goals and stakeholders trimmed and de-duplicated', async () => {
    const res = await call(admin, 'PUT', `${O}/use_case/v2`, {
      usecase_id: id,
      businessGoals: ['Increase Revenue Growth', ' Increase Revenue Growth ', 'Grow loyalty', ''],
      keyStakeholders: ['VP of Sales', 'CFO/Finance Team', 'Data Analyst'],
      riskTolerance: 'conservative',
      aiConfidenceThreshold: 85,
      tools: ['database', 'derived-metrics'],
      agentConfig: { agentName: 'Retail helper' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      businessGoals: ['Increase Revenue Growth', 'Grow loyalty'],
      riskTolerance: 'conservative',
      aiConfidenceThreshold: '85',
      tool_count: 2,
    });
    expect(res.json().agentConfig).toMatchObject({
      agentName: 'Retail helper',
      maxTokens: 1000,
      temperature: 0.7,
      welcomeMessage: 'Hello! How can I help you today?',
    });
  });

  it('shows a use case only to its owner, assigned users and admins of the organisation', async () => {
    expect((await call(nina, 'GET', `${O}/use_case/v2/${id}`)).statusCode).toBe(404);
    expect((await call(nina, 'GET', `${O}/use_cases/v2`)).json().use_cases).toEqual([]);
    expect((await call(olga, 'GET', `${O}/use_case/v2/${id}`)).statusCode).toBe(404);
    expect((await call(olga, 'DELETE', `${O}/use_case/${id}`)).statusCode).toBe(404);
    const users = (await call(admin, 'GET', `/api/v1/user-list-by-org?useCaseId=${id}`)).json().userDetails;
    expect(users.map((u: { userName: string }) => u.userName)).toEqual(['admin', 'nina']);
    expect(users.every((u: { isSelected: boolean }) => !u.isSelected)).toBe(true);
    const assign = await call(admin, 'POST', '/api/copilot/user-access', {
      usecase_id: id,
      selected_users: [ninaId],
      unselected_users: [],
    });
    expect(assign.json()).toEqual({ status: 'Success', message: 'Users assigned successfully' });
    expect((await call(nina, 'GET', `${O}/use_case/v2/${id}`)).statusCode).toBe(200);
    expect(
      (await call(admin, 'GET', `/api/v1/user-list-by-org?useCaseId=${id}`))
        .json()
        .userDetails.find((u: { id: number }) => u.id === ninaId).isSelected,
    ).toBe(true);
    const otherOrgUser = await call(admin, 'POST', '/api/copilot/user-access', {
      usecase_id: id,
      selected_users: [9999],
      unselected_users: [],
    });
    expect(otherOrgUser.statusCode).toBe(404);
  });

  it('saves the schema, lists its tables and profiles the selected table into proposed metadata', async () => {
    expect((await call(admin, 'GET', `${O}/use_case/schema_data/${id}`)).statusCode).toBe(404);
    const missing = await call(admin, 'POST', `${O}/use_case/add_schema_data`, {
      usecase_id: id,
      conn_id: 99,
      schema: 'main',
    });
    expect(missing.statusCode).toBe(404);
    const noSchema = await call(admin, 'POST', `${O}/use_case/add_schema_data`, {
      usecase_id: id,
      conn_id: 7,
      schema: 'nope',
    });
    expect(noSchema.statusCode).toBe(404);
    expect(noSchema.json().message).toContain('main');
    expect(
      (
        await call(admin, 'POST', `${O}/use_case/add_schema_data`, {
          usecase_id: id,
          conn_id: 7,
          schema: 'main',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(admin, 'GET', `${O}/use_case/schema_data/${id}`)).json()).toEqual({
      ConnectionId: 7,
      Schema: 'main',
    });

    const tables = (await call(admin, 'GET', `${SV}/usecase_db_tables/${id}`)).json();
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ table_name: 'orders', is_selected: false, total_column_count: 0 });
    const tableId = tables[0].table_id;

    const sel = await call(admin, 'POST', `${SV}/usecase_db_tables/select_and_fetch_columns`, {
      table_ids: [tableId],
    });
    expect(sel.statusCode, sel.body).toBe(200);
    const columns = (await call(admin, 'GET', `${SV}/table_column_metadata/${tableId}`)).json();
    const byName = Object.fromEntries(columns.map((c: { db_column_name: string }) => [c.db_column_name, c]));
    expect(byName.cust_seg).toMatchObject({ business_name: 'Customer Segment', entity_type: 'ATTRIBUTE' });
    for (const attr of ['order_id', 'order_date', 'region', 'cust_seg', 'product_code', 'returned'])
      expect(byName[attr].entity_type, attr).toBe('ATTRIBUTE');
    for (const kpi of ['qty', 'unit_price', 'revenue', 'cost'])
      expect(byName[kpi].entity_type, kpi).toBe('KPI');
    expect(byName.qty.business_name).toBe('Quantity');
    expect(byName.region.profile).toMatchObject({ distinct_count: 3, null_count: 0, row_count: 120 });
    expect(byName.region.business_definition).toMatch(/3 distinct values/);
    expect(byName.revenue.profile.min).not.toBeNull();

    const after = (await call(admin, 'GET', `${SV}/usecase_db_tables/${id}?refresh=true`)).json();
    expect(after[0]).toMatchObject({
      is_selected: true,
      validated: true,
      total_column_count: 10,
      selected_column_count: 10,
      row_count: 120,
    });

    const renamed = await call(admin, 'POST', `${SV}/table_column_metadata/update`, {
      id: byName.revenue.id,
      business_name: 'Net Sales',
    });
    expect(renamed.json()).toMatchObject({ business_name: 'Net Sales', entity_type: 'KPI' });
    const empty = await call(admin, 'POST', `${SV}/table_column_metadata/update`, { id: byName.revenue.id });
    expect(empty.statusCode).toBe(400);
    expect(
      (
        await call(olga, 'POST', `${SV}/table_column_metadata/update`, {
          id: byName.revenue.id,
          business_name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(olga, 'GET', `${SV}/table_column_metadata/${tableId}`)).statusCode).toBe(404);

    const suggestions = (await call(admin, 'GET', `${SV}/autosuggest_columns?usecase_id=${id}`)).json()
      .columns;
    expect(suggestions.slice(0, 4)).toEqual(['qty', 'unit_price', 'revenue', 'cost']);
  });

  it('adds, validates, updates and deletes derived metrics', async () => {
    const add = await call(admin, 'POST', `${SV}/add_derived_metric`, {
      usecase_id: id,
      derived_metric: 'Profit Margin',
      metric_definition: 'Profit as a share of revenue',
      calculation: '(SUM(revenue) - SUM(cost)) / NULLIF(SUM(revenue), 0)',
      type: 'general',
    });
    expect(add.statusCode, add.body).toBe(200);
    const metricId = add.json().id;
    const returnRate = await call(admin, 'POST', `${SV}/add_derived_metric`, {
      usecase_id: id,
      derived_metric: 'Return Rate',
      calculation: 'AVG(CASE WHEN returned THEN 1 ELSE 0 END)',
    });
    expect(returnRate.statusCode, returnRate.body).toBe(200);
    const nameOnly = await call(admin, 'POST', `${SV}/add_derived_metric`, {
      usecase_id: id,
      derived_metric: 'Draft metric',
    });
    expect(nameOnly.statusCode).toBe(200);

    const cases: [string, RegExp][] = [
      ['SUM(price)', /Unknown column "price"/],
      ['revenue - cost', /must be inside an aggregate/],
      ['SUM(revenue); DROP TABLE orders', /";"/],
      ['(SELECT SUM(revenue) FROM orders)', /Subqueries/],
      ['pg_sleep(10)', /Function "pg_sleep" is not allowed/],
      ['SUM(SUM(revenue))', /cannot be nested/],
      ['SUM(revenue', /Expected "\)"/],
    ];
    for (const [calculation, message] of cases) {
      const res = await call(admin, 'POST', `${SV}/add_derived_metric`, {
        usecase_id: id,
        derived_metric: 'Bad',
        calculation,
      });
      expect(res.statusCode, calculation).toBe(400);
      expect(res.json().message, calculation).toMatch(message);
    }

    const update = await call(admin, 'POST', `${SV}/update_derived_metric`, {
      id: metricId,
      usecase_id: id,
      derived_metric: 'Gross Margin',
      metric_definition: 'x',
      calculation: 'SUM(revenue) - SUM(cost)',
      type: 'general',
      isProcessing: false,
    });
    expect(update.json().metric).toMatchObject({
      derived_metric: 'Gross Margin',
      calculation: 'SUM(revenue) - SUM(cost)',
    });
    const list = (await call(admin, 'GET', `${SV}/get_derived_metrics?usecase_id=${id}`)).json();
    expect(list.map((m: { derived_metric: string }) => m.derived_metric)).toEqual([
      'Gross Margin',
      'Return Rate',
      'Draft metric',
    ]);
    expect(
      (await call(olga, 'POST', `${SV}/delete_derived_metric`, { id: nameOnly.json().id })).statusCode,
    ).toBe(404);
    expect(
      (await call(admin, 'POST', `${SV}/delete_derived_metric`, { id: nameOnly.json().id })).statusCode,
    ).toBe(200);
    expect((await call(admin, 'GET', `${SV}/get_derived_metrics?usecase_id=${id}`)).json()).toHaveLength(2);
  });

  it('generates, saves and loads a decision flow', async () => {
    expect((await call(admin, 'GET', `${SV}/get_decision_flow?use_case_id=${id}`)).statusCode).toBe(204);
    const generated = await call(admin, 'POST', `${SV}/generate_decision_flow`, { usecase_id: id });
    expect(generated.statusCode, generated.body).toBe(200);
    const steps: string[] = generated.json().decision_flow;
    expect(steps.length).toBeGreaterThanOrEqual(6);
    expect(steps[0]).toMatch(/Monitor Gross Margin, Return Rate/);
    expect(steps[0]).toMatch(/12-week baseline/); // conservative
    expect(steps.join('\n')).toMatch(
      /Increase Revenue Growth: escalate to VP of Sales when Net Sales falls below/,
    );
    expect(steps.join('\n')).toMatch(/85% confidence or more; below that, route it to Data Analyst/);
    const saved = await call(admin, 'POST', `${SV}/add_decision_flow`, {
      use_case_id: id,
      decision_flow: [...steps.reverse(), '  '],
    });
    expect(saved.statusCode).toBe(200);
    const loaded = (await call(admin, 'GET', `${SV}/get_decision_flow?use_case_id=${id}`)).json()
      .decision_flow;
    expect(loaded).toEqual(steps);
    expect(
      (
        await call(admin, 'POST', `${SV}/update_decision_flow`, {
          use_case_id: id,
          decision_flow: 'not a list',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('turns the knowledge into the semantic model the engine reads', async () => {
    const { model, connId, threshold } = await buildUseCaseModel(
      t.deps,
      { userId: 1, orgId: 1, isAdmin: true },
      id,
    );
    const typed: SemanticModel = model; // the contract's schema and the engine's type agree
    expect(typed.tables.map((x) => x.name)).toEqual(['orders']);
    expect(connId).toBe(7);
    expect(threshold).toBe(85);
    const columns = Object.fromEntries(model.tables[0]!.columns.map((c) => [c.name, c]));
    expect(columns.revenue).toMatchObject({ label: 'Net Sales', entityType: 'KPI', kind: 'number' });
    expect(columns.revenue!.synonyms).toContain('net sales');
    expect(columns.order_date).toMatchObject({ isTime: true, kind: 'date', entityType: 'ATTRIBUTE' });
    expect(columns.order_id!.isKey).toBe(true);
    expect([...columns.region!.values].sort()).toEqual(['Asia', 'Europe', 'North America']);
    expect(model.metrics.map((m) => [m.label, m.expression])).toEqual([
      ['Gross Margin', 'SUM("revenue") - SUM("cost")'],
      ['Return Rate', 'AVG(CASE WHEN "returned" THEN 1 ELSE 0 END)'],
    ]);
  });

  it('pins, publishes, copies deeply, deactivates, activates and archives', async () => {
    expect((await call(admin, 'POST', `${O}/use_cases/${id}/pin`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${O}/use_case/v2/${id}`)).json().pinned).toBe(true);
    expect((await call(admin, 'DELETE', `${O}/use_cases/${id}/pin`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${O}/use_case/v2/${id}`)).json().pinned).toBe(false);

    const publish = await call(admin, 'PUT', `${O}/use_case/${id}?org_id=1`);
    expect(publish.statusCode, publish.body).toBe(200);
    expect(publish.json().userUseCaseMapping).toMatchObject({ use_case_id: id });
    expect((await call(admin, 'GET', `${O}/use_case/v2/${id}`)).json()).toMatchObject({
      OnBoardingStatus: true,
      status: 'active',
    });

    const copy = await call(admin, 'POST', `${O}/use_cases/${id}/copy_usecase`);
    expect(copy.json().status).toBe('Success');
    const copyId = copy.json().use_case_id;
    const copied = (await call(admin, 'GET', `${O}/use_case/v2/${copyId}`)).json();
    expect(copied).toMatchObject({
      UseCaseName: 'Retail Sales (Copy)',
      status: 'draft',
      businessGoals: ['Increase Revenue Growth', 'Grow loyalty'],
    });
    expect((await call(admin, 'GET', `${O}/use_case/schema_data/${copyId}`)).json()).toEqual({
      ConnectionId: 7,
      Schema: 'main',
    });
    const copiedTables = (await call(admin, 'GET', `${SV}/usecase_db_tables/${copyId}`)).json();
    expect(copiedTables[0]).toMatchObject({ is_selected: true, selected_column_count: 10 });
    const copiedColumns = (
      await call(admin, 'GET', `${SV}/table_column_metadata/${copiedTables[0].table_id}`)
    ).json();
    expect(
      copiedColumns.find((c: { db_column_name: string }) => c.db_column_name === 'revenue').business_name,
    ).toBe('Net Sales');
    expect((await call(admin, 'GET', `${SV}/get_derived_metrics?usecase_id=${copyId}`)).json()).toHaveLength(
      2,
    );
    expect(
      (await call(admin, 'GET', `${SV}/get_decision_flow?use_case_id=${copyId}`)).json().decision_flow.length,
    ).toBeGreaterThan(5);

    expect(
      (await call(admin, 'PUT', `${O}/use_case/${id}`, { onboarding_flag: false })).json().use_case.status,
    ).toBe('draft');
    expect(
      (await call(admin, 'PUT', `${O}/use_case/${id}`, { onboarding_flag: true })).json().use_case.status,
    ).toBe('active');
    expect((await call(admin, 'DELETE', `${O}/use_case/${copyId}`)).statusCode).toBe(200);
    const list = (await call(admin, 'GET', `${O}/use_cases/v2`)).json().use_cases;
    expect(list.map((u: { use_case_id: number; status: string }) => [u.use_case_id, u.status])).toEqual([
      [id, 'active'],
      [copyId, 'archived'],
    ]);
  });

  it('answers unknown ids with 404 and malformed ids and bodies with 400', async () => {
    expect((await call(admin, 'GET', `${O}/use_case/v2/424242`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${O}/use_case/v2/abc`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `${O}/use_case/v2/99999999999999`)).statusCode).toBe(400);
    expect((await call(admin, 'POST', `${O}/use_cases/424242/copy_usecase`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${SV}/table_column_metadata/424242`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${SV}/get_derived_metrics`)).statusCode).toBe(400);
    expect((await call(admin, 'POST', `${SV}/usecase_db_tables/select`, { table_ids: [] })).statusCode).toBe(
      400,
    );
    expect(
      (await call(admin, 'POST', `${O}/use_case/v2`, { usecase_name: 'x'.repeat(5000) })).statusCode,
    ).toBe(400);
    expect(
      (await call(admin, 'POST', `${O}/use_case/v2`, { usecase_name: 'ok', businessGoals: 'not a list' }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${O}/use_cases/v2` })).statusCode).toBe(401);
  });
});
