import type { TColumnMetadata, TUseCaseTable } from '@catalyst/contracts';
import { kindOf, type Warehouse } from '@catalyst/engine';
import { sql, type Selectable } from 'kysely';
import type { Deps } from '../../deps';
import { actorOf } from '../../warehouses/registry';
import type { UseCaseColumnsTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { getUseCaseFor, type Caller } from './access';
import { assertUseCaseResultsVisible } from '../access';
import { profileTable } from './profiling';
import { discoverRelationships } from './relationships';
import { checkValueTypeChange, effectiveValueType } from './value-types';

export async function getSchemaData(deps: Deps, caller: Caller, useCaseId: number) {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const row = await deps.db
    .selectFrom('use_case_schemas')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  if (!row) throw notFound(`Schema data of use case ${useCaseId}`);
  return { ConnectionId: row.conn_id, Schema: row.schema_name };
}

async function withWarehouse<T>(
  deps: Deps,
  caller: Caller,
  connId: number,
  fn: (w: Warehouse) => Promise<T>,
): Promise<T> {
  const warehouse = await deps.warehouses.open({ orgId: caller.orgId, connId, actor: actorOf(caller) });
  try {
    return await fn(warehouse);
  } finally {
    await warehouse.close();
  }
}

/**
 * Saves the connection and schema a use case reads, and lists that schema's tables. Changing the
 * connection or schema starts the table list afresh.
 */
export async function saveSchemaData(
  deps: Deps,
  caller: Caller,
  input: { usecase_id: number; conn_id: number; schema: string },
) {
  const useCase = await getUseCaseFor(deps.db, caller, input.usecase_id);
  const tables = await withWarehouse(deps, caller, input.conn_id, async (w) => {
    const schemas = await w.listSchemas();
    if (!schemas.includes(input.schema))
      throw new AppError(
        'NOT_FOUND',
        `The connection has no schema "${input.schema}". Its schemas: ${schemas.slice(0, 20).join(', ') || 'none'}.`,
      );
    return w.listTables(input.schema);
  });
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('use_case_schemas')
      .selectAll()
      .where('use_case_id', '=', useCase.id)
      .executeTakeFirst();
    if (current && (current.conn_id !== input.conn_id || current.schema_name !== input.schema)) {
      await trx.deleteFrom('use_case_tables').where('use_case_id', '=', useCase.id).execute();
      await trx.deleteFrom('use_case_relationships').where('use_case_id', '=', useCase.id).execute();
    }
    await trx
      .insertInto('use_case_schemas')
      .values({
        use_case_id: useCase.id,
        org_id: caller.orgId,
        conn_id: input.conn_id,
        schema_name: input.schema,
      })
      .onConflict((oc) =>
        oc.column('use_case_id').doUpdateSet({
          conn_id: input.conn_id,
          schema_name: input.schema,
          updated_at: deps.now(),
          ...(current && (current.conn_id !== input.conn_id || current.schema_name !== input.schema)
            ? { relationships_checked_at: null }
            : {}),
        }),
      )
      .execute();
    if (tables.length) {
      await trx
        .insertInto('use_case_tables')
        .values(
          tables.map((t) => ({
            org_id: caller.orgId,
            use_case_id: useCase.id,
            table_name: t.name,
            row_count: t.rowCount,
          })),
        )
        .onConflict((oc) => oc.columns(['use_case_id', 'table_name']).doNothing())
        .execute();
    }
  });
  return {
    status: 'Success' as const,
    ConnectionId: input.conn_id,
    Schema: input.schema,
    table_count: tables.length,
  };
}

