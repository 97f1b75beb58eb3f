import type { TConnectionTest, TMcpTool } from '@catalyst/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

interface LlmProvidersTable {
  org_id: number;
  base_url: string;
  model: string;
  /** Sealed with the secret box; never leaves the server. */
  api_key: string | null;
  timeout_ms: number | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  last_test: ColumnType<TConnectionTest | null, string | null | undefined, string | null>;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface McpServersTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  url: string;
  /** Sealed with the secret box; never leaves the server. */
  token: string | null;
  last_test: ColumnType<TConnectionTest | null, string | null | undefined, string | null>;
  tools: Json<TMcpTool[]>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    llm_providers: LlmProvidersTable;
    mcp_servers: McpServersTable;
  }
}

export type LlmProviderRow = Selectable<LlmProvidersTable>;
export type McpServerRow = Selectable<McpServersTable>;
