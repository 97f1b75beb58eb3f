import type { TAddRelationship, TRelationship, TRelationshipList, TSemanticModel } from '@catalyst/contracts';
import { inferJoins, kindOf, type Warehouse } from '@catalyst/engine';
import type { Selectable } from 'kysely';
import type { Deps } from '../../deps';
import type { UseCaseRelationshipsTable } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { actorOf } from '../../warehouses/registry';
import { getUseCaseFor, type Caller } from './access';

/**
 * Relationships between a use case's tables: the foreign keys the source declares, those
 * inferred when tables are profiled (a column named after another table's key whose values all
 * occur in it), and those a user adds. A user's removal is kept, so profiling again does not
 * bring it back. The semantic model joins along the active ones (both tables selected).
 */
type Row = Selectable<UseCaseRelationshipsTable>;
type Join = TSemanticModel['joins'][number];

const signature = (j: {
  from_table: string;
  from_columns: string[];
  to_table: string;
  to_columns: string[];
}) => JSON.stringify([j.from_table, j.from_columns, j.to_table, j.to_columns]);

interface SelectedTable {
  name: string;
  rowCount: number | null;
  columns: {
    name: string;
    type: string;
    distinctCount: number | null;
    nullCount: number | null;
    valueType: string | null;
  }[];
}

/** The selected tables of a use case with their profiled columns. */
async function selectedTables(deps: Deps, useCaseId: number): Promise<SelectedTable[]> {
  const rows = await deps.db
    .selectFrom('use_case_tables as t')
    .leftJoin('use_case_columns as c', (j) =>
      j.onRef('c.table_id', '=', 't.id').on('c.is_removed', '=', false),
    )
    .select(['t.table_name', 't.row_count', 'c.db_column_name', 'c.profile', 'c.value_type'])
    .where('t.use_case_id', '=', useCaseId)
    .where('t.is_selected', '=', true)
    .where('t.is_removed', '=', false)
    .orderBy('t.table_name')
    .orderBy('c.id')
    .execute();
  const tables = new Map<string, SelectedTable>();
  for (const r of rows) {
    let t = tables.get(r.table_name);
    if (!t)
      tables.set(
        r.table_name,
        (t = {
          name: r.table_name,
          rowCount: r.row_count === null ? null : Number(r.row_count),
          columns: [],
        }),
      );
    if (!r.db_column_name) continue;
    const p = (r.profile ?? {}) as {
      type?: string;
      distinct_count?: number | null;
      null_count?: number | null;
    };
    t.columns.push({
      name: r.db_column_name,
      type: p.type ?? 'VARCHAR',
      distinctCount: p.distinct_count ?? null,
      nullCount: p.null_count ?? null,
      valueType: r.value_type,
    });
  }
  return [...tables.values()];
}

function toRelationship(r: Row, selected: Set<string>): TRelationship {
  return {
    id: r.id,
    from_table: r.from_table,
    from_columns: r.from_columns,
    to_table: r.to_table,
    to_columns: r.to_columns,
    origin: r.origin,
    is_removed: r.is_removed,
    active: !r.is_removed && selected.has(r.from_table) && selected.has(r.to_table),
    updated_on: new Date(r.updated_at).toISOString(),
  };
}

export async function listRelationships(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
): Promise<TRelationshipList> {
  await getUseCaseFor(deps.db, caller, useCaseId);
  const [rows, tables, schema] = await Promise.all([
    deps.db
      .selectFrom('use_case_relationships')
      .selectAll()
      .where('use_case_id', '=', useCaseId)
      .orderBy('from_table')
      .orderBy('to_table')
      .orderBy('id')
      .execute(),
    selectedTables(deps, useCaseId),
    deps.db
      .selectFrom('use_case_schemas')
      .select('relationships_checked_at')
      .where('use_case_id', '=', useCaseId)
      .executeTakeFirst(),
  ]);
  const selected = new Set(tables.map((t) => t.name));
  return {
    relationships: rows.map((r) => toRelationship(r, selected)),
    checked_at: schema?.relationships_checked_at
      ? new Date(schema.relationships_checked_at).toISOString()
      : null,
  };
}

