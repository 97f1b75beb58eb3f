import type { DuckDbWarehouse } from '@catalyst/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers/app';
import { testDatabaseKinds } from './helpers/databases';
import { retailWarehouse, singleWarehouseRegistry } from './helpers/duckdb-registry';

const kinds = await testDatabaseKinds();
const D = '/api/copilot/decisions';

describe.each(kinds)('decisions on %s', (kind) => {
  let t: TestApp;
  let warehouse: DuckDbWarehouse;
  let admin: string;
  let olga: string;
  let useCaseId: number;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const metric = {
    label: 'Revenue',
    table: 'orders',
    timeColumn: 'order_date',
    expression: 'SUM("revenue")',
    grain: 'month',
  };

  beforeAll(async () => {
    warehouse = await retailWarehouse();
    t = await createTestApp(
      kind,
      {},
      { warehouses: singleWarehouseRegistry(warehouse, { orgId: 1, connId: 7 }) },
    );
    admin = await t.login();
    await t.createUser({ username: 'olga', password: 'Olga#pass1', orgName: 'Other', isAdmin: true });
    olga = await t.login('olga', 'Olga#pass1');
    useCaseId = (
      await call(admin, 'POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: 'Retail' })
    ).json().use_case_id;
    await call(admin, 'POST', '/api/copilot/onboarding/use_case/add_schema_data', {
      usecase_id: useCaseId,
      conn_id: 7,
      schema: 'main',
    });
    // A decision's metric must be over a selected table of its use case.
    const tables = (
      await call(admin, 'GET', `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`)
    ).json();
    await call(admin, 'POST', '/api/copilot/schema_validation/usecase_db_tables/select_and_fetch_columns', {
      table_ids: tables.map((x: { table_id: number }) => x.table_id),
    });
  });
  afterAll(async () => {
    await t?.close();
    warehouse?.close();
  });

  let id: number;

  it('requires the dialog fields and records a pending decision with artifacts', async () => {
    const missing = await call(admin, 'POST', D, { title: '', useCaseId });
    expect(missing.statusCode).toBe(400);
    for (const field of [
      'Title is required',
      'Description is required',
      'Related alert is required',
      'Decision rationale is required',
    ])
      expect(missing.json().message).toContain(field);
    const created = await call(admin, 'POST', D, {
      title: 'Cut discounts in Asia',
      description: 'Discounts rose while margin fell',
      useCaseId,
      alertId: 'manual',
      alertTitle: 'Margin drop in Asia',
      decisionRationale: 'Discount depth is the largest driver',
      artifacts: [
        { name: 'Analysis notes', type: 'analysis', content: 'Asia margin -4 pts' },
        {
          name: 'chart.png',
          type: 'chart',
          content: Buffer.from('png-bytes').toString('base64'),
          encoding: 'base64',
          mimeType: 'image/png',
        },
      ],
      metric,
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      status: 'pending',
      useCaseName: 'Retail',
      createdBy: 'admin',
      allowedTransitions: ['approved', 'rejected'],
    });
    expect(body.artifacts.map((a: { name: string; size: number }) => [a.name, a.size])).toEqual([
      ['Analysis notes', 18],
      ['chart.png', 9],
    ]);
    expect(body.history).toEqual([expect.objectContaining({ from: null, to: 'pending', by: 'admin' })]);
    id = body.id;
    expect(
      (
        await call(admin, 'POST', D, {
          title: 't',
          description: 'd',
          useCaseId,
          alertId: 'rec-999999',
          decisionRationale: 'r',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(olga, 'GET', `${D}/${id}`)).statusCode).toBe(404);
    expect(
      (
        await call(olga, 'POST', D, {
          title: 't',
          description: 'd',
          useCaseId,
          alertId: 'x',
          decisionRationale: 'r',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists with search, status filter and the five sorts', async () => {
    await call(admin, 'POST', D, {
      title: 'Add a loyalty tier',
      description: 'Grow repeat orders',
      useCaseId,
      alertId: 'manual',
      decisionRationale: 'Retention',
    });
    const all = (await call(admin, 'GET', `${D}?sort=title`))
      .json()
      .decisions.map((d: { title: string }) => d.title);
    expect(all).toEqual(['Add a loyalty tier', 'Cut discounts in Asia']);
    expect((await call(admin, 'GET', `${D}?sort=oldest`)).json().decisions[0].title).toBe(
      'Cut discounts in Asia',
    );
    expect((await call(admin, 'GET', `${D}?sort=newest`)).json().decisions[0].title).toBe(
      'Add a loyalty tier',
    );
    expect((await call(admin, 'GET', `${D}?sort=updated`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${D}?sort=status`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `${D}?search=ASIA`)).json().decisions).toHaveLength(1);
    expect((await call(admin, 'GET', `${D}?search=%25`)).json().decisions).toHaveLength(0);
    expect((await call(admin, 'GET', `${D}?status=approved`)).json().decisions).toHaveLength(0);
    expect((await call(admin, 'GET', `${D}?sort=sideways`)).statusCode).toBe(400);
    expect((await call(olga, 'GET', D)).json().decisions).toHaveLength(0);
  });

  it('moves pending → approved → implemented, refuses illegal moves with 409, and measures the outcome against the baseline', async () => {
    expect((await call(admin, 'GET', `${D}/${id}/outcome`)).json().status).toBe('awaiting_approval');
    const skip = await call(admin, 'POST', `${D}/${id}/status`, { status: 'implemented' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(
      'A pending decision cannot become implemented; it can become approved or rejected.',
    );

    t.setNow(new Date('2026-07-01T09:00:00Z'));
    admin = await t.login();
    const approved = await call(admin, 'POST', `${D}/${id}/status`, { status: 'approved', note: 'Go' });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      allowedTransitions: ['implemented', 'rejected'],
    });
    const waiting = (await call(admin, 'GET', `${D}/${id}/outcome`)).json();
    expect(waiting.status).toBe('awaiting_implementation');
    expect(waiting.baseline).toMatchObject({ from: '2026-01-01', to: '2026-06-01', periods: 6 });
    const expectedMean = await warehouse.query(
      "select sum(revenue) / 6 from main.orders where order_date < DATE '2026-07-01'",
    );
    expect(waiting.baseline.mean).toBeCloseTo(Number(expectedMean.rows[0]![0]), 4);

    const implemented = await call(admin, 'POST', `${D}/${id}/status`, { status: 'implemented' });
    expect(implemented.json().history.map((h: { to: string }) => h.to)).toEqual([
      'pending',
      'approved',
      'implemented',
    ]);
    expect(implemented.json().allowedTransitions).toEqual([]);
    expect((await call(admin, 'GET', `${D}/${id}/outcome`)).json().status).toBe('too_early');

    t.setNow(new Date('2027-01-02T09:00:00Z'));
    const later = await t.login(); // sessions last 14 days: months later, sign in again
    const outcome = (await call(later, 'GET', `${D}/${id}/outcome`)).json();
    t.setNow(null);
    admin = await t.login();
    expect(outcome.status).toBe('measured');
    expect(outcome.comparison.periods).toBe(6);
    const after = await warehouse.query(
      "select sum(revenue) / 6 from main.orders where order_date >= DATE '2026-07-01'",
    );
    expect(outcome.comparison.actualMean).toBeCloseTo(Number(after.rows[0]![0]), 4);
    expect(outcome.statement).toMatch(
      /^Since implementation on 2026-07-01, Revenue averaged .* per month over 6 months, against .* expected from the 6 months before approval \(2026-01-01 to 2026-06-01\)/,
    );
    expect((await call(admin, 'POST', `${D}/${id}/status`, { status: 'rejected' })).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `${D}/${id}`, { title: 'Changed' })).statusCode).toBe(409);
  });

  it('a decision on an alert measures its outcome against the normal months before the shift, not the shift', async () => {
    const rec = await t.deps.db
      .insertInto('recommendations')
      .values({
        org_id: 1,
        use_case_id: useCaseId,
        dedupe_key: 'test:revenue-shift',
        title: 'Revenue dropped 30% since April',
        brief_summary: 'Revenue fell',
        full_description: 'Revenue fell',
        impact_level: 'High Impact',
        action: 'Investigate',
        details: JSON.stringify({ metric, window: { from: '2026-04-06', to: '2026-06-22', weeks: 12 } }),
        generated_at: new Date('2026-06-30T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await call(admin, 'POST', D, {
      title: 'Win back spring buyers',
      description: 'd',
      useCaseId,
      alertId: `rec-${rec.id}`,
      decisionRationale: 'r',
    });
    expect(created.statusCode, created.body).toBe(200);
    const decision = created.json().id;
    const mean = async (from: string, to: string, months: number) =>
      Number(
        (
          await warehouse.query(
            `select sum(revenue) / ${months} from main.orders where order_date >= DATE '${from}' and order_date < DATE '${to}'`,
          )
        ).rows[0]![0],
      );
    try {
      t.setNow(new Date('2026-07-01T09:00:00Z'));
      let token = await t.login();
      await call(token, 'POST', `${D}/${decision}/status`, { status: 'approved' });
      const waiting = (await call(token, 'GET', `${D}/${decision}/outcome`)).json();
      // January to March: the normal months before the shift began in April, not April to June.
      expect(waiting.baseline).toMatchObject({ from: '2026-01-01', to: '2026-03-01', periods: 3 });
      const normal = await mean('2026-01-01', '2026-04-01', 3);
      expect(waiting.baseline.mean).toBeCloseTo(normal, 4);
      expect(normal).not.toBeCloseTo(await mean('2026-04-01', '2026-07-01', 3), 0);
      expect(waiting.statement).toContain(
        'over the 3 normal months before the change the alert found (2026-01-01 to 2026-03-01)',
      );

      await call(token, 'POST', `${D}/${decision}/status`, { status: 'implemented' });
      t.setNow(new Date('2026-12-20T09:00:00Z'));
      token = await t.login();
      const measured = (await call(token, 'GET', `${D}/${decision}/outcome`)).json();
      // July to November (December is not complete) against the January–March norm.
      const after = await mean('2026-07-01', '2026-12-01', 5);
      expect(measured.status).toBe('measured');
      expect(measured.comparison.expectedMean).toBeCloseTo(normal, 4);
      expect(measured.comparison.actualMean).toBeCloseTo(after, 4);
      expect(measured.comparison.change).toBeCloseTo((after - normal) / normal, 6);
      expect(measured.statement).toContain(
        'expected from the 3 normal months before the change the alert found (2026-01-01 to 2026-03-01)',
      );
    } finally {
      t.setNow(null);
      admin = await t.login();
    }
  });

  it('a decision on an alert whose shift starts with the data falls back to the months before approval', async () => {
    const rec = await t.deps.db
      .insertInto('recommendations')
      .values({
        org_id: 1,
        use_case_id: useCaseId,
        dedupe_key: 'test:revenue-shift-early',
        title: 'Revenue dropped since January',
        brief_summary: 'Revenue fell',
        full_description: 'Revenue fell',
        impact_level: 'High Impact',
        action: 'Investigate',
        details: JSON.stringify({ metric, window: { from: '2026-01-05', to: '2026-02-23', weeks: 8 } }),
        generated_at: new Date('2026-03-30T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await call(admin, 'POST', D, {
      title: 'Early shift',
      description: 'd',
      useCaseId,
      alertId: `rec-${rec.id}`,
      decisionRationale: 'r',
    });
    try {
      t.setNow(new Date('2026-04-02T09:00:00Z'));
      const token = await t.login();
      await call(token, 'POST', `${D}/${created.json().id}/status`, { status: 'approved' });
      const waiting = (await call(token, 'GET', `${D}/${created.json().id}/outcome`)).json();
      expect(waiting.baseline).toMatchObject({ from: '2026-01-01', to: '2026-03-01', periods: 3 });
      expect(waiting.statement).toContain('over the 3 months before approval (2026-01-01 to 2026-03-01)');
    } finally {
      t.setNow(null);
      admin = await t.login();
    }
  });

  it('edits, attaches and removes artifacts, deletes, and answers bad input with 4xx', async () => {
    const other = (await call(admin, 'GET', `${D}?search=loyalty`)).json().decisions[0];
    const edited = await call(admin, 'PUT', `${D}/${other.id}`, { title: 'Add a gold loyalty tier' });
    expect(edited.json().title).toBe('Add a gold loyalty tier');
    const withFile = await call(admin, 'POST', `${D}/${other.id}/artifacts`, {
      name: 'brief.txt',
      type: 'document',
      content: 'hello',
    });
    const artifactId = withFile.json().artifacts[0].id;
    expect(
      (await call(admin, 'DELETE', `${D}/${other.id}/artifacts/${artifactId}`)).json().artifacts,
    ).toEqual([]);
    expect(
      (await call(admin, 'POST', `${D}/${other.id}/artifacts`, { name: 'x', type: 'video', content: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(admin, 'POST', `${D}/${other.id}/artifacts`, {
          name: 'x',
          type: 'data',
          content: '!!!',
          encoding: 'base64',
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(admin, 'POST', `${D}/${other.id}/status`, { status: 'approved' })).json().status).toBe(
      'approved',
    );
    expect((await call(admin, 'DELETE', `${D}/${other.id}`)).json()).toEqual({ status: 'Success' });
    expect((await call(admin, 'GET', `${D}/${other.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `${D}/abc`)).statusCode).toBe(400);
    expect((await call(admin, 'POST', `${D}/${id}/status`, { status: 'done' })).statusCode).toBe(400);
  });
});
