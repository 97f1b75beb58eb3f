import { describe, expect, it } from 'vitest';
import {
  BigQueryWarehouse,
  GoogleBigQueryRunner,
  assertReadOnlyStatement,
  bigQueryError,
  bigQueryValue,
  buildCredentials,
  buildQueryRequest,
  type BigQueryJobRequest,
  type BigQueryRunResult,
  type BigQuerySourceConfig,
} from '../../src/warehouses/bigquery';
import { WarehouseError } from '../../src/warehouses/common';

// BigQuery cannot be reached from the test machines: these tests cover the SQL and the job
// requests the adapter builds, and the answers it makes of BigQuery's responses.
const config: BigQuerySourceConfig = {
  projectId: 'acme-analytics',
  location: 'EU',
  defaultDataset: 'sales',
  auth: { method: 'adc' },
};

function recording(answers: BigQueryRunResult[] = []) {
  const requests: BigQueryJobRequest[] = [];
  return {
    requests,
    runner: {
      async run(request: BigQueryJobRequest) {
        requests.push(request);
        return answers.shift() ?? { columns: [], rows: [], totalRows: 0 };
      },
    },
  };
}

describe('BigQuery request building', () => {
  it('builds a job with positional parameters, dataset, location and limits', () => {
    const r = buildQueryRequest(
      config,
      'SELECT region, SUM(revenue) FROM orders WHERE country = ? AND year = ? GROUP BY 1',
      {
        params: ['France', 2026],
        maxRows: 500,
        timeoutMs: 12_000,
      },
    );
    expect(r).toEqual({
      query: 'SELECT region, SUM(revenue) FROM orders WHERE country = ? AND year = ? GROUP BY 1',
      params: ['France', 2026],
      location: 'EU',
      useLegacySql: false,
      defaultDataset: { projectId: 'acme-analytics', datasetId: 'sales' },
      jobTimeoutMs: 12_000,
      maxResults: 501,
      labels: { source: 'catalyst' },
    });
  });

  it('declares parameter types when a value is NULL (BigQuery cannot infer them)', () => {
    const r = buildQueryRequest(config, 'SELECT * FROM t WHERE a = ? OR b = ? OR c = ? OR d = ?', {
      params: [null, 1.5, true, 'x'],
    });
    expect(r.types).toEqual(['STRING', 'FLOAT64', 'BOOL', 'STRING']);
    expect(r.params).toEqual([null, 1.5, true, 'x']);
  });

  it('applies default limits and the bytes-billed cap', () => {
    const r = buildQueryRequest(
      { ...config, maximumBytesBilled: 10_000_000_000 },
      'WITH x AS (SELECT 1) SELECT * FROM x',
    );
    expect(r.maxResults).toBe(10_001);
    expect(r.jobTimeoutMs).toBe(30_000);
    expect(r.maximumBytesBilled).toBe('10000000000');
  });

  it('refuses anything but one SELECT statement', () => {
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      'DELETE FROM t WHERE true',
      'CREATE TABLE t (a INT64)',
      'MERGE t USING s ON false WHEN NOT MATCHED THEN INSERT ROW',
      'SELECT 1; DROP TABLE t',
      'DECLARE x INT64; SELECT x',
      '/* SELECT */ DROP TABLE t',
    ]) {
      expect(() => assertReadOnlyStatement(sql), sql).toThrow(WarehouseError);
    }
    for (const sql of [
      'SELECT 1;',
      "select ';' as semi -- DROP\n",
      '(SELECT 1) UNION ALL (SELECT 2)',
      '-- note\nWITH a AS (SELECT 1) SELECT * FROM a',
    ]) {
      expect(() => assertReadOnlyStatement(sql), sql).not.toThrow();
    }
  });
});