/** The use case's tables; with `refresh`, reconciled with the source first (new and removed tables marked). */
export async function listTables(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
  refresh: boolean,
): Promise<TUseCaseTable[]> {
  await getUseCaseFor(deps.db, caller, useCaseId);
  await assertUseCaseResultsVisible(deps, caller, useCaseId);
  const schema = await deps.db
    .selectFrom('use_case_schemas')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  if (schema && refresh) {
    const live = await withWarehouse(deps, caller, schema.conn_id, (w) => w.listTables(schema.schema_name));
    const liveNames = new Set(live.map((t) => t.name));
    await deps.db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('use_case_tables')
        .select(['id', 'table_name'])
        .where('use_case_id', '=', useCaseId)
        .execute();
      const knownNames = new Set(known.map((k) => k.table_name));
      await trx
        .updateTable('use_case_tables')
        .set({ is_new: false })
        .where('use_case_id', '=', useCaseId)
        .execute();
      for (const k of known)
        await trx
          .updateTable('use_case_tables')
          .set({ is_removed: !liveNames.has(k.table_name) })
          .where('id', '=', k.id)
          .execute();
      const added = live.filter((t) => !knownNames.has(t.name));
      if (added.length) {
        await trx
          .insertInto('use_case_tables')
          .values(
            added.map((t) => ({
              org_id: caller.orgId,
              use_case_id: useCaseId,
              table_name: t.name,
              row_count: t.rowCount,
              is_new: true,
            })),
          )
          .execute();
      }
    });
  }
  const rows = await deps.db
    .selectFrom('use_case_tables as t')
    .leftJoin('use_case_columns as c', (j) =>
      j.onRef('c.table_id', '=', 't.id').on('c.is_selected', '=', true),
    )
    .selectAll('t')
    .select(sql<number>`count(c.id)::int`.as('selected_column_count'))
    .where('t.use_case_id', '=', useCaseId)
    .groupBy('t.id')
    .orderBy('t.table_name')
    .execute();
  return rows.map((r) => ({
    table_id: r.id,
    table_name: r.table_name,
    is_selected: r.is_selected,
    is_new: r.is_new,
    is_removed: r.is_removed,
    validated: r.validated,
    selected_column_count: r.selected_column_count,
    total_column_count: r.total_column_count,
    row_count: r.row_count === null ? null : Number(r.row_count),
  }));
}

async function tablesOfCaller(deps: Deps, caller: Caller, tableIds: number[]) {
  const rows = await deps.db
    .selectFrom('use_case_tables')
    .selectAll()
    .where('org_id', '=', caller.orgId)
    .where('id', 'in', tableIds)
    .execute();
  const missing = tableIds.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw notFound(`Table ${missing.join(', ')}`);
  for (const useCaseId of new Set(rows.map((r) => r.use_case_id))) {
    await getUseCaseFor(deps.db, caller, useCaseId);
    // Row counts and column profiles are read from the source: data access groups apply.
    await assertUseCaseResultsVisible(deps, caller, useCaseId);
  }
  return rows;
}

export async function selectTables(deps: Deps, caller: Caller, tableIds: number[], isSelected: boolean) {
  await tablesOfCaller(deps, caller, tableIds);
  await deps.db
    .updateTable('use_case_tables')
    .set({ is_selected: isSelected })
    .where('id', 'in', tableIds)
    .execute();
  return { status: 'Success' as const };
}

/** Selects the tables and profiles their columns, proposing business names, definitions and entity types. */
export async function selectAndProfileTables(deps: Deps, caller: Caller, tableIds: number[]) {
  const tables = await tablesOfCaller(deps, caller, tableIds);
  for (const table of tables) {
    const schema = await deps.db
      .selectFrom('use_case_schemas')
      .selectAll()
      .where('use_case_id', '=', table.use_case_id)
      .executeTakeFirstOrThrow();
    const profiled = await withWarehouse(deps, caller, schema.conn_id, (w) =>
      profileTable(w, schema.schema_name, table.table_name),
    );
    await deps.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('use_case_columns')
        .select(['id', 'db_column_name'])
        .where('table_id', '=', table.id)
        .execute();
      const existingNames = new Set(existing.map((e) => e.db_column_name));
      const liveNames = new Set(profiled.columns.map((c) => c.db_column_name));
      for (const column of profiled.columns) {
        if (existingNames.has(column.db_column_name)) {
          // Keep what people wrote; refresh only the measured profile (and a kind profiling chose).
          await trx
            .updateTable('use_case_columns')
            .set({ profile: JSON.stringify(column.profile), is_removed: false })
            .where('table_id', '=', table.id)
            .where('db_column_name', '=', column.db_column_name)
            .execute();
          await trx
            .updateTable('use_case_columns')
            .set({
              value_type: column.value_type,
              value_format: column.value_format,
              value_type_origin: column.value_type_origin,
            })
            .where('table_id', '=', table.id)
            .where('db_column_name', '=', column.db_column_name)
            .where((eb) =>
              eb.or([eb('value_type_origin', 'is', null), eb('value_type_origin', '=', 'detected')]),
            )
            .execute();
        } else {
          await trx
            .insertInto('use_case_columns')
            .values({
              ...column,
              org_id: caller.orgId,
              table_id: table.id,
              profile: JSON.stringify(column.profile),
            })
            .execute();
        }
      }
      for (const e of existing)
        if (!liveNames.has(e.db_column_name))
          await trx
            .updateTable('use_case_columns')
            .set({ is_removed: true })
            .where('id', '=', e.id)
            .execute();
      await trx
        .updateTable('use_case_tables')
        .set({
          is_selected: true,
          validated: true,
          total_column_count: profiled.columns.length,
          row_count: profiled.rowCount,
          profiled_at: deps.now(),
        })
        .where('id', '=', table.id)
        .execute();
    });
  }
  // Relationships among the tables now selected (declared keys, else names and values).
  for (const useCaseId of new Set(tables.map((t) => t.use_case_id)))
    await discoverRelationships(deps, caller, useCaseId);
  return { status: 'Success' as const, table_ids: tableIds };
}

