import { ZAgentConfig, type TCreateUseCase, type TUpdateUseCase, type TUseCase } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { getUseCaseFor, visibleUseCases, type Caller, type UseCaseRow } from './access';

const json = (value: unknown) => JSON.stringify(value);

function statusOf(row: Pick<UseCaseRow, 'is_deleted' | 'is_onboarded'>): TUseCase['status'] {
  if (row.is_deleted) return 'archived';
  return row.is_onboarded ? 'active' : 'draft';
}

function toUseCase(row: UseCaseRow): TUseCase {
  const tools = Array.isArray(row.tools) ? row.tools : [];
  return {
    use_case_id: row.id,
    use_case_name: row.name,
    use_case_desc: row.description,
    category: row.category,
    pinned: row.pinned,
    tools,
    configurations: row.configurations ?? {},
    businessGoals: row.business_goals ?? [],
    keyStakeholders: row.key_stakeholders ?? [],
    riskTolerance: row.risk_tolerance,
    aiConfidenceThreshold: String(row.ai_confidence_threshold),
    agentConfig: ZAgentConfig.parse(row.agent_config ?? {}),
    created_at: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    is_deleted: row.is_deleted,
    is_onboarded: row.is_onboarded,
    status: statusOf(row),
    owner_id: row.owner_id,
    tool_count: tools.length,
  };
}

function toDetails(row: UseCaseRow) {
  const useCase = toUseCase(row);
  return {
    ...useCase,
    UseCaseId: row.id,
    UseCaseName: row.name,
    UseCaseDescription: row.description,
    OnBoardingStatus: row.is_onboarded,
  };
}

type Editable = Omit<TUpdateUseCase, 'usecase_id'>;

