import type { Warehouse } from '@catalyst/engine';
import { BigQueryWarehouse, type BigQueryAuth, type WorkloadIdentitySource } from '../../warehouses/bigquery';
import type { QueryLimits } from '../../warehouses/common';
import type { FileSourceStore } from '../../warehouses/file-source';
import { HttpApiWarehouse } from '../../warehouses/http-api';
import type { OutboundPolicy } from '../../lib/outbound';
import { MysqlWarehouse } from '../../warehouses/mysql';
import { PostgresWarehouse } from '../../warehouses/postgres';
import type { ConnectionMetadata, ConnectionSecrets } from './tables';

export interface ConnectionSettings {
  org_id: number;
  id: number | null;
  db_type: 'postgresql' | 'mysql' | 'bigquery' | 'api' | 'flat_files';
  host: string | null;
  port: number | null;
  db_name: string | null;
  user_name: string | null;
  metadata: ConnectionMetadata;
}

export type TestableWarehouse = Warehouse & { testConnection?(): Promise<void> };

export interface WarehouseEnvironment {
  files: FileSourceStore;
  limits?: QueryLimits;
  /** Where user-given hosts may point (SSRF). */
  outbound: OutboundPolicy;
  /** The app's fetch that keeps to that policy (deps.outbound.fetch), for HTTP API sources. */
  fetch: typeof fetch;
  workloadIdentity?: WorkloadIdentitySource;
}

/** The warehouse adapter of one connection (decrypted secrets in hand). */
export function warehouseFor(
  c: ConnectionSettings,
  secrets: ConnectionSecrets,
  { files, limits = {}, outbound, fetch, workloadIdentity }: WarehouseEnvironment,
): TestableWarehouse {
  const m = c.metadata;
  switch (c.db_type) {
    case 'postgresql':
      return new PostgresWarehouse(
        {
          host: c.host!,
          port: c.port!,
          database: c.db_name!,
          user: c.user_name!,
          password: secrets.password,
          ssl: m.ssl,
          outbound,
        },
        limits,
      );
    case 'mysql':
      return new MysqlWarehouse(
        {
          host: c.host!,
          port: c.port!,
          database: c.db_name!,
          user: c.user_name!,
          password: secrets.password,
          ssl: m.ssl,
          outbound,
        },
        limits,
      );
    case 'bigquery': {
      const method = m.auth_method ?? 'adc';
      const auth: BigQueryAuth =
        method === 'service_account'
          ? { method, keyFile: secrets.keyFile ?? '' }
          : method === 'wif'
            ? {
                method,
                provider: m.federated_provider ?? 'other',
                poolId: m.workload_identity_pool_id ?? '',
                serviceAccountEmail: m.service_account_email ?? '',
                audience: m.audience,
              }
            : { method: 'adc' };
      return new BigQueryWarehouse(
        {
          projectId: m.project_id!,
          location: m.location ?? 'US',
          defaultDataset: m.default_dataset,
          auth,
          workloadIdentity,
        },
        limits,
      );
    }
    case 'api':
      // The base URL is user input the server will call: only where the outbound policy allows (SSRF).
      return new HttpApiWarehouse({ baseUrl: m.baseUrl!, apiKey: secrets.apiKey }, limits, fetch);
    case 'flat_files':
      if (c.id === null) throw new Error('a File Source has no warehouse before it is saved');
      return files.warehouse(c.org_id, c.id);
  }
}
