import fs from 'node:fs';
import type { Warehouse } from '@catalyst/engine';
import type { TConnection, TConnectionInput, TCsvFile, TSupportedDbType } from './contracts';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { WarehouseError } from '../../warehouses/common';
import { admitToSource, assertCanChangeSource, auditedWarehouse } from '../access';
import { dropTable } from './csv-load';
import * as repo from './repo';
import type { ConnectionMetadata, ConnectionRow, ConnectionSecrets } from './tables';
import { warehouseFor, type ConnectionSettings } from './warehouse-factory';

export const SUPPORTED_DB_TYPES: TSupportedDbType[] = [
  { connectionName: 'flat_files', displayName: 'CSV Files', connectionType: 'File Source' },
  { connectionName: 'postgresql', displayName: 'PostgreSQL', connectionType: 'Database' },
  { connectionName: 'mysql', displayName: 'MySQL / MariaDB', connectionType: 'Database' },
  { connectionName: 'bigquery', displayName: 'Google BigQuery', connectionType: 'Data Warehouse' },
  { connectionName: 'api', displayName: 'HTTP JSON API', connectionType: 'API' },
];

interface Caller {
  orgId: number;
  userId: number;
}

const context = (orgId: number) => `org:${orgId}`;

function readSecrets(deps: Deps, row: Pick<ConnectionRow, 'org_id' | 'secret'>): ConnectionSecrets {
  if (!row.secret) return {};
  try {
    return JSON.parse(deps.secretBox.open(row.secret, context(row.org_id))) as ConnectionSecrets;
  } catch (err) {
    throw new AppError(
      'CONFLICT',
      `The stored credentials of this data source cannot be read: ${(err as Error).message}`,
    );
  }
}

function sealSecrets(deps: Deps, orgId: number, secrets: ConnectionSecrets): string | null {
  const present = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(present).length ? deps.secretBox.seal(JSON.stringify(present), context(orgId)) : null;
}

