import type { TActionFlowStatus, TActionFlowTrigger } from '@catalyst/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

interface ActionFlowsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  status: ColumnType<TActionFlowStatus, TActionFlowStatus | undefined, TActionFlowStatus>;
  trigger_type: ColumnType<TActionFlowTrigger, TActionFlowTrigger | undefined, TActionFlowTrigger>;
  steps: ColumnType<string[], string | undefined, string>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    action_flows: ActionFlowsTable;
  }
}

export type ActionFlowRow = Selectable<ActionFlowsTable>;