function editableColumns(input: Editable, current?: UseCaseRow) {
  return {
    ...(input.usecase_name !== undefined && { name: input.usecase_name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.category !== undefined && { category: input.category || 'Analytics' }),
    ...(input.businessGoals !== undefined && { business_goals: json(input.businessGoals) }),
    ...(input.keyStakeholders !== undefined && { key_stakeholders: json(input.keyStakeholders) }),
    ...(input.riskTolerance !== undefined && { risk_tolerance: input.riskTolerance }),
    ...(input.aiConfidenceThreshold !== undefined && {
      ai_confidence_threshold: input.aiConfidenceThreshold,
    }),
    ...(input.tools !== undefined && { tools: json([...new Set(input.tools)]) }),
    ...(input.configurations !== undefined && {
      configurations: json({ ...(current?.configurations ?? {}), ...input.configurations }),
    }),
    ...(input.agentConfig !== undefined && {
      agent_config: json(ZAgentConfig.parse({ ...(current?.agent_config ?? {}), ...input.agentConfig })),
    }),
  };
}

export async function createUseCase(deps: Deps, caller: Caller, input: TCreateUseCase) {
  const row = await deps.db
    .insertInto('use_cases')
    .values({
      org_id: caller.orgId,
      owner_id: caller.userId,
      ...editableColumns(input),
      name: input.usecase_name,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDetails(row);
}

export async function updateUseCase(deps: Deps, caller: Caller, input: TUpdateUseCase) {
  const current = await getUseCaseFor(deps.db, caller, input.usecase_id);
  const row = await deps.db
    .updateTable('use_cases')
    .set({ ...editableColumns(input, current), updated_at: deps.now() })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDetails(row);
}

export async function listUseCases(deps: Deps, caller: Caller) {
  const rows = await visibleUseCases(deps.db, caller)
    .selectAll('use_cases')
    .orderBy('use_cases.id')
    .execute();
  return rows.map(toUseCase);
}

export async function useCaseDetails(deps: Deps, caller: Caller, id: number) {
  return toDetails(await getUseCaseFor(deps.db, caller, id));
}

export async function setPinned(deps: Deps, caller: Caller, id: number, pinned: boolean) {
  const current = await getUseCaseFor(deps.db, caller, id);
  await deps.db.updateTable('use_cases').set({ pinned }).where('id', '=', current.id).execute();
  return { status: 'Success' as const, pinned };
}

export async function archiveUseCase(deps: Deps, caller: Caller, id: number) {
  const current = await getUseCaseFor(deps.db, caller, id);
  await deps.db
    .updateTable('use_cases')
    .set({ is_deleted: true, pinned: false, updated_at: deps.now() })
    .where('id', '=', current.id)
    .execute();
  return { status: 'Success' as const, message: `Use case "${current.name}" archived` };
}

/** Activate (true) or deactivate (false); restores an archived use case as a draft or active one. */
export async function setOnboarded(deps: Deps, caller: Caller, id: number, onboarded: boolean) {
  const current = await getUseCaseFor(deps.db, caller, id);
  const row = await deps.db
    .updateTable('use_cases')
    .set({ is_onboarded: onboarded, is_deleted: false, updated_at: deps.now() })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDetails(row);
}

/** Publishing marks the use case onboarded and makes sure its owner and the publisher are mapped to it. */
export async function publishUseCase(deps: Deps, caller: Caller, id: number) {
  const current = await getUseCaseFor(deps.db, caller, id);
  if (!current.name.trim()) throw new AppError('VALIDATION_FAILED', 'Please fill in use case name');
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('use_cases')
      .set({ is_onboarded: true, is_deleted: false, updated_at: deps.now() })
      .where('id', '=', current.id)
      .execute();
    await trx
      .insertInto('use_case_users')
      .values(
        [...new Set([current.owner_id, caller.userId])].map((user_id) => ({
          use_case_id: current.id,
          user_id,
          org_id: caller.orgId,
        })),
      )
      .onConflict((oc) => oc.columns(['use_case_id', 'user_id']).doNothing())
      .execute();
  });
  const mapped = await deps.db
    .selectFrom('use_case_users')
    .select('user_id')
    .where('use_case_id', '=', current.id)
    .orderBy('user_id')
    .execute();
  return {
    status: 'Success' as const,
    message: `Use case "${current.name}" published`,
    userUseCaseMapping: { use_case_id: current.id, user_ids: mapped.map((m) => m.user_id) },
  };
}

/** A deep copy: definition, knowledge (schema, tables, columns, relationships), derived metrics and decision flow. */
export async function copyUseCase(deps: Deps, caller: Caller, id: number) {
  const source = await getUseCaseFor(deps.db, caller, id);
  const copyId = await deps.db.transaction().execute(async (trx) => {
    const { id: _id, created_at: _c, updated_at: _u, ...fields } = source;
    const copy = await trx
      .insertInto('use_cases')
      .values({
        ...fields,
        owner_id: caller.userId,
        name: `${source.name} (Copy)`,
        pinned: false,
        is_onboarded: false,
        tools: json(source.tools),
        configurations: json(source.configurations),
        business_goals: json(source.business_goals),
        key_stakeholders: json(source.key_stakeholders),
        agent_config: json(source.agent_config),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into use_case_schemas (use_case_id, org_id, conn_id, schema_name, relationships_checked_at)
      select ${copy.id}, org_id, conn_id, schema_name, relationships_checked_at from use_case_schemas where use_case_id = ${source.id}`.execute(
      trx,
    );
    const tables = await trx
      .selectFrom('use_case_tables')
      .selectAll()
      .where('use_case_id', '=', source.id)
      .execute();
    for (const { id: tableId, ...table } of tables) {
      const newTable = await trx
        .insertInto('use_case_tables')
        .values({ ...table, use_case_id: copy.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into use_case_columns (org_id, table_id, db_column_name, business_name, business_definition, entity_type, is_selected, is_new, is_removed, profile, value_type, value_format, value_type_origin, insert_ts, updated_at)
        select org_id, ${newTable.id}, db_column_name, business_name, business_definition, entity_type, is_selected, is_new, is_removed, profile, value_type, value_format, value_type_origin, insert_ts, updated_at
        from use_case_columns where table_id = ${tableId}`.execute(trx);
    }
    await sql`insert into use_case_relationships (org_id, use_case_id, from_table, from_columns, to_table, to_columns, signature, origin, is_removed)
      select org_id, ${copy.id}, from_table, from_columns, to_table, to_columns, signature, origin, is_removed
      from use_case_relationships where use_case_id = ${source.id} order by id`.execute(trx);
    await sql`insert into derived_metrics (org_id, use_case_id, name, definition, calculation, type)
      select org_id, ${copy.id}, name, definition, calculation, type from derived_metrics where use_case_id = ${source.id} order by id`.execute(
      trx,
    );
    await sql`insert into decision_flows (use_case_id, org_id, steps)
      select ${copy.id}, org_id, steps from decision_flows where use_case_id = ${source.id}`.execute(trx);
    return copy.id;
  });
  return { status: 'Success' as const, use_case_id: copyId };
}

/** The organisation's active users, marked when assigned to the use case. */
export async function listOrgUsers(deps: Deps, caller: Caller, useCaseId?: number) {
  if (useCaseId !== undefined) await getUseCaseFor(deps.db, caller, useCaseId);
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username', 'email'])
    .where('org_id', '=', caller.orgId)
    .where('is_active', '=', true)
    .orderBy('username')
    .execute();
  const assigned = useCaseId
    ? new Set(
        (
          await deps.db
            .selectFrom('use_case_users')
            .select('user_id')
            .where('use_case_id', '=', useCaseId)
            .execute()
        ).map((r) => r.user_id),
      )
    : new Set<number>();
  return users.map((u) => ({
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    userName: u.username,
    email: u.email,
    isSelected: assigned.has(u.id),
  }));
}

export async function setUserAccess(
  deps: Deps,
  caller: Caller,
  input: { usecase_id: number; selected_users: number[]; unselected_users: number[] },
) {
  const useCase = await getUseCaseFor(deps.db, caller, input.usecase_id);
  const ids = [...new Set([...input.selected_users, ...input.unselected_users])];
  if (ids.length > 0) {
    const known = await deps.db
      .selectFrom('users')
      .select('id')
      .where('org_id', '=', caller.orgId)
      .where('id', 'in', ids)
      .execute();
    const knownIds = new Set(known.map((k) => k.id));
    const unknown = ids.filter((i) => !knownIds.has(i));
    if (unknown.length)
      throw new AppError('NOT_FOUND', `No user with id ${unknown.join(', ')} in your organisation.`);
  }
  const selected = input.selected_users.filter((u) => !input.unselected_users.includes(u));
  await deps.db.transaction().execute(async (trx) => {
    if (selected.length) {
      await trx
        .insertInto('use_case_users')
        .values(selected.map((user_id) => ({ use_case_id: useCase.id, user_id, org_id: caller.orgId })))
        .onConflict((oc) => oc.columns(['use_case_id', 'user_id']).doNothing())
        .execute();
    }
    if (input.unselected_users.length) {
      await trx
        .deleteFrom('use_case_users')
        .where('use_case_id', '=', useCase.id)
        .where('user_id', 'in', input.unselected_users)
        .execute();
    }
  });
  return { status: 'Success' as const, message: 'Users assigned successfully' };
}
