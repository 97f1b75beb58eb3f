import { z } from 'zod';

/**
 * Data sources (spec 3 §3, §5, §7; spec 2 §7 "Connections, schemas and tables"). The server
 * never sends a stored password, key file or API key back: responses carry `has_credentials`.
 */

export const DB_TYPES = ['postgresql', 'mysql', 'bigquery', 'api', 'flat_files'] as const;
export const ZDbType = z.enum(DB_TYPES).meta({ id: 'DbType' });
export type TDbType = z.infer<typeof ZDbType>;

export const CONNECTION_KINDS = ['File Source', 'Database', 'API', 'Data Warehouse'] as const;
export const ZSupportedDbType = z
  .object({ connectionName: ZDbType, displayName: z.string(), connectionType: z.enum(CONNECTION_KINDS) })
  .meta({ id: 'SupportedDbType' });
export type TSupportedDbType = z.infer<typeof ZSupportedDbType>;
export const ZSupportedDbTypes = z.array(ZSupportedDbType).meta({ id: 'SupportedDbTypes' });

export const AUTH_METHODS = ['adc', 'wif', 'service_account'] as const;
export const FEDERATED_PROVIDERS = ['github', 'aws', 'azure', 'other'] as const;
export const API_TYPES = ['custom'] as const;
/** The warehouse locations the form offers (spec 3 §9: US, EU and 22 regions; default US). */
export const BIGQUERY_LOCATIONS = [
  'US',
  'EU',
  'us-central1',
  'us-east1',
  'us-east4',
  'us-west1',
  'us-west2',
  'us-west3',
  'us-west4',
  'europe-north1',
  'europe-west1',
  'europe-west2',
  'europe-west3',
  'europe-west4',
  'europe-west6',
  'asia-east1',
  'asia-east2',
  'asia-northeast1',
  'asia-northeast2',
  'asia-northeast3',
  'asia-south1',
  'asia-southeast1',
  'asia-southeast2',
  'australia-southeast1',
] as const;
export const DEFAULT_MAX_CSV_FILES = 20;

// Forms send "" or null for fields they leave empty; both mean "not given".
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const text = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, `${label} is too long (${max} characters at most)`).optional(),
  );
const port = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'Port must be a whole number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .optional(),
);
const connId = z.coerce
  .number({ error: 'conn_id must be a connection id' })
  .int('conn_id must be a connection id')
  .positive('conn_id must be a connection id')
  .max(2_147_483_647, 'conn_id must be a connection id');

export const ZConnectionInput = z
  .object({
    conn_id: z.preprocess(blankToUndefined, connId.optional()),
    conn_name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name is too long (100 characters at most)'),
    db_type: z.enum(DB_TYPES, { error: `db_type must be one of ${DB_TYPES.join(', ')}` }),
    host: text(255, 'Hostname'),
    port,
    db_name: text(255, 'Database'),
    user_name: text(255, 'Username'),
    password: z.preprocess(
      blankToUndefined,
      z.string().max(1024, 'Password is too long (1024 characters at most)').optional(),
    ),
    ssl: z.boolean().optional(),
    // BigQuery-style warehouse (spec 3 §3)
    auth_method: z.preprocess(
      blankToUndefined,
      z.enum(AUTH_METHODS, { error: 'auth_method must be adc, wif or service_account' }).optional(),
    ),
    project_id: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^([a-z0-9.-]+:)?[a-z][a-z0-9-]{4,28}[a-z0-9]$/,
          'project_id is not a Google Cloud project id (e.g. acme-analytics)',
        )
        .optional(),
    ),
    default_dataset: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_]{1,1024}$/, 'default_dataset may use letters, digits and _')
        .optional(),
    ),
    location: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^(US|EU|[a-z]+(-[a-z]+)+\d+)$/, 'location must be US, EU or a region such as europe-west2')
        .optional(),
    ),
    credentials_file: z.preprocess(
      (v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : blankToUndefined(v)),
      z
        .string()
        .max(64 * 1024, 'The key file is too large (64 KB at most)')
        .optional(),
    ),
    federated_provider: z.preprocess(
      blankToUndefined,
      z
        .enum(FEDERATED_PROVIDERS, { error: 'federated_provider must be github, aws, azure or other' })
        .optional(),
    ),
    workload_identity_pool_id: text(512, 'Pool id'),
    service_account_email: z.preprocess(
      blankToUndefined,
      z.string().trim().email('service_account_email is not an e-mail address').optional(),
    ),
    audience: text(512, 'Audience'),
    // HTTP JSON API
    apiType: z.preprocess(
      blankToUndefined,
      z.enum(API_TYPES, { error: `apiType must be one of ${API_TYPES.join(', ')}` }).optional(),
    ),
    apiKey: z.preprocess(blankToUndefined, z.string().max(4096, 'API key is too long').optional()),
    baseUrl: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(2048, 'Base URL is too long')
        .url('Base URL must be a URL')
        .refine((u) => /^https?:\/\//i.test(u), 'Base URL must start with http:// or https://')
        .optional(),
    ),
  })
  .superRefine((c, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (ok === undefined || ok === '') ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (c.db_type === 'postgresql' || c.db_type === 'mysql') {
      need(c.host, 'host', 'Hostname is required');
      need(c.port, 'port', 'Port is required');
      need(c.db_name, 'db_name', 'Database is required');
      need(c.user_name, 'user_name', 'Username is required');
    } else if (c.db_type === 'bigquery') {
      need(c.project_id, 'project_id', 'project_id is required');
      need(c.location, 'location', 'location is required');
      if ((c.auth_method ?? 'adc') === 'wif') {
        need(
          c.federated_provider,
          'federated_provider',
          'federated_provider is required for workload identity federation',
        );
        need(
          c.workload_identity_pool_id,
          'workload_identity_pool_id',
          'workload_identity_pool_id is required for workload identity federation',
        );
        need(
          c.service_account_email,
          'service_account_email',
          'service_account_email is required for workload identity federation',
        );
      }
    } else if (c.db_type === 'api') {
      need(c.apiType, 'apiType', 'apiType is required');
      if (c.apiType === 'custom') need(c.baseUrl, 'baseUrl', 'Base URL is required for a custom API');
    }
  });
