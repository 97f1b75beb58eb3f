import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  description: ColumnType<string, string | undefined, string>;
  domains: ColumnType<string[], string | undefined, string>;
  status: ColumnType<'active' | 'inactive', 'active' | 'inactive' | undefined, 'active' | 'inactive'>;
  /** IANA name; business-hours-only data access is counted in it. */
  time_zone: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

interface UsersTable {
  id: Generated<number>;
  org_id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Mirrors "holds the organisation's Admin role" (kept by a trigger of migration 0500). */
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  /** Left out on insert: Admin for an is_admin or first user of the organisation, else User (trigger). */
  role_id: ColumnType<number, number | undefined, number>;
  last_login_at: NullableTimestamp;
  deactivated_at: NullableTimestamp;
  eula_accepted_at: NullableTimestamp;
  default_use_case_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  org_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

interface PasswordResetTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  org_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

interface MailOutboxTable {
  id: Generated<number>;
  org_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** kept: no SMTP configured; sent: delivered to the SMTP server; failed: SMTP refused it. */
  status: 'kept' | 'sent' | 'failed';
  error: string | null;
  /** [{ filename, contentType, base64 }] */
  attachments: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** The account the message is about (a reset link, an invitation): only who may manage it reads it. */
  about_user_id: number | null;
}

type Json<T> = ColumnType<T, string | undefined, string>;

export interface UseCasesTable {
  id: Generated<number>;
  org_id: number;
  owner_id: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  category: ColumnType<string, string | undefined, string>;
  pinned: ColumnType<boolean, boolean | undefined, boolean>;
  tools: Json<string[]>;
  configurations: Json<Record<string, unknown>>;
  business_goals: Json<string[]>;
  key_stakeholders: Json<string[]>;
  risk_tolerance: ColumnType<'conservative' | 'balanced' | 'aggressive', string | undefined, string>;
  ai_confidence_threshold: ColumnType<number, number | undefined, number>;
  agent_config: Json<Record<string, unknown>>;
  is_deleted: ColumnType<boolean, boolean | undefined, boolean>;
  is_onboarded: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface UseCaseUsersTable {
  use_case_id: number;
  user_id: number;
  org_id: number;
  created_at: Timestamp;
}

interface UseCaseSchemasTable {
  use_case_id: number;
  org_id: number;
  conn_id: number;
  schema_name: string;
  updated_at: Timestamp;
  relationships_checked_at: NullableTimestamp;
}

interface UseCaseTablesTable {
  id: Generated<number>;
  org_id: number;
  use_case_id: number;
  table_name: string;
  is_selected: ColumnType<boolean, boolean | undefined, boolean>;
  is_new: ColumnType<boolean, boolean | undefined, boolean>;
  is_removed: ColumnType<boolean, boolean | undefined, boolean>;
  validated: ColumnType<boolean, boolean | undefined, boolean>;
  total_column_count: ColumnType<number, number | undefined, number>;
  row_count: number | null;
  profiled_at: NullableTimestamp;
}

export interface UseCaseColumnsTable {
  id: Generated<number>;
  org_id: number;
  table_id: number;
  db_column_name: string;
  business_name: string;
  business_definition: ColumnType<string, string | undefined, string>;
  entity_type: 'ATTRIBUTE' | 'KPI';
  is_selected: ColumnType<boolean, boolean | undefined, boolean>;
  is_new: ColumnType<boolean, boolean | undefined, boolean>;
  is_removed: ColumnType<boolean, boolean | undefined, boolean>;
  profile: ColumnType<unknown, string | null | undefined, string | null>;
  value_type: ColumnType<
    'number' | 'text' | 'date' | 'boolean' | null,
    string | null | undefined,
    string | null
  >;
  value_format: ColumnType<string | null, string | null | undefined, string | null>;
  value_type_origin: ColumnType<'detected' | 'user' | null, string | null | undefined, string | null>;
  insert_ts: Timestamp;
  updated_at: Timestamp;
}

export interface UseCaseRelationshipsTable {
  id: Generated<number>;
  org_id: number;
  use_case_id: number;
  from_table: string;
  from_columns: ColumnType<string[], string, string>;
  to_table: string;
  to_columns: ColumnType<string[], string, string>;
  signature: string;
  origin: 'declared' | 'inferred' | 'user';
  is_removed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DerivedMetricsTable {
  id: Generated<number>;
  org_id: number;
  use_case_id: number;
  name: string;
  definition: ColumnType<string, string | undefined, string>;
  calculation: ColumnType<string, string | undefined, string>;
  type: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DecisionFlowsTable {
  use_case_id: number;
  org_id: number;
  steps: Json<string[]>;
  updated_at: Timestamp;
}

export interface ThreadsTable {
  id: Generated<number>;
  org_id: number;
  owner_id: number;
  use_case_id: number | null;
  name: string | null;
  alert_ref: ColumnType<string | null, string | null | undefined, string | null>;
  alert_action: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface ThreadSharesTable {
  thread_id: number;
  user_id: number;
  org_id: number;
  shared_by: number;
  created_at: Timestamp;
}

export interface ThreadMessagesTable {
  id: Generated<number>;
  org_id: number;
  thread_id: number;
  user_id: number;
  question: string;
  content: ColumnType<string, string | undefined, string>;
  cards: Json<unknown[]>;
  status: ColumnType<'pending' | 'answered' | 'error', string | undefined, string>;
  plan: ColumnType<unknown, string | null | undefined, string | null>;
  confidence: number | null;
  feedback: number | null;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
  /** Set while the answer streams; see features/conversations/recover.ts. */
  pending_since: NullableTimestamp;
}

interface RecommendationRunsTable {
  id: Generated<number>;
  org_id: number;
  trigger: 'schedule' | 'manual' | 'new-data';
  status: ColumnType<'running' | 'completed' | 'failed', string | undefined, string>;
  use_cases: ColumnType<number, number | undefined, number>;
  created: ColumnType<number, number | undefined, number>;
  updated: ColumnType<number, number | undefined, number>;
  error: string | null;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface RecommendationsTable {
  id: Generated<number>;
  org_id: number;
  use_case_id: number;
  dedupe_key: string;
  incident_key: ColumnType<string | null, string | null | undefined, string | null>;
  title: string;
  brief_summary: string;
  full_description: string;
  impact_level: string;
  action: string;
  status: ColumnType<'active' | 'dismissed' | 'resolved', string | undefined, string>;
  score: ColumnType<number, number | undefined, number>;
  details: Json<Record<string, unknown>>;
  generated_at: Timestamp;
  status_changed_at: NullableTimestamp;
}

interface DecisionsTable {
  id: Generated<number>;
  org_id: number;
  created_by: number;
  use_case_id: number;
  title: string;
  description: string;
  status: ColumnType<'pending' | 'approved' | 'implemented' | 'rejected', string | undefined, string>;
  alert_id: string;
  alert_title: ColumnType<string, string | undefined, string>;
  rationale: string;
  metric: ColumnType<unknown, string | null | undefined, string | null>;
  baseline: ColumnType<unknown, string | null | undefined, string | null>;
  approved_at: NullableTimestamp;
  implemented_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DecisionEventsTable {
  id: Generated<number>;
  decision_id: number;
  org_id: number;
  user_id: number;
  from_status: string | null;
  to_status: string;
  note: string | null;
  at: Timestamp;
}

interface DecisionArtifactsTable {
  id: Generated<number>;
  decision_id: number;
  org_id: number;
  name: string;
  type: string;
  content: string;
  encoding: ColumnType<string, string | undefined, string>;
  mime_type: string | null;
  size: ColumnType<number, number | undefined, number>;
  uploaded_by: number;
  uploaded_at: Timestamp;
}

/**
 * Tables of the app database. Features add their own table interfaces by declaration merging
 * in their own folder (`declare module '../../db/schema' { interface Database { ... } }`).
 */
export interface Database {
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  mail_outbox: MailOutboxTable;
  use_cases: UseCasesTable;
  use_case_users: UseCaseUsersTable;
  use_case_schemas: UseCaseSchemasTable;
  use_case_tables: UseCaseTablesTable;
  use_case_columns: UseCaseColumnsTable;
  use_case_relationships: UseCaseRelationshipsTable;
  derived_metrics: DerivedMetricsTable;
  decision_flows: DecisionFlowsTable;
  threads: ThreadsTable;
  thread_shares: ThreadSharesTable;
  thread_messages: ThreadMessagesTable;
  recommendations: RecommendationsTable;
  recommendation_runs: RecommendationRunsTable;
  decisions: DecisionsTable;
  decision_events: DecisionEventsTable;
  decision_artifacts: DecisionArtifactsTable;
}
