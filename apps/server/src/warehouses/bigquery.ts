import { BigQuery, type Query } from '@google-cloud/bigquery';
import type {
  ForeignKey,
  QueryOptions,
  QueryResult,
  Warehouse,
  WarehouseColumn,
  WarehouseTable,
} from '@catalyst/engine';
import {
  DEFAULT_MAX_ROWS,
  DEFAULT_TIMEOUT_MS,
  WarehouseError,
  clampRows,
  clampTimeout,
  plainValue,
  type QueryLimits,
} from './common';

export type BigQueryAuth =
  | { method: 'adc' }
  | { method: 'service_account'; keyFile: string }
  | {
      method: 'wif';
      provider: 'github' | 'aws' | 'azure' | 'other';
      poolId: string;
      serviceAccountEmail: string;
      audience?: string;
    };

/** Where workload identity federation finds the platform's token (the server's config, from env). */
export interface WorkloadIdentitySource {
  /** GitHub Actions' OIDC token endpoint and its bearer token (set by the runner). */
  githubTokenUrl?: string;
  githubToken?: string;
  /** The token file of other providers (e.g. a Kubernetes projected service account token). */
  tokenFile: string;
}

const DEFAULT_WIF_TOKEN_FILE = '/var/run/secrets/tokens/gcp-ksa/token';

export interface BigQuerySourceConfig {
  projectId: string;
  location: string;
  defaultDataset?: string;
  auth: BigQueryAuth;
  workloadIdentity?: WorkloadIdentitySource;
  /** Refuse queries that would scan more than this (BigQuery's maximumBytesBilled). */
  maximumBytesBilled?: number;
}

/** One query job as sent to BigQuery; built by `buildQueryRequest`, run by a `BigQueryRunner`. */
export interface BigQueryJobRequest {
  query: string;
  params?: unknown[];
  types?: string[];
  location: string;
  useLegacySql: false;
  defaultDataset?: { projectId: string; datasetId: string };
  jobTimeoutMs: number;
  maxResults: number;
  maximumBytesBilled?: string;
  labels: Record<string, string>;
}

export interface BigQueryRunResult {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  totalRows: number;
}

/** The network half, replaceable in tests (BigQuery cannot be reached from the test machines). */
export interface BigQueryRunner {
  run(request: BigQueryJobRequest): Promise<BigQueryRunResult>;
  close?(): Promise<void>;
}

const quoteBq = (id: string): string => `\`${id.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;

/** `region-us`, `region-europe-west2`: the qualifier of region-wide INFORMATION_SCHEMA views. */
const regionQualifier = (location: string): string => `region-${location.trim().toLowerCase()}`;

/**
 * BigQuery has no read-only transaction, so the statement itself is checked: exactly one
 * statement that starts with SELECT or WITH. The runner also dry-runs it and refuses any
 * statement type other than SELECT, and the documented credentials are read-only roles.
 */
export function assertReadOnlyStatement(sql: string): void {
  const stripped = stripCommentsAndStrings(sql).trim().replace(/;\s*$/, '');
  if (stripped.includes(';'))
    throw new WarehouseError('read_only', 'the query was refused: only one statement may be run');
  if (!/^\(*\s*(select|with)\b/i.test(stripped))
    throw new WarehouseError(
      'read_only',
      'the query was refused: this connection is read-only (only SELECT statements may run)',
    );
}

function stripCommentsAndStrings(sql: string): string {
  return sql
    .replace(/("""[\s\S]*?"""|'''[\s\S]*?'''|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`)/g, "''")
    .replace(/--[^\n]*|#[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ');
}

