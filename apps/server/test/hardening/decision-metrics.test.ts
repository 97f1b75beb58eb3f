import { parseMetricExpression } from '@catalyst/engine';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { metricSeries } from '../../src/warehouses/metric-series';
import { MysqlWarehouse } from '../../src/warehouses/mysql';
import { PostgresWarehouse } from '../../src/warehouses/postgres';
import { bearer, createTestApp, type TestApp } from '../helpers/app';
import { createDatabase, dropDatabase, PG, requirePostgres } from '../helpers/customer-postgres';
import { userWithRole } from '../helpers/governance';

/**
 * A decision's metric (issue 13 item 2) is user input that becomes SQL when the decision is
 * approved (baseline) and when its outcome is measured. It must be a metric of the use case:
 * an aggregate over the selected columns of a selected table, checked with the metric parser on
 * create, on update and again before every query — never pasted into SQL as it came.
 */

const hasPostgres = await requirePostgres('decision metric expressions');
const D = '/api/copilot/decisions';
/** A number only the unselected `secrets` table holds: seeing it anywhere means the injection worked. */
const SECRET = 424242;

describe.skipIf(!hasPostgres)('decision metric expressions', () => {
  let t: TestApp;
  let database: string;
  let admin: string;
  let user: { id: number; token: string };
  let useCaseId: number;
  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined && { payload: payload as object }),
    });
  const good = {
    label: 'Revenue',
    table: 'sales',
    timeColumn: 'day',
    expression: 'SUM("revenue")',
    grain: 'week',
  } as const;
  const decision = (metric: unknown) => ({
    title: 'Test a metric',
    description: 'd',
    useCaseId,
    alertId: 'manual',
    decisionRationale: 'r',
    metric,
  });

  beforeAll(async () => {
    database = await createDatabase('catalyst_decision_metrics');
    const c = new pg.Client({ ...PG, database });
    await c.connect();
    await c.query('CREATE TABLE sales (day date NOT NULL, region text NOT NULL, revenue numeric NOT NULL)');
    await c.query(`INSERT INTO sales SELECT d::date, r, 100 + extract(day FROM d)::int
      FROM generate_series(current_date - 200, current_date - 1, interval '1 day') d, unnest(ARRAY['Europe','Asia']) r`);
    await c.query('CREATE TABLE managers (region text PRIMARY KEY, manager text NOT NULL)');
    await c.query(`INSERT INTO managers VALUES ('Europe', 'Ada'), ('Asia', 'Grace')`);
    await c.query('CREATE TABLE secrets (id int, code int, note text)');
    await c.query(`INSERT INTO secrets VALUES (1, ${SECRET}, 'payroll')`);
    await c.end();

    // The local PostgreSQL is a private address: this test's own configuration allows it.
    t = await createTestApp('pglite', { CATALYST_OUTBOUND_ALLOWLIST: '127.0.0.1' });
    admin = await t.login();
    const me = (await call(admin, 'GET', '/api/v1/authentication/me')).json();
    const conn = await call(admin, 'POST', '/api/copilot/db_conn/add_db_conn', {
      conn_name: 'Shop',
      db_type: 'postgresql',
      host: PG.host,
      port: PG.port,
      db_name: database,
      user_name: PG.user,
      password: 'any-password',
    });
    expect(conn.statusCode, conn.body).toBe(200);
    const connId = conn.json().connection.conn_id;
    useCaseId = (
      await call(admin, 'POST', '/api/copilot/onboarding/use_case/v2', { usecase_name: 'Shop' })
    ).json().use_case_id;
    await call(admin, 'POST', '/api/copilot/onboarding/use_case/add_schema_data', {
      usecase_id: useCaseId,
      conn_id: connId,
      schema: 'public',
    });
    const tables = (
      await call(admin, 'GET', `/api/copilot/schema_validation/usecase_db_tables/${useCaseId}`)
    ).json() as { table_id: number; table_name: string }[];
    // `sales` and `managers` are selected: `secrets` is in the schema but not part of the use case.
    const selected = await call(
      admin,
      'POST',
      '/api/copilot/schema_validation/usecase_db_tables/select_and_fetch_columns',
      {
        table_ids: tables.filter((x) => x.table_name !== 'secrets').map((x) => x.table_id),
      },
    );
    expect(selected.statusCode, selected.body).toBe(200);
    user = await userWithRole(t, { username: 'plain', orgId: me.orgId, role: 'user' });
    await call(admin, 'POST', '/api/copilot/user-access', {
      usecase_id: useCaseId,
      selected_users: [user.id],
      unselected_users: [],
    });
  });
  afterAll(async () => {
    await t?.close();
    if (database) await dropDatabase(database);
  });

  const attacks: [string, Record<string, unknown>][] = [
    ['a subquery of another table', { expression: 'MAX((SELECT code FROM secrets))' }],
    ['a scalar subquery without aggregate', { expression: '(SELECT max(code) FROM public.secrets)' }],
    ['pg_read_file', { expression: "SUM(length(pg_read_file('/etc/hostname')))" }],
    ['a function that is not allowed', { expression: 'SUM(pg_sleep(1))' }],
    ['a second statement', { expression: 'SUM("revenue"); DROP TABLE sales' }],
    // The review's own payload: close the aggregate, start a statement, comment out the rest.
    ['the reviewed break-out', { expression: "SUM(revenue)); SELECT pg_read_file('/etc/passwd')--" }],
    ['a UNION', { expression: 'SUM("revenue") UNION SELECT code FROM secrets' }],
    ['a function outside the allowed set', { expression: 'MAX(version())' }],
    ['a function outside the allowed set around a column', { expression: 'SUM(length("region"))' }],
    ['a cast to read text as a number', { expression: 'SUM(CAST("region" AS int))' }],
    ['a column qualified with an unselected table', { expression: 'SUM(secrets.code)' }],
    ['a quoted column qualified with an unselected table', { expression: 'SUM("secrets"."code")' }],
    ['a column of another selected table', { expression: 'COUNT("manager")' }],
    ['a comment hiding the rest', { expression: 'SUM("revenue") -- ' }],
    ['a block comment', { expression: 'SUM("revenue") /* x */' }],
    ['a quoted identifier breaking out', { expression: 'SUM("revenue"") FROM secrets --")' }],
    ['a unicode look-alike quote', { expression: 'SUM(\u201crevenue\u201d)' }],
    ['a fullwidth semicolon', { expression: 'SUM("revenue")\uff1b SELECT 1' }],
    ['a column of another table', { expression: 'SUM("code")' }],
    ['another table', { table: 'secrets', expression: 'MAX("code")', timeColumn: 'id' }],
    ['a table in another schema', { table: 'pg_catalog"."pg_authid', expression: 'COUNT(*)' }],
    ['an unselected time column', { timeColumn: 'day" < now() UNION SELECT code FROM secrets --' }],
    ['a filter on an unknown column', { filters: [{ column: 'code', value: 1 }] }],
    [
      'a join to an unselected table',
      {
        filters: [{ column: 'code', value: SECRET, table: 'secrets' }],
        joins: [
          { from: [{ table: 'sales', column: 'revenue' }], to: [{ table: 'secrets', column: 'code' }] },
        ],
      },
    ],
    [
      'a related table reached by no join',
      { filters: [{ column: 'manager', value: 'Ada', table: 'managers' }] },
    ],
    ['no aggregate at all', { expression: '"revenue"' }],
  ];

  it.each(attacks)('refuses %s on create with a 400 that says what is wrong', async (_name, change) => {
    const res = await call(user.token, 'POST', D, decision({ ...good, ...change }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/metric/i);
    expect(res.body).not.toContain(String(SECRET));
  });

  it('accepts a metric of the use case and stores its canonical form', async () => {
    const res = await call(user.token, 'POST', D, decision({ ...good, expression: 'sum(revenue)' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metric).toMatchObject({ table: 'sales', expression: 'SUM("revenue")' });
  });

  it('refuses the same attacks on update', async () => {
    const created = (await call(user.token, 'POST', D, decision(good))).json();
    for (const [name, change] of attacks) {
      const res = await call(user.token, 'PUT', `${D}/${created.id}`, { metric: { ...good, ...change } });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
    }
    const stored = (await call(user.token, 'GET', `${D}/${created.id}`)).json();
    expect(stored.metric.expression).toBe('SUM("revenue")');
  });

  it('checks a stored metric again before approval and outcome queries (rows written by older versions)', async () => {
    const created = (await call(user.token, 'POST', D, decision(good))).json();
    // A metric stored before the check existed: the run time check must refuse it, not run it.
    await t.deps.db
      .updateTable('decisions')
      .set({ metric: JSON.stringify({ ...good, expression: 'MAX((SELECT code FROM secrets))' }) })
      .where('id', '=', created.id)
      .execute();
    const approve = await call(user.token, 'POST', `${D}/${created.id}/status`, { status: 'approved' });
    expect(approve.statusCode, approve.body).toBe(400);
    expect(approve.json().message).toMatch(/metric/i);
    const after = (await call(user.token, 'GET', `${D}/${created.id}`)).json();
    expect(after.status).toBe('pending');

    // Approved with a valid metric, then the metric is swapped in the database: the outcome refuses.
    await t.deps.db
      .updateTable('decisions')
      .set({ metric: JSON.stringify(good) })
      .where('id', '=', created.id)
      .execute();
    expect(
      (await call(user.token, 'POST', `${D}/${created.id}/status`, { status: 'approved' })).statusCode,
    ).toBe(200);
    expect(
      (await call(user.token, 'POST', `${D}/${created.id}/status`, { status: 'implemented' })).statusCode,
    ).toBe(200);
    await t.deps.db
      .updateTable('decisions')
      .set({ metric: JSON.stringify({ ...good, expression: 'MAX((SELECT code FROM secrets))' }) })
      .where('id', '=', created.id)
      .execute();
    const outcome = await call(user.token, 'GET', `${D}/${created.id}/outcome`);
    expect(outcome.statusCode, outcome.body).toBe(400);
    expect(outcome.body).not.toContain(String(SECRET));
  });

  it('accepts a segment of a related table reached through its join, and measures it', async () => {
    const ofAda = {
      ...good,
      label: "Revenue of Ada's region",
      filters: [{ column: 'manager', value: 'Ada', table: 'managers' }],
      joins: [
        { from: [{ table: 'sales', column: 'region' }], to: [{ table: 'managers', column: 'region' }] },
      ],
    };
    const created = await call(user.token, 'POST', D, decision(ofAda));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    const approved = await call(user.token, 'POST', `${D}/${id}/status`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const outcome = (await call(user.token, 'GET', `${D}/${id}/outcome`)).json();
    expect(outcome.baseline?.periods).toBeGreaterThan(0);
  });

  it('measures a valid metric end to end (the check does not stop real work)', async () => {
    const created = (await call(user.token, 'POST', D, decision(good))).json();
    const approved = await call(user.token, 'POST', `${D}/${created.id}/status`, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const outcome = (await call(user.token, 'GET', `${D}/${created.id}/outcome`)).json();
    expect(outcome.baseline?.periods).toBeGreaterThan(0);
  });
});

describe('the metric parser renders SQL that cannot change meaning', () => {
  const known = [
    { table: 'sales', column: 'revenue' },
    { table: 'sales', column: 'region' },
  ];

  it('never emits a line comment from two signs', () => {
    const { expression } = parseMetricExpression('SUM(revenue) * - -1', known);
    expect(expression).not.toContain('--');
    expect(parseMetricExpression('SUM(revenue) - -SUM(revenue)', known).expression).not.toContain('--');
  });

  it('refuses text values with line breaks or backslashes (a comment or an escaped quote in some dialects)', () => {
    expect(() => parseMetricExpression("SUM(revenue) - - 'x\n, 1 FROM secrets --'", known)).toThrow(
      /line break/,
    );
    expect(() => parseMetricExpression("MAX(CASE WHEN region = 'a\\' THEN 1 ELSE 0 END)", known)).toThrow(
      /backslash/,
    );
  });
});

const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };
const hasMysql = await mysql
  .createConnection({ ...MYSQL, connectTimeout: 3000 })
  .then(async (c) => (await c.end(), true))
  .catch(() => false);

/**
 * A metric's identifiers are rewritten into each warehouse's quoting and table alias when it is
 * measured; its text values must come through exactly as written, double quotes included (a
 * rewrite that takes `"West"` inside a text value for a column changes what is compared, and on
 * MySQL turns text into SQL).
 */
describe('a metric whose text values hold double quotes is measured as written', () => {
  const known = [
    { table: 'sales', column: 'revenue' },
    { table: 'sales', column: 'region' },
  ];
  const { expression } = parseMetricExpression(
    `SUM(CASE WHEN region = 'Europe "West"' THEN revenue ELSE 0 END) + MAX(CASE WHEN region = '" OR 1' THEN 1 ELSE 0 END)`,
    known,
  );
  const metric = { table: 'sales', timeColumn: 'day', expression, filters: [], grain: 'week' as const };
  const range = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') };
  const rows = `('2026-01-05', 'Europe "West"', 100), ('2026-01-06', 'Asia', 7), ('2026-01-07', '" OR 1', 5)`;

  it.skipIf(!hasPostgres)('on PostgreSQL', async () => {
    const database = await createDatabase('catalyst_metric_text');
    const c = new pg.Client({ ...PG, database });
    try {
      await c.connect();
      await c.query('CREATE TABLE sales (day date NOT NULL, region text NOT NULL, revenue numeric NOT NULL)');
      await c.query(`INSERT INTO sales VALUES ${rows}`);
      const warehouse = new PostgresWarehouse({ ...PG, database });
      try {
        expect(await metricSeries(warehouse, 'public', metric, range)).toEqual([
          { period: '2026-01-05', value: 101 },
        ]);
      } finally {
        await warehouse.close();
      }
    } finally {
      await c.end();
      await dropDatabase(database);
    }
  });

  it.skipIf(!hasMysql)('on MySQL/MariaDB', async () => {
    const database = `catalyst_metric_text_${Date.now().toString(36)}`;
    const c = await mysql.createConnection(MYSQL);
    try {
      await c.query(`CREATE DATABASE ${database}`);
      await c.query(
        `CREATE TABLE ${database}.sales (day date NOT NULL, region varchar(40) NOT NULL, revenue decimal(10,2) NOT NULL)`,
      );
      await c.query(`INSERT INTO ${database}.sales VALUES ${rows}`);
      const warehouse = new MysqlWarehouse({ ...MYSQL, database });
      try {
        expect(await metricSeries(warehouse, database, metric, range)).toEqual([
          { period: '2026-01-05', value: 101 },
        ]);
      } finally {
        await warehouse.close();
      }
    } finally {
      await c.query(`DROP DATABASE IF EXISTS ${database}`);
      await c.end();
    }
  });
});
