import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

interface RolesTable {
  id: Generated<number>;
  org_id: number;
  /** The sample roles every organisation starts with; null for roles an administrator made. */
  key: 'admin' | 'manager' | 'user' | null;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  /** Permission ids; unknown ids (from a newer version) are ignored when read. */
  permissions: Json<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DataAccessGroupsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  restrictions: Json<string[]>;
  expires_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface DataAccessGroupSourcesTable {
  group_id: number;
  conn_id: number;
  org_id: number;
}

interface DataAccessGroupMembersTable {
  group_id: number;
  user_id: number;
  org_id: number;
  added_at: Timestamp;
  approved_at: NullableTimestamp;
  approved_by: number | null;
}

interface DataAccessAuditTable {
  id: Generated<number>;
  org_id: number;
  user_id: number | null;
  user_name: string;
  conn_id: number;
  conn_name: string;
  question: string | null;
  statement: string;
  row_count: number | null;
  error: string | null;
  at: Timestamp;
}

export type RoleRow = Selectable<RolesTable>;

declare module '../../db/schema' {
  interface Database {
    roles: RolesTable;
    data_access_groups: DataAccessGroupsTable;
    data_access_group_sources: DataAccessGroupSourcesTable;
    data_access_group_members: DataAccessGroupMembersTable;
    data_access_audit: DataAccessAuditTable;
  }
}
