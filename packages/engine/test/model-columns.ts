import type { ModelColumn } from '../src/model/types';

/** A model column for SQL tests: numbers are KPIs, dates are time columns, the rest attributes. */
export const col = (table: string, name: string, kind: 'number' | 'text' | 'date'): ModelColumn => ({
  table,
  name,
  label: name,
  definition: '',
  entityType: kind === 'number' ? 'KPI' : 'ATTRIBUTE',
  kind,
  type: kind,
  isKey: false,
  isTime: kind === 'date',
  synonyms: [],
  distinctCount: null,
  values: [],
});