describe('BigQueryWarehouse SQL', () => {
  it('lists datasets through the region INFORMATION_SCHEMA', async () => {
    const { runner, requests } = recording([
      { columns: [{ name: 'schema_name', type: 'STRING' }], rows: [['marketing'], ['sales']], totalRows: 2 },
    ]);
    const wh = new BigQueryWarehouse(config, {}, runner);
    expect(await wh.listSchemas()).toEqual(['marketing', 'sales']);
    expect(requests[0]?.query).toBe(
      'SELECT schema_name FROM `acme-analytics`.`region-eu`.INFORMATION_SCHEMA.SCHEMATA ORDER BY schema_name',
    );
  });

  it('lists tables and columns of a dataset, binding the table name', async () => {
    const { runner, requests } = recording([
      { columns: [], rows: [['orders'], ['customers']], totalRows: 2 },
      {
        columns: [],
        rows: [
          ['id', 'INT64', 'NO'],
          ['region', 'STRING', 'YES'],
        ],
        totalRows: 2,
      },
    ]);
    const wh = new BigQueryWarehouse(config, {}, runner);
    expect(await wh.listTables('sales')).toEqual([
      { schema: 'sales', name: 'orders', rowCount: null },
      { schema: 'sales', name: 'customers', rowCount: null },
    ]);
    expect(requests[0]?.query).toContain('FROM `acme-analytics`.`sales`.INFORMATION_SCHEMA.TABLES');
    expect(await wh.describeColumns('sales', 'orders')).toEqual([
      { name: 'id', type: 'INT64', nullable: false },
      { name: 'region', type: 'STRING', nullable: true },
    ]);
    expect(requests[1]?.query).toContain(
      '`acme-analytics`.`sales`.INFORMATION_SCHEMA.COLUMNS WHERE table_name = ?',
    );
    expect(requests[1]?.params).toEqual(['orders']);
  });

  it('groups foreign key columns by constraint', async () => {
    const { runner } = recording([
      {
        columns: [],
        rows: [
          ['items', 'fk_items_orders', 'order_id', 'sales', 'orders', 'id'],
          ['items', 'fk_items_orders', 'order_line', 'sales', 'orders', 'line'],
          ['orders', 'fk_orders_customers', 'customer_id', 'sales', 'customers', 'id'],
        ],
        totalRows: 3,
      },
    ]);
    const fks = await new BigQueryWarehouse(config, {}, runner).listForeignKeys('sales');
    expect(fks).toEqual([
      {
        schema: 'sales',
        table: 'items',
        columns: ['order_id', 'order_line'],
        refSchema: 'sales',
        refTable: 'orders',
        refColumns: ['id', 'line'],
      },
      {
        schema: 'sales',
        table: 'orders',
        columns: ['customer_id'],
        refSchema: 'sales',
        refTable: 'customers',
        refColumns: ['id'],
      },
    ]);
  });

  it('quotes identifiers in sample-value SQL so a name cannot break out', async () => {
    const { runner, requests } = recording();
    await new BigQueryWarehouse(config, {}, runner).sampleValues('sales', 'orders', 'a`b', 5);
    expect(requests[0]?.query).toBe(
      'SELECT `a\\`b` AS v FROM `acme-analytics`.`sales`.`orders` WHERE `a\\`b` IS NOT NULL GROUP BY v ORDER BY COUNT(*) DESC, v LIMIT 5',
    );
  });

  it('cuts results at maxRows and reports truncation', async () => {
    const { runner } = recording([
      { columns: [{ name: 'n', type: 'INT64' }], rows: [[1], [2], [3]], totalRows: 3000 },
    ]);
    const r = await new BigQueryWarehouse(config, {}, runner).query('SELECT n FROM t', { maxRows: 2 });
    expect(r.rows).toEqual([[1], [2]]);
    expect(r.truncated).toBe(true);
  });

  it('never sends a write to BigQuery', async () => {
    const { runner, requests } = recording();
    await expect(
      new BigQueryWarehouse(config, {}, runner).query('UPDATE t SET a = 1 WHERE true'),
    ).rejects.toThrow(/read-only/);
    expect(requests).toHaveLength(0);
  });
});