const toColumn = (r: Selectable<UseCaseColumnsTable>): TColumnMetadata => ({
  ...effectiveValueType(r, (r.profile as { type?: string } | null)?.type ?? 'VARCHAR'),
  id: r.id,
  table_id: r.table_id,
  business_name: r.business_name,
  business_definition: r.business_definition,
  db_column_name: r.db_column_name,
  entity_type: r.entity_type,
  insert_ts: new Date(r.insert_ts).toISOString(),
  updated_on: new Date(r.updated_at).toISOString(),
  is_new: r.is_new,
  is_removed: r.is_removed,
  is_selected: r.is_selected,
  profile: (r.profile as TColumnMetadata['profile']) ?? null,
});

export async function listColumns(deps: Deps, caller: Caller, tableId: number) {
  await tablesOfCaller(deps, caller, [tableId]);
  const rows = await deps.db
    .selectFrom('use_case_columns')
    .selectAll()
    .where('table_id', '=', tableId)
    .orderBy('id')
    .execute();
  return rows.map(toColumn);
}

export async function updateColumn(
  deps: Deps,
  caller: Caller,
  input: {
    id: number;
    is_selected?: boolean;
    business_name?: string;
    business_definition?: string;
    db_column_name?: string;
    entity_type?: 'ATTRIBUTE' | 'KPI';
    is_new?: boolean;
    is_removed?: boolean;
    value_type?: 'number' | 'text' | 'date' | 'boolean' | null;
    value_format?: string | null;
  },
) {
  const { id, db_column_name: _ignored, value_type, value_format, ...changes } = input;
  const row = await deps.db
    .selectFrom('use_case_columns')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`Column ${id}`);
  const [table] = await tablesOfCaller(deps, caller, [row.table_id]);
  const typeChange: Partial<Record<'value_type' | 'value_format' | 'value_type_origin', string | null>> = {};
  if (value_type !== undefined || value_format !== undefined) {
    const storedType = (row.profile as { type?: string } | null)?.type ?? 'VARCHAR';
    const wanted = value_type === undefined ? effectiveValueType(row, storedType).value_type : value_type;
    const schema = await deps.db
      .selectFrom('use_case_schemas')
      .selectAll()
      .where('use_case_id', '=', table!.use_case_id)
      .executeTakeFirstOrThrow();
    const { format } = await checkValueTypeChange({
      warehouse: () =>
        deps.warehouses.open({ orgId: caller.orgId, connId: schema.conn_id, actor: actorOf(caller) }),
      schema: schema.schema_name,
      table: table!.table_name,
      column: row.db_column_name,
      storedType,
      valueType: wanted,
      // Only dates keep the format they had when the request changes just the kind.
      format: value_format === undefined ? (wanted === 'date' ? row.value_format : null) : value_format,
    });
    // Reading it as stored again forgets the choice.
    const asStored = wanted === null || (wanted === kindOf(storedType) && !format);
    typeChange.value_type = asStored ? null : wanted;
    typeChange.value_format = asStored ? null : format;
    typeChange.value_type_origin = asStored ? null : 'user';
  }
  if (Object.keys(changes).length === 0 && Object.keys(typeChange).length === 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'Nothing to update: send is_selected, business_name, business_definition, entity_type or value_type.',
    );
  const updated = await deps.db
    .updateTable('use_case_columns')
    .set({ ...changes, ...typeChange, updated_at: deps.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toColumn(updated);
}

/** Column names a derived metric's calculation may use: the selected columns of the selected tables. */
export async function knownColumns(deps: Deps, useCaseId: number) {
  return deps.db
    .selectFrom('use_case_columns as c')
    .innerJoin('use_case_tables as t', 't.id', 'c.table_id')
    .select(['t.table_name', 'c.db_column_name', 'c.entity_type', 'c.business_name'])
    .where('t.use_case_id', '=', useCaseId)
    .where('t.is_selected', '=', true)
    .where('c.is_selected', '=', true)
    .where('c.is_removed', '=', false)
    .orderBy('t.table_name')
    .orderBy('c.id')
    .execute();
}

export async function autosuggestColumns(deps: Deps, caller: Caller, useCaseId: number) {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const columns = await knownColumns(deps, useCaseId);
  // KPIs first: they are what calculations aggregate.
  const sorted = [...columns].sort((a, b) =>
    a.entity_type === b.entity_type ? 0 : a.entity_type === 'KPI' ? -1 : 1,
  );
  return { columns: [...new Set(sorted.map((c) => c.db_column_name))] };
}
