import type { TColumnRef } from '@catalyst/contracts';

export type EntityType = 'ATTRIBUTE' | 'KPI';
export type ValueKind = 'number' | 'text' | 'date' | 'boolean';

export interface ModelColumn {
  table: string;
  name: string;
  /** Business name shown to users, e.g. "Order Date". */
  label: string;
  definition: string;
  entityType: EntityType;
  kind: ValueKind;
  /** The warehouse's type name. */
  type: string;
  isKey: boolean;
  isTime: boolean;
  /**
   * How a date stored as text is written (an id of DATE_FORMATS, e.g. "%b %d %Y"), when the
   * column is read as a date but stored as text.
   */
  format?: string | null;
  /** Extra words that mean this column ("turnover" for revenue). */
  synonyms: string[];
  distinctCount: number | null;
  /** The column's values for matching words in questions (low-cardinality text columns). */
  values: string[];
}

export interface ModelTable {
  schema: string;
  name: string;
  label: string;
  synonyms: string[];
  rowCount: number | null;
  primaryKey: string[];
  columns: ModelColumn[];
  /** Last time the data changed, when known (shown as evidence). */
  freshness: string | null;
}

/** A named SQL expression over a table's columns, e.g. profit = SUM(revenue) - SUM(cost). */
export interface DerivedMetric {
  name: string;
  label: string;
  table: string;
  /** An aggregate SQL expression using quoted column names of `table` only. */
  expression: string;
  synonyms: string[];
  definition: string;
}

export interface ModelJoin {
  from: TColumnRef[];
  to: TColumnRef[];
}

export interface SemanticModel {
  tables: ModelTable[];
  metrics: DerivedMetric[];
  joins: ModelJoin[];
  /** Reference date for periods when the question gives none ("today"), ISO date. */
  dataEnd?: string;
}