/** Builds the job request of one query: read-only check, positional parameters, limits. */
export function buildQueryRequest(
  config: BigQuerySourceConfig,
  sql: string,
  options: QueryOptions & QueryLimits = {},
): BigQueryJobRequest {
  assertReadOnlyStatement(sql);
  const maxRows = clampRows(options.maxRows, options.defaultMaxRows ?? DEFAULT_MAX_ROWS);
  const timeoutMs = clampTimeout(options.timeoutMs, options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  const request: BigQueryJobRequest = {
    query: sql,
    location: config.location,
    useLegacySql: false,
    jobTimeoutMs: timeoutMs,
    maxResults: maxRows + 1,
    labels: { source: 'catalyst' },
  };
  if (options.params?.length) {
    request.params = options.params.map((p) => (p instanceof Date ? p.toISOString() : p));
    // BigQuery cannot infer the type of a NULL parameter; every other type is inferred.
    if (options.params.some((p) => p === null || p === undefined)) {
      request.types = options.params.map((p) => paramType(p));
      request.params = request.params.map((p) => (p === undefined ? null : p));
    }
  }
  if (config.defaultDataset)
    request.defaultDataset = { projectId: config.projectId, datasetId: config.defaultDataset };
  if (config.maximumBytesBilled) request.maximumBytesBilled = String(config.maximumBytesBilled);
  return request;
}

function paramType(p: unknown): string {
  if (typeof p === 'number') return Number.isInteger(p) ? 'INT64' : 'FLOAT64';
  if (typeof p === 'bigint') return 'INT64';
  if (typeof p === 'boolean') return 'BOOL';
  if (p instanceof Date) return 'TIMESTAMP';
  return 'STRING';
}

/** The `credentials` option of the BigQuery client for each auth method (undefined: ADC). */
export function buildCredentials(
  auth: BigQueryAuth,
  identity: WorkloadIdentitySource = { tokenFile: DEFAULT_WIF_TOKEN_FILE },
): Record<string, unknown> | undefined {
  if (auth.method === 'adc') return undefined;
  if (auth.method === 'service_account') {
    let key: Record<string, unknown>;
    try {
      key = JSON.parse(auth.keyFile) as Record<string, unknown>;
    } catch {
      throw new WarehouseError('auth', 'the credentials key file is not valid JSON');
    }
    if (
      key.type !== 'service_account' ||
      typeof key.client_email !== 'string' ||
      typeof key.private_key !== 'string'
    )
      throw new WarehouseError(
        'auth',
        'the credentials key file is not a service account key (it needs type "service_account", client_email and private_key)',
      );
    // Only the identity: a key file's token_uri, universe_domain or other endpoints would point the
    // Google client at a host the user chose (SSRF); it always talks to Google's own endpoints.
    const identity = ['type', 'project_id', 'private_key_id', 'private_key', 'client_email', 'client_id'];
    return Object.fromEntries(Object.entries(key).filter(([k]) => identity.includes(k)));
  }
  const audience =
    auth.audience?.trim() ||
    (auth.poolId.startsWith('projects/') ? `//iam.googleapis.com/${auth.poolId}` : undefined);
  if (!audience)
    throw new WarehouseError(
      'auth',
      'workload identity federation needs an audience, or a pool id written as the full provider resource name (projects/…/providers/…)',
    );
  const base = {
    type: 'external_account',
    audience,
    token_url: 'https://sts.googleapis.com/v1/token',
    service_account_impersonation_url: `https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/${encodeURIComponent(auth.serviceAccountEmail)}:generateAccessToken`,
  };
  const jwt = 'urn:ietf:params:oauth:token-type:jwt';
  switch (auth.provider) {
    case 'aws':
      return {
        ...base,
        subject_token_type: 'urn:ietf:params:aws:token-type:aws4_request',
        credential_source: {
          environment_id: 'aws1',
          region_url: 'http://169.254.169.254/latest/meta-data/placement/availability-zone',
          url: 'http://169.254.169.254/latest/meta-data/iam/security-credentials',
          regional_cred_verification_url:
            'https://sts.{region}.amazonaws.com?Action=GetCallerIdentity&Version=2011-06-15',
        },
      };
    case 'azure':
      return {
        ...base,
        subject_token_type: jwt,
        credential_source: {
          url: 'http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=api://AzureADTokenExchange',
          headers: { Metadata: 'True' },
          format: { type: 'json', subject_token_field_name: 'access_token' },
        },
      };
    case 'github': {
      const url = identity.githubTokenUrl;
      const token = identity.githubToken;
      if (!url || !token)
        throw new WarehouseError(
          'auth',
          'GitHub workload identity needs a GitHub Actions OIDC token (ACTIONS_ID_TOKEN_REQUEST_URL and _TOKEN are not set)',
        );
      return {
        ...base,
        subject_token_type: jwt,
        credential_source: {
          url: `${url}&audience=${encodeURIComponent(`https:${audience}`)}`,
          headers: { Authorization: `Bearer ${token}` },
          format: { type: 'json', subject_token_field_name: 'value' },
        },
      };
    }
    default:
      return {
        ...base,
        subject_token_type: jwt,
        credential_source: { file: identity.tokenFile },
      };
  }
}

/** Runs jobs with @google-cloud/bigquery: a free dry run checks the statement type first. */
export class GoogleBigQueryRunner implements BigQueryRunner {
  private readonly client: Pick<BigQuery, 'createQueryJob'>;

  /** `client` replaces the real BigQuery client in tests. */
  constructor(config: BigQuerySourceConfig, client?: Pick<BigQuery, 'createQueryJob'>) {
    this.client =
      client ??
      new BigQuery({
        projectId: config.projectId,
        location: config.location,
        credentials: buildCredentials(config.auth, config.workloadIdentity) as never,
      });
  }

  async run(request: BigQueryJobRequest): Promise<BigQueryRunResult> {
    const { maxResults, ...job } = request;
    try {
      const [dry] = await this.client.createQueryJob({ ...(job as Query), dryRun: true });
      const statementType = dry.metadata?.statistics?.query?.statementType;
      if (statementType && statementType !== 'SELECT')
        throw new WarehouseError(
          'read_only',
          `the query was refused: this connection is read-only (statement type ${statementType})`,
        );
      const [created] = await this.client.createQueryJob(job as Query);
      const [rows, , response] = await created.getQueryResults({
        maxResults,
        autoPaginate: false,
        timeoutMs: request.jobTimeoutMs,
      });
      const fields = (response?.schema?.fields ?? []) as { name: string; type: string }[];
      return {
        columns: fields.map((f) => ({ name: f.name, type: f.type })),
        rows: (rows as Record<string, unknown>[]).map((r) => fields.map((f) => bigQueryValue(r[f.name]))),
        totalRows: Number(response?.totalRows ?? rows.length),
      };
    } catch (err) {
      if (err instanceof WarehouseError) throw err;
      throw bigQueryError(err, request.jobTimeoutMs);
    }
  }
}

/** BigQuery wraps DATE, TIMESTAMP, NUMERIC… in objects with a `value`. */
export function bigQueryValue(v: unknown): unknown {
  if (v && typeof v === 'object' && 'value' in v) return (v as { value: unknown }).value;
  return plainValue(v);
}

export function bigQueryError(err: unknown, timeoutMs: number): WarehouseError {
  const e = err as { code?: number | string; message?: string; errors?: { reason?: string }[] };
  const reason = e.errors?.[0]?.reason;
  if (reason === 'timeout' || /timed? ?out|deadline/i.test(e.message ?? ''))
    return new WarehouseError('timeout', `the query was stopped after ${timeoutMs} ms (job timeout)`);
  if (e.code === 401 || e.code === 403 || /credential|permission|unauthori[sz]ed/i.test(e.message ?? ''))
    return new WarehouseError('auth', `BigQuery refused the credentials: ${e.message}`);
  if (e.code === 404 || reason === 'notFound')
    return new WarehouseError('not_found', e.message ?? 'not found');
  if (/ENOTFOUND|ECONNREFUSED|EAI_AGAIN|getaddrinfo/.test(e.message ?? ''))
    return new WarehouseError(
      'connect',
      'could not reach BigQuery (bigquery.googleapis.com): no network route',
    );
  return new WarehouseError('query', e.message ?? 'the BigQuery job failed');
}

/**
 * BigQuery (datasets are the schemas). Metadata comes from INFORMATION_SCHEMA; every
 * statement goes through `buildQueryRequest` (read-only check, parameters, row and time limits).
 */
export class BigQueryWarehouse implements Warehouse {
  readonly dialect = 'bigquery' as const;
  private readonly runner: BigQueryRunner;

  constructor(
    private readonly config: BigQuerySourceConfig,
    private readonly limits: QueryLimits = {},
    runner?: BigQueryRunner,
  ) {
    this.runner = runner ?? new GoogleBigQueryRunner(config);
  }

  private dataset(schema: string): string {
    return `${quoteBq(this.config.projectId)}.${quoteBq(schema)}`;
  }

  async testConnection(): Promise<void> {
    await this.query('SELECT 1', { maxRows: 1, timeoutMs: 20_000 });
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    const request = buildQueryRequest(this.config, sql, { ...this.limits, ...options });
    const maxRows = request.maxResults - 1;
    const result = await this.runner.run(request);
    return {
      columns: result.columns,
      rows: result.rows.slice(0, maxRows),
      truncated: result.totalRows > maxRows || result.rows.length > maxRows,
    };
  }

  async listSchemas(): Promise<string[]> {
    const r = await this.query(
      `SELECT schema_name FROM ${quoteBq(this.config.projectId)}.${quoteBq(regionQualifier(this.config.location))}.INFORMATION_SCHEMA.SCHEMATA ORDER BY schema_name`,
      { maxRows: 100_000 },
    );
    return r.rows.map((row) => String(row[0]));
  }

  async listTables(schema: string): Promise<WarehouseTable[]> {
    const r = await this.query(
      `SELECT table_name FROM ${this.dataset(schema)}.INFORMATION_SCHEMA.TABLES WHERE table_type IN ('BASE TABLE', 'VIEW', 'MATERIALIZED VIEW', 'EXTERNAL') ORDER BY table_name`,
      { maxRows: 100_000 },
    );
    return r.rows.map((row) => ({ schema, name: String(row[0]), rowCount: null }));
  }

  async describeColumns(schema: string, table: string): Promise<WarehouseColumn[]> {
    const r = await this.query(
      `SELECT column_name, data_type, is_nullable FROM ${this.dataset(schema)}.INFORMATION_SCHEMA.COLUMNS WHERE table_name = ? ORDER BY ordinal_position`,
      { params: [table], maxRows: 100_000 },
    );
    return r.rows.map((row) => ({ name: String(row[0]), type: String(row[1]), nullable: row[2] === 'YES' }));
  }

  async listForeignKeys(schema: string): Promise<ForeignKey[]> {
    const ds = this.dataset(schema);
    const r = await this.query(
      `SELECT k.table_name, k.constraint_name, k.column_name, c.table_schema, c.table_name, c.column_name
         FROM ${ds}.INFORMATION_SCHEMA.TABLE_CONSTRAINTS t
         JOIN ${ds}.INFORMATION_SCHEMA.KEY_COLUMN_USAGE k ON k.constraint_name = t.constraint_name
         JOIN ${ds}.INFORMATION_SCHEMA.CONSTRAINT_COLUMN_USAGE c ON c.constraint_name = t.constraint_name
        WHERE t.constraint_type = 'FOREIGN KEY'
        ORDER BY k.table_name, k.constraint_name, k.ordinal_position`,
      { maxRows: 100_000 },
    );
    const byName = new Map<string, ForeignKey>();
    for (const [table, name, column, refSchema, refTable, refColumn] of r.rows as string[][]) {
      let fk = byName.get(`${table}.${name}`);
      if (!fk)
        byName.set(
          `${table}.${name}`,
          (fk = {
            schema,
            table: table!,
            columns: [],
            refSchema: refSchema!,
            refTable: refTable!,
            refColumns: [],
          }),
        );
      if (!fk.columns.includes(column!)) fk.columns.push(column!);
      if (!fk.refColumns.includes(refColumn!)) fk.refColumns.push(refColumn!);
    }
    return [...byName.values()];
  }

  async sampleValues(schema: string, table: string, column: string, limit: number): Promise<unknown[]> {
    const col = quoteBq(column);
    const r = await this.query(
      `SELECT ${col} AS v FROM ${this.dataset(schema)}.${quoteBq(table)} WHERE ${col} IS NOT NULL GROUP BY v ORDER BY COUNT(*) DESC, v LIMIT ${clampRows(limit, 20)}`,
    );
    return r.rows.map((row) => row[0]);
  }

  async close(): Promise<void> {
    await this.runner.close?.();
  }
}
