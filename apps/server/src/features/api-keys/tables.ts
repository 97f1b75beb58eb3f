import type { TApiKeyPermission } from '@catalyst/contracts';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface ApiKeysTable {
  id: Generated<number>;
  org_id: number;
  created_by: number;
  name: string;
  /** The start of the key, shown in lists and logs. */
  prefix: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string;
  permissions: ColumnType<TApiKeyPermission[], string, string>;
  rate_limit: number;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** bigint: node-postgres returns it as a string. */
  request_count: ColumnType<string | number, number | undefined, number>;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
  created_at: Timestamp;
}

interface ApiRateWindowsTable {
  key_id: number;
  /** '*' for the key as a whole, else the endpoint id. */
  endpoint: string;
  window_start: Date;
  count: number;
}

interface ApiRequestLogsTable {
  id: Generated<string>;
  org_id: number;
  key_id: number | null;
  key_masked: string;
  method: string;
  endpoint: string;
  status: number;
  response_ms: number;
  ip: string;
  created_at: Timestamp;
}

interface ApiEndpointSettingsTable {
  org_id: number;
  endpoint_id: string;
  enabled: boolean;
  updated_by: number | null;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    api_keys: ApiKeysTable;
    api_rate_windows: ApiRateWindowsTable;
    api_request_logs: ApiRequestLogsTable;
    api_endpoint_settings: ApiEndpointSettingsTable;
  }
}
