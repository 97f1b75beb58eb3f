import { ZSemanticModel, type TSemanticModel } from '@catalyst/contracts';
import {
  kindOf,
  parseMetricExpression,
  splitIdentifier,
  synonymsFor,
  type Warehouse,
} from '@catalyst/engine';
import type { Deps } from '../../deps';
import { actorOf } from '../../warehouses/registry';
import { getUseCaseFor, type Caller } from './access';
import { modelJoins } from './relationships';
import { effectiveValueType } from './value-types';

type ModelColumn = TSemanticModel['tables'][number]['columns'][number];

/** Text attributes with at most this many values get a value index ("in Europe" → region = 'Europe'). */
const MAX_INDEXED_VALUES = 2000;

interface Profile {
  type?: string;
  distinct_count?: number | null;
  row_count?: number | null;
}

/**
 * Turns a use case's saved knowledge into the semantic model the engine consumes: the selected
 * tables and columns with their business names, entity types and the kinds they are read as
 * (dates kept as text included), time columns, joins (the use case's active relationships:
 * declared, inferred at profiling or added by a user), valid derived metrics and a value index
 * of low-cardinality text attributes read from the data.
 */
export async function buildUseCaseModel(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
): Promise<{ model: TSemanticModel; connId: number | null; threshold: number }> {
  const useCase = await getUseCaseFor(deps.db, caller, useCaseId);
  const schema = await deps.db
    .selectFrom('use_case_schemas')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  const empty = {
    model: { tables: [], metrics: [], joins: [] },
    connId: null,
    threshold: useCase.ai_confidence_threshold,
  };
  if (!schema) return empty;
  const rows = await deps.db
    .selectFrom('use_case_columns as c')
    .innerJoin('use_case_tables as t', 't.id', 'c.table_id')
    .select([
      't.table_name',
      't.row_count',
      't.profiled_at',
      'c.db_column_name',
      'c.business_name',
      'c.business_definition',
      'c.entity_type',
      'c.profile',
      'c.value_type',
      'c.value_format',
      'c.value_type_origin',
    ])
    .where('t.use_case_id', '=', useCaseId)
    .where('t.is_selected', '=', true)
    .where('t.is_removed', '=', false)
    .where('c.is_selected', '=', true)
    .where('c.is_removed', '=', false)
    .orderBy('t.table_name')
    .orderBy('c.id')
    .execute();
  if (rows.length === 0) return { ...empty, connId: schema.conn_id };

  const warehouse = await deps.warehouses.open({
    orgId: caller.orgId,
    connId: schema.conn_id,
    actor: actorOf(caller),
  });
  try {
    const tables = new Map<string, TSemanticModel['tables'][number]>();
    for (const row of rows) {
      let table = tables.get(row.table_name);
      if (!table) {
        const words = splitIdentifier(row.table_name);
        table = {
          schema: schema.schema_name,
          name: row.table_name,
          label: words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '),
          synonyms: synonymsFor(words),
          rowCount: row.row_count === null ? null : Number(row.row_count),
          primaryKey: [],
          columns: [],
          freshness: row.profiled_at ? new Date(row.profiled_at).toISOString() : null,
        };
        tables.set(row.table_name, table);
      }
      table.columns.push(await toModelColumn(warehouse, schema.schema_name, row));
    }
    const modelTables = [...tables.values()];
    const joins = await modelJoins(deps, caller, useCaseId, new Set(tables.keys()));
    // A column that refers to another table's rows is a key, whatever it is called ("cust_no").
    for (const j of joins)
      for (const ref of j.from) {
        const column = tables.get(ref.table)?.columns.find((c) => c.name === ref.column);
        if (column) column.isKey = true;
      }
    const known = rows.map((r) => ({ table: r.table_name, column: r.db_column_name }));
    const metricRows = await deps.db
      .selectFrom('derived_metrics')
      .selectAll()
      .where('use_case_id', '=', useCaseId)
      .orderBy('id')
      .execute();
    const metrics: TSemanticModel['metrics'] = [];
    for (const m of metricRows) {
      if (!m.name.trim() || !m.calculation.trim()) continue;
      try {
        const parsed = parseMetricExpression(m.calculation, known);
        const words = splitIdentifier(m.name);
        metrics.push({
          name: words.join('_'),
          label: m.name,
          table: parsed.table,
          expression: parsed.expression,
          synonyms: synonymsFor(words),
          definition: m.definition,
        });
      } catch {
        // A calculation that stopped being valid (a column was unselected) is left out of the model.
      }
    }
    const model = ZSemanticModel.parse({
      tables: modelTables,
      metrics,
      joins,
    });
    return { model, connId: schema.conn_id, threshold: useCase.ai_confidence_threshold };
  } finally {
    await warehouse.close();
  }
}

async function toModelColumn(
  warehouse: Warehouse,
  schemaName: string,
  row: {
    table_name: string;
    db_column_name: string;
    business_name: string;
    business_definition: string;
    entity_type: 'ATTRIBUTE' | 'KPI';
    profile: unknown;
    value_type: 'number' | 'text' | 'date' | 'boolean' | null;
    value_format: string | null;
    value_type_origin: string | null;
  },
): Promise<ModelColumn> {
  const profile = (row.profile ?? {}) as Profile;
  const type = profile.type ?? 'VARCHAR';
  const { value_type: kind, value_format: format } = effectiveValueType(row, type);
  const nameWords = splitIdentifier(row.db_column_name);
  const labelWords = splitIdentifier(row.business_name);
  const distinct = profile.distinct_count ?? null;
  const isKey =
    row.entity_type === 'ATTRIBUTE' &&
    (nameWords[nameWords.length - 1] === 'id' ||
      (distinct !== null &&
        distinct === profile.row_count &&
        (profile.row_count ?? 0) > 1 &&
        kind === 'number'));
  const values =
    kind === 'text' &&
    kindOf(type) === 'text' &&
    row.entity_type === 'ATTRIBUTE' &&
    distinct !== null &&
    distinct > 0 &&
    distinct <= MAX_INDEXED_VALUES
      ? (
          await warehouse
            .sampleValues(schemaName, row.table_name, row.db_column_name, MAX_INDEXED_VALUES)
            .catch(() => [])
        ).map(String)
      : [];
  const synonyms = new Set([...synonymsFor(nameWords), ...synonymsFor(labelWords)]);
  if (labelWords.join(' ') !== nameWords.join(' ')) synonyms.add(labelWords.join(' '));
  return {
    table: row.table_name,
    name: row.db_column_name,
    label: row.business_name,
    definition: row.business_definition,
    entityType: row.entity_type,
    kind,
    type,
    isKey,
    isTime: kind === 'date',
    format,
    synonyms: [...synonyms],
    distinctCount: distinct,
    values,
  };
}
