import type { ColumnType, Generated, Selectable } from 'kysely';
import type { TDbType } from './contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface DataConnectionsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  db_type: TDbType;
  host: string | null;
  port: number | null;
  db_name: string | null;
  user_name: string | null;
  metadata: ColumnType<ConnectionMetadata, string, string>;
  secret: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Created by an upload whose files have not loaded yet; removed again when they all fail. */
  first_load_pending: ColumnType<boolean, boolean | undefined, boolean>;
}

export type CsvStatus = 'Queued' | 'Processing' | 'Completed' | 'Failed';

interface CsvFilesTable {
  id: Generated<number>;
  org_id: number;
  conn_id: number;
  file_name: string;
  table_name: string;
  size_bytes: ColumnType<number, number, number>;
  row_count: number | null;
  status: CsvStatus;
  error: string | null;
  upload_path: string | null;
  uploaded_by: number | null;
  uploaded_at: Timestamp;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  is_deleted: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Non-secret settings of a connection (stored as jsonb). */
export interface ConnectionMetadata {
  auth_method?: 'adc' | 'wif' | 'service_account';
  project_id?: string;
  default_dataset?: string;
  location?: string;
  federated_provider?: 'github' | 'aws' | 'azure' | 'other';
  workload_identity_pool_id?: string;
  service_account_email?: string;
  audience?: string;
  apiType?: string;
  baseUrl?: string;
  ssl?: boolean;
  selectedSchemas?: string[];
}

/** Secrets of a connection, sealed together as one JSON object. */
export interface ConnectionSecrets {
  password?: string;
  apiKey?: string;
  keyFile?: string;
}

declare module '../../db/schema' {
  interface Database {
    data_connections: DataConnectionsTable;
    csv_files: CsvFilesTable;
  }
}

export type ConnectionRow = Selectable<DataConnectionsTable>;
export type CsvFileRow = Selectable<CsvFilesTable>;