/**
 * Looks for relationships among the selected tables (declared foreign keys, then names and
 * values) and records the new ones; known ones keep their origin, and removed ones stay removed.
 */
export async function discoverRelationships(deps: Deps, caller: Caller, useCaseId: number) {
  const useCase = await getUseCaseFor(deps.db, caller, useCaseId);
  const schema = await deps.db
    .selectFrom('use_case_schemas')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  if (!schema) return listRelationships(deps, caller, useCaseId);
  const tables = await selectedTables(deps, useCaseId);
  const found: { join: Join; origin: 'declared' | 'inferred' }[] = [];
  if (tables.length > 1) {
    const warehouse = await deps.warehouses.open({
      orgId: caller.orgId,
      connId: schema.conn_id,
      actor: actorOf(caller),
    });
    try {
      found.push(...(await findRelationships(warehouse, schema.schema_name, tables)));
    } finally {
      await warehouse.close();
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    for (const { join, origin } of found) {
      const row = {
        from_table: join.from[0]!.table,
        from_columns: join.from.map((c) => c.column),
        to_table: join.to[0]!.table,
        to_columns: join.to.map((c) => c.column),
      };
      await trx
        .insertInto('use_case_relationships')
        .values({
          ...row,
          from_columns: JSON.stringify(row.from_columns),
          to_columns: JSON.stringify(row.to_columns),
          signature: signature(row),
          org_id: useCase.org_id,
          use_case_id: useCaseId,
          origin,
        })
        .onConflict((oc) => oc.columns(['use_case_id', 'signature']).doNothing())
        .execute();
    }
    await trx
      .updateTable('use_case_schemas')
      .set({ relationships_checked_at: deps.now() })
      .where('use_case_id', '=', useCaseId)
      .execute();
  });
  return listRelationships(deps, caller, useCaseId);
}

async function findRelationships(
  warehouse: Warehouse,
  schema: string,
  tables: SelectedTable[],
): Promise<{ join: Join; origin: 'declared' | 'inferred' }[]> {
  const names = new Set(tables.map((t) => t.name));
  const declared = (await warehouse.listForeignKeys(schema).catch(() => []))
    .filter((k) => names.has(k.table) && names.has(k.refTable))
    .map((k) => ({
      from: k.columns.map((column) => ({ table: k.table, column })),
      to: k.refColumns.map((column) => ({ table: k.refTable, column })),
    }));
  const inferred = await inferJoins(
    warehouse,
    tables.map((t) => ({
      schema,
      name: t.name,
      rowCount: t.rowCount,
      // Without declared keys, a column is a key when each row has its own non-null value.
      primaryKey: [],
      columns: t.columns.map((c) => ({
        name: c.name,
        distinctCount: c.nullCount ? null : c.distinctCount,
      })),
    })),
  ).catch(() => []);
  const key = (j: Join) => JSON.stringify([j.from, j.to]);
  const seen = new Set(declared.map(key));
  // A pair of keys of equal tables (1:1) is found both ways: keep one direction.
  const reverse = (j: Join) => JSON.stringify([j.to, j.from]);
  const out: { join: Join; origin: 'declared' | 'inferred' }[] = declared.map((join) => ({
    join,
    origin: 'declared',
  }));
  for (const join of inferred) {
    if (seen.has(key(join)) || seen.has(reverse(join))) continue;
    seen.add(key(join));
    out.push({ join, origin: 'inferred' });
  }
  return out;
}