/** The list item of spec 3 §3: never a secret, only `has_credentials`. */
function toConnection(row: ConnectionRow): TConnection {
  const m = row.metadata ?? {};
  const out: TConnection = {
    conn_id: row.id,
    conn_name: row.name,
    host: row.host,
    port: row.port,
    db_name: row.db_name,
    user_name: row.user_name,
    db_type: row.db_type,
    connection_metadata: { ...m },
    has_credentials: row.secret !== null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (row.db_type === 'api')
    Object.assign(out, { type: 'api' as const, apiType: m.apiType, baseUrl: m.baseUrl });
  return out;
}

export async function listConnections(deps: Deps, caller: Caller): Promise<TConnection[]> {
  return (await repo.listConnections(deps.db, caller.orgId)).map(toConnection);
}

async function ownConnection(deps: Deps, orgId: number, connId: number): Promise<ConnectionRow> {
  const row = await repo.findConnection(deps.db, orgId, connId);
  if (!row) throw notFound('The data source');
  return row;
}

function settingsOf(input: TConnectionInput): {
  values: Omit<repo.ConnectionValues, 'secret'>;
  metadata: ConnectionMetadata;
} {
  const isDb = input.db_type === 'postgresql' || input.db_type === 'mysql';
  const metadata: ConnectionMetadata = {};
  if (isDb && input.ssl !== undefined) metadata.ssl = input.ssl;
  if (input.db_type === 'bigquery') {
    Object.assign(metadata, {
      auth_method: input.auth_method ?? 'adc',
      project_id: input.project_id,
      default_dataset: input.default_dataset,
      location: input.location ?? 'US',
    });
    if (input.auth_method === 'wif')
      Object.assign(metadata, {
        federated_provider: input.federated_provider,
        workload_identity_pool_id: input.workload_identity_pool_id,
        service_account_email: input.service_account_email,
        audience: input.audience,
      });
  }
  if (input.db_type === 'api') Object.assign(metadata, { apiType: input.apiType, baseUrl: input.baseUrl });
  for (const k of Object.keys(metadata) as (keyof ConnectionMetadata)[])
    if (metadata[k] === undefined) delete metadata[k];
  return {
    metadata,
    values: {
      name: input.conn_name,
      db_type: input.db_type,
      host: isDb ? input.host! : null,
      port: isDb ? input.port! : null,
      db_name: isDb ? input.db_name! : input.db_type === 'bigquery' ? (input.default_dataset ?? null) : null,
      user_name: isDb ? input.user_name! : null,
      metadata,
    },
  };
}

/** Secrets of the input, falling back to the stored ones the form left empty (edit). */
function secretsOf(input: TConnectionInput, stored: ConnectionSecrets): ConnectionSecrets {
  switch (input.db_type) {
    case 'postgresql':
    case 'mysql':
      return { password: input.password ?? stored.password };
    case 'api':
      return { apiKey: input.apiKey ?? stored.apiKey };
    case 'bigquery':
      return (input.auth_method ?? 'adc') === 'service_account'
        ? { keyFile: input.credentials_file ?? stored.keyFile }
        : {};
    default:
      return {};
  }
}

function requireSecrets(input: TConnectionInput, secrets: ConnectionSecrets): void {
  if (input.db_type === 'api' && !secrets.apiKey)
    throw new AppError('VALIDATION_FAILED', 'The API key is required.');
  if (input.db_type === 'bigquery' && (input.auth_method ?? 'adc') === 'service_account' && !secrets.keyFile)
    throw new AppError(
      'VALIDATION_FAILED',
      'A service account key file (.json) is required for the service_account auth method.',
    );
}

/** Connects with the given settings and closes again; a failure is an error the user can act on. */
async function testConnection(
  deps: Deps,
  settings: ConnectionSettings,
  secrets: ConnectionSecrets,
): Promise<void> {
  if (settings.db_type === 'flat_files') return;
  const wh = warehouseFor(settings, secrets, {
    files: deps.dataSources.files,
    limits: { defaultTimeoutMs: 15_000 },
    outbound: deps.outbound.policy,
    fetch: deps.outbound.fetch,
    workloadIdentity: deps.config.workloadIdentity,
  });
  try {
    await wh.testConnection?.();
  } catch (err) {
    if (err instanceof WarehouseError)
      throw new AppError('BAD_REQUEST', `The connection test failed: ${err.message}`);
    throw err;
  } finally {
    await wh.close().catch(() => undefined);
  }
}

async function assertNameFree(deps: Deps, orgId: number, name: string, exceptId?: number): Promise<void> {
  const other = await repo.findConnectionByName(deps.db, orgId, name);
  if (other && other.id !== exceptId)
    throw new AppError('CONFLICT', `A data source named "${name}" already exists. Choose another name.`);
}

export async function addConnection(
  deps: Deps,
  caller: Caller,
  input: TConnectionInput,
): Promise<TConnection> {
  await assertNameFree(deps, caller.orgId, input.conn_name);
  const { values, metadata } = settingsOf(input);
  const secrets = secretsOf(input, {});
  requireSecrets(input, secrets);
  await testConnection(deps, { ...values, metadata, org_id: caller.orgId, id: null }, secrets);
  try {
    const row = await repo.insertConnection(deps.db, caller.orgId, caller.userId, {
      ...values,
      secret: sealSecrets(deps, caller.orgId, secrets),
    });
    return toConnection(row);
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError(
        'CONFLICT',
        `A data source named "${input.conn_name}" already exists. Choose another name.`,
      );
    throw err;
  }
}

export async function updateConnection(
  deps: Deps,
  caller: Caller,
  connId: number,
  input: TConnectionInput,
): Promise<TConnection> {
  const row = await ownConnection(deps, caller.orgId, connId);
  await assertCanChangeSource(deps, { orgId: caller.orgId, connId: row.id, userId: caller.userId });
  if ((row.db_type === 'flat_files') !== (input.db_type === 'flat_files'))
    throw new AppError(
      'BAD_REQUEST',
      row.db_type === 'flat_files'
        ? 'A CSV data source cannot become another type.'
        : 'This data source cannot become a CSV data source.',
    );
  if (row.db_type === 'flat_files' && input.conn_name !== row.name)
    throw new AppError('BAD_REQUEST', 'The name of a CSV data source cannot be changed.');
  await assertNameFree(deps, caller.orgId, input.conn_name, row.id);
  const { values, metadata } = settingsOf(input);
  const secrets = secretsOf(input, row.db_type === input.db_type ? readSecrets(deps, row) : {});
  requireSecrets(input, secrets);
  if (row.db_type === 'flat_files') metadata.selectedSchemas = row.metadata?.selectedSchemas;
  await testConnection(deps, { ...values, metadata, org_id: caller.orgId, id: row.id }, secrets);
  const updated = await repo.updateConnection(
    deps.db,
    caller.orgId,
    row.id,
    { ...values, metadata, secret: sealSecrets(deps, caller.orgId, secrets) },
    deps.now(),
  );
  if (!updated) throw notFound('The data source');
  await deps.dataSources.warehouses.evict(row.id);
  return toConnection(updated);
}

export async function deleteConnection(deps: Deps, caller: Caller, connId: number): Promise<void> {
  const row = await ownConnection(deps, caller.orgId, connId);
  await assertCanChangeSource(deps, { orgId: caller.orgId, connId: row.id, userId: caller.userId });
  const pending = row.db_type === 'flat_files' ? await repo.listCsvFiles(deps.db, caller.orgId, row.id) : [];
  await repo.deleteConnection(deps.db, caller.orgId, row.id);
  await deps.dataSources.warehouses.evict(row.id);
  if (row.db_type === 'flat_files') {
    await deps.dataSources.files.remove(caller.orgId, row.id);
    for (const f of pending) if (f.upload_path) await fs.promises.rm(f.upload_path, { force: true });
  }
}

/**
 * The read-only warehouse of a connection of the caller's organisation, for the other
 * features (use cases, the engine). The caller closes it.
 */
export async function openWarehouse(
  deps: Deps,
  options: { orgId: number; connId: number; timeoutMs?: number; maxRows?: number },
): Promise<Warehouse> {
  const row = await ownConnection(deps, options.orgId, options.connId);
  const ctx = deps.dataSources;
  const open = () =>
    warehouseFor({ ...row, metadata: row.metadata ?? {} }, readSecrets(deps, row), {
      files: ctx.files,
      limits: { defaultTimeoutMs: options.timeoutMs, defaultMaxRows: options.maxRows },
      outbound: deps.outbound.policy,
      fetch: deps.outbound.fetch,
      workloadIdentity: deps.config.workloadIdentity,
    });
  // Pools of database connections are shared; an HTTP API is fetched afresh on each open, and
  // File Sources are shared by their own store.
  const pooled = row.db_type === 'postgresql' || row.db_type === 'mysql' || row.db_type === 'bigquery';
  if (!pooled || options.timeoutMs !== undefined || options.maxRows !== undefined) return open();
  return ctx.warehouses.get(row.id, new Date(row.updated_at).toISOString(), open);
}

/** Maps an adapter failure to an answer: the data source, not the request, is at fault. */
function warehouseFailure(err: unknown): never {
  if (err instanceof WarehouseError) {
    if (err.kind === 'not_found') throw new AppError('NOT_FOUND', err.message);
    throw new AppError('UPSTREAM_FAILED', `The data source could not be read: ${err.message}`);
  }
  throw err;
}

export async function listSchemas(deps: Deps, caller: Caller, connId: number): Promise<string[]> {
  // Opened here, not through deps.warehouses (it needs its own timeout): the same door, though.
  await ownConnection(deps, caller.orgId, connId);
  const access = await admitToSource(deps, {
    orgId: caller.orgId,
    connId,
    actor: { kind: 'user', userId: caller.userId },
  });
  const opened = await openWarehouse(deps, { orgId: caller.orgId, connId, timeoutMs: 20_000 });
  const wh = access.audit ? auditedWarehouse(deps, opened, access.audit) : opened;
  try {
    return await wh.listSchemas();
  } catch (err) {
    return warehouseFailure(err);
  } finally {
    await wh.close().catch(() => undefined);
  }
}

function toCsvFile(row: repo.CsvFileWithUser): TCsvFile {
  return {
    file_id: row.id,
    conn_id: row.conn_id,
    file_name: row.file_name,
    table_name: row.table_name,
    file_row_count: row.row_count === null ? null : Number(row.row_count),
    size_bytes: Number(row.size_bytes),
    uploaded_at: new Date(row.uploaded_at).toISOString(),
    uploaded_by: row.uploaded_by_name,
    status: row.status === 'Completed' ? 'UPLOADED' : row.status === 'Failed' ? 'FAILED' : 'PROCESSING',
    error: row.error,
    is_deleted: row.is_deleted ? 1 : 0,
  };
}

export async function listCsvFiles(deps: Deps, caller: Caller, connId: number): Promise<TCsvFile[]> {
  await ownConnection(deps, caller.orgId, connId);
  return (await repo.listCsvFiles(deps.db, caller.orgId, connId)).map(toCsvFile);
}

export async function deleteCsvFile(deps: Deps, caller: Caller, fileId: number): Promise<void> {
  const file = await repo.findCsvFile(deps.db, caller.orgId, fileId);
  if (!file) throw notFound('The file');
  await assertCanChangeSource(deps, { orgId: caller.orgId, connId: file.conn_id, userId: caller.userId });
  await repo.markCsvDeleted(deps.db, caller.orgId, fileId);
  if (file.upload_path) await fs.promises.rm(file.upload_path, { force: true });
  // A file still loading drops its own table when its load ends (see ingest.ts).
  if (file.status === 'Completed')
    await deps.dataSources.files.exclusive(caller.orgId, file.conn_id, (dbFile) =>
      dropTable(dbFile, file.table_name),
    );
  await repo.touchConnection(deps.db, caller.orgId, file.conn_id, deps.now());
}