describe('BigQuery credentials', () => {
  it('uses application default credentials for adc', () => {
    expect(buildCredentials({ method: 'adc' })).toBeUndefined();
  });

  it('checks a service-account key file', () => {
    const key = {
      type: 'service_account',
      client_email: 'x@acme.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\n',
    };
    expect(buildCredentials({ method: 'service_account', keyFile: JSON.stringify(key) })).toEqual(key);
    expect(() => buildCredentials({ method: 'service_account', keyFile: '{nope' })).toThrow(
      'the credentials key file is not valid JSON',
    );
    expect(() =>
      buildCredentials({ method: 'service_account', keyFile: '{"type":"authorized_user"}' }),
    ).toThrow(/not a service account key/);
  });

  it('builds workload identity federation configs per provider', () => {
    const wif = {
      method: 'wif' as const,
      poolId: 'projects/123/locations/global/workloadIdentityPools/ci/providers/gh',
      serviceAccountEmail: 'reader@acme.iam.gserviceaccount.com',
    };
    const aws = buildCredentials({ ...wif, provider: 'aws' })!;
    expect(aws).toMatchObject({
      type: 'external_account',
      audience: '//iam.googleapis.com/projects/123/locations/global/workloadIdentityPools/ci/providers/gh',
      subject_token_type: 'urn:ietf:params:aws:token-type:aws4_request',
      service_account_impersonation_url:
        'https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/reader%40acme.iam.gserviceaccount.com:generateAccessToken',
    });
    expect(buildCredentials({ ...wif, provider: 'azure' })).toMatchObject({
      credential_source: { headers: { Metadata: 'True' } },
    });
    expect(() => buildCredentials({ ...wif, provider: 'github' }, { tokenFile: '/t' })).toThrow(
      /GitHub Actions OIDC token/,
    );
    const gh = buildCredentials(
      { ...wif, provider: 'github' },
      { githubTokenUrl: 'https://gh/token?x=1', githubToken: 't', tokenFile: '/t' },
    )!;
    expect((gh.credential_source as { url: string }).url).toMatch(/^https:\/\/gh\/token\?x=1&audience=/);
    expect(
      buildCredentials(
        { ...wif, provider: 'other', audience: '//iam.googleapis.com/custom' },
        { tokenFile: '/t' },
      ),
    ).toMatchObject({
      audience: '//iam.googleapis.com/custom',
      credential_source: { file: '/t' },
    });
    expect(() => buildCredentials({ ...wif, poolId: 'ci', provider: 'other' })).toThrow(/needs an audience/);
  });

  it('builds a real client without touching the network', () => {
    expect(() => new GoogleBigQueryRunner(config)).not.toThrow();
  });

  it('dry-runs first and refuses any statement type but SELECT', async () => {
    const jobs: Record<string, unknown>[] = [];
    const fakeClient = (statementType: string) => ({
      async createQueryJob(options: Record<string, unknown>) {
        jobs.push(options);
        const job = {
          metadata: { statistics: { query: { statementType } } },
          async getQueryResults() {
            return [
              [{ region: 'EU', day: { value: '2026-01-02' } }],
              null,
              {
                schema: {
                  fields: [
                    { name: 'region', type: 'STRING' },
                    { name: 'day', type: 'DATE' },
                  ],
                },
                totalRows: '1',
              },
            ];
          },
        };
        return [job];
      },
    });
    const ok = new GoogleBigQueryRunner(config, fakeClient('SELECT') as never);
    const request = buildQueryRequest(config, 'SELECT region, day FROM t WHERE a = ?', {
      params: [1],
      maxRows: 10,
    });
    expect(await ok.run(request)).toEqual({
      columns: [
        { name: 'region', type: 'STRING' },
        { name: 'day', type: 'DATE' },
      ],
      rows: [['EU', '2026-01-02']],
      totalRows: 1,
    });
    expect(jobs.map((j) => j.dryRun)).toEqual([true, undefined]);
    expect(jobs[1]).not.toHaveProperty('maxResults');
    jobs.length = 0;
    const sneaky = new GoogleBigQueryRunner(config, fakeClient('SCRIPT') as never);
    await expect(sneaky.run(request)).rejects.toThrow(
      'the query was refused: this connection is read-only (statement type SCRIPT)',
    );
    expect(jobs).toHaveLength(1);
  });
});

describe('BigQuery responses', () => {
  it('unwraps BigQuery value objects', () => {
    expect(bigQueryValue({ value: '2026-01-31' })).toBe('2026-01-31');
    expect(bigQueryValue(12n)).toBe(12);
    expect(bigQueryValue('x')).toBe('x');
  });

  it('maps errors to kinds users can act on', () => {
    expect(
      bigQueryError({ code: 403, message: 'Access Denied: permission bigquery.jobs.create' }, 1000).kind,
    ).toBe('auth');
    expect(
      bigQueryError({ message: 'Job timed out after 1s', errors: [{ reason: 'timeout' }] }, 1000).message,
    ).toBe('the query was stopped after 1000 ms (job timeout)');
    expect(bigQueryError({ message: 'getaddrinfo ENOTFOUND bigquery.googleapis.com' }, 1000).kind).toBe(
      'connect',
    );
    expect(bigQueryError({ code: 404, message: 'Not found: Dataset acme:nope' }, 1000).kind).toBe(
      'not_found',
    );
  });
});