export async function addRelationship(
  deps: Deps,
  caller: Caller,
  input: TAddRelationship,
): Promise<TRelationship> {
  const useCase = await getUseCaseFor(deps.db, caller, input.usecase_id);
  const tables = await selectedTables(deps, input.usecase_id);
  const table = (name: string) => {
    const t = tables.find((x) => x.name === name);
    if (!t)
      throw new AppError(
        'VALIDATION_FAILED',
        `Table "${name}" is not selected in this use case. Select it in the tables list first.`,
      );
    return t;
  };
  const column = (t: SelectedTable, name: string) => {
    const c = t.columns.find((x) => x.name === name);
    if (!c) throw new AppError('VALIDATION_FAILED', `Table "${t.name}" has no column "${name}".`);
    return c;
  };
  const from = table(input.from_table);
  const to = table(input.to_table);
  if (from === to) throw new AppError('VALIDATION_FAILED', 'A relationship joins two different tables.');
  const fromColumn = column(from, input.from_column);
  const toColumn = column(to, input.to_column);
  const kindOfColumn = (c: SelectedTable['columns'][number]) => c.valueType ?? kindOf(c.type);
  if (kindOfColumn(fromColumn) !== kindOfColumn(toColumn))
    throw new AppError(
      'VALIDATION_FAILED',
      `${from.name}.${fromColumn.name} holds ${kindOfColumn(fromColumn)} values and ${to.name}.${toColumn.name} ${kindOfColumn(toColumn)} values: a relationship joins columns of the same kind.`,
    );
  // The engine counts each row of the referring table once only if the key is unique.
  if (
    toColumn.distinctCount !== null &&
    to.rowCount !== null &&
    (toColumn.distinctCount < to.rowCount || (toColumn.nullCount ?? 0) > 0)
  )
    throw new AppError(
      'VALIDATION_FAILED',
      `${to.name}.${toColumn.name} is not a key: ${toColumn.distinctCount.toLocaleString('en-US')} distinct values for ${to.rowCount.toLocaleString('en-US')} rows. A relationship must point at a column with one row per value.`,
    );
  const row = {
    from_table: from.name,
    from_columns: [fromColumn.name],
    to_table: to.name,
    to_columns: [toColumn.name],
  };
  const saved = await deps.db
    .insertInto('use_case_relationships')
    .values({
      ...row,
      from_columns: JSON.stringify(row.from_columns),
      to_columns: JSON.stringify(row.to_columns),
      signature: signature(row),
      org_id: useCase.org_id,
      use_case_id: useCase.id,
      origin: 'user',
    })
    // Adding one a user removed restores it (with its origin).
    .onConflict((oc) =>
      oc.columns(['use_case_id', 'signature']).doUpdateSet({ is_removed: false, updated_at: deps.now() }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRelationship(saved, new Set(tables.map((t) => t.name)));
}

export async function removeRelationship(deps: Deps, caller: Caller, id: number) {
  const row = await deps.db
    .selectFrom('use_case_relationships')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row) throw notFound(`Relationship ${id}`);
  await getUseCaseFor(deps.db, caller, row.use_case_id);
  if (row.origin === 'user')
    await deps.db.deleteFrom('use_case_relationships').where('id', '=', id).execute();
  else
    await deps.db
      .updateTable('use_case_relationships')
      .set({ is_removed: true, updated_at: deps.now() })
      .where('id', '=', id)
      .execute();
  return { status: 'Success' as const };
}

/**
 * The joins of a use case's model: its active relationships. A use case profiled before
 * relationships were recorded gets them looked for once, here.
 */
export async function modelJoins(
  deps: Deps,
  caller: Caller,
  useCaseId: number,
  tables: Set<string>,
): Promise<Join[]> {
  const schema = await deps.db
    .selectFrom('use_case_schemas')
    .select('relationships_checked_at')
    .where('use_case_id', '=', useCaseId)
    .executeTakeFirst();
  if (schema && !schema.relationships_checked_at && tables.size > 1)
    await discoverRelationships(deps, caller, useCaseId);
  const rows = await deps.db
    .selectFrom('use_case_relationships')
    .selectAll()
    .where('use_case_id', '=', useCaseId)
    .where('is_removed', '=', false)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => tables.has(r.from_table) && tables.has(r.to_table))
    .map((r) => ({
      from: r.from_columns.map((column) => ({ table: r.from_table, column })),
      to: r.to_columns.map((column) => ({ table: r.to_table, column })),
    }));
}