export type TConnectionInput = z.infer<typeof ZConnectionInput>;

export const ZConnection = z
  .object({
    conn_id: z.number().int(),
    conn_name: z.string(),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    db_name: z.string().nullable(),
    user_name: z.string().nullable(),
    db_type: ZDbType,
    connection_metadata: z.record(z.string(), z.unknown()),
    has_credentials: z.boolean(),
    type: z.literal('api').optional(),
    apiType: z.string().optional(),
    baseUrl: z.string().optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Connection' });
export type TConnection = z.infer<typeof ZConnection>;

export const ZConnectionList = z.object({ connections: z.array(ZConnection) }).meta({ id: 'ConnectionList' });
export type TConnectionList = z.infer<typeof ZConnectionList>;

export const ZConnectionSaved = z
  .object({
    status: z.literal('Success'),
    message: z.string(),
    conn_id: z.number().int(),
    connection: ZConnection,
  })
  .meta({ id: 'ConnectionSaved' });
export type TConnectionSaved = z.infer<typeof ZConnectionSaved>;

export const ZDeleteConnectionRequest = z.object({ conn_id: connId }).meta({ id: 'DeleteConnectionRequest' });
export type TDeleteConnectionRequest = z.infer<typeof ZDeleteConnectionRequest>;

export const ZDataSourceStatus = z
  .object({ status: z.literal('Success'), message: z.string() })
  .meta({ id: 'DataSourceStatus' });
export type TDataSourceStatus = z.infer<typeof ZDataSourceStatus>;

/**
 * The CSV limits the file picker enforces before uploading (spec 3 §5, §9): the organisation's
 * file cap, the size cap of one file, and how many live CSV files the organisation has now.
 */
export const ZRateLimits = z
  .object({
    limits: z.object({ max_csv_files: z.number().int(), max_upload_bytes: z.number().int() }),
    usage: z.object({ csv_files: z.number().int() }),
  })
  .meta({ id: 'RateLimits' });
export type TRateLimits = z.infer<typeof ZRateLimits>;

// Params and querystrings carry no component id: @fastify/swagger cannot resolve a $ref there.
export const ZConnIdParam = z.object({ connId });
export const ZSchemaList = z.array(z.string()).meta({ id: 'SchemaList' });

export const CSV_STATUSES = ['UPLOADED', 'PROCESSING', 'FAILED'] as const;
export const ZCsvFile = z
  .object({
    file_id: z.number().int(),
    conn_id: z.number().int(),
    file_name: z.string(),
    table_name: z.string(),
    file_row_count: z.number().int().nullable(),
    size_bytes: z.number().int(),
    uploaded_at: z.string(),
    uploaded_by: z.string().nullable(),
    /** UPLOADED once its table is loaded; PROCESSING while queued or loading; FAILED with `error`. */
    status: z.enum(CSV_STATUSES),
    error: z.string().nullable(),
    is_deleted: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'CsvFile' });
export type TCsvFile = z.infer<typeof ZCsvFile>;
export const ZCsvFileList = z.array(ZCsvFile).meta({ id: 'CsvFileList' });
export const ZCsvListQuery = z.object({ conn_id: connId });
export const ZFileIdParam = z.object({
  fileId: z.coerce
    .number({ error: 'fileId must be a file id' })
    .int('fileId must be a file id')
    .positive('fileId must be a file id')
    .max(2_147_483_647, 'fileId must be a file id'),
});

export const ZUploadCsvResponse = z
  .object({
    status: z.literal('Success'),
    conn_id: z.number().int(),
    files: z.array(z.object({ filename: z.string(), file_id: z.number().int() })),
  })
  .meta({ id: 'UploadCsvResponse' });
export type TUploadCsvResponse = z.infer<typeof ZUploadCsvResponse>;

/** One `data:` line of the progress stream; the stream ends after Completed or Failed. */
export const ZCsvProgressEvent = z
  .object({
    file_id: z.number().int(),
    status: z.enum(['Processing', 'Completed', 'Failed']),
    progress: z.number().min(0).max(100),
    error: z.string().optional(),
    row_count: z.number().int().optional(),
  })
  .meta({ id: 'CsvProgressEvent' });
export type TCsvProgressEvent = z.infer<typeof ZCsvProgressEvent>;
