import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Caller } from '../../plugins/auth';
import type { UseCasesTable } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type { Caller } from '../../plugins/auth';

export type UseCaseRow = Selectable<UseCasesTable>;

/**
 * Use cases the caller may see: their organisation's, and of those the ones they own or are
 * assigned to (administrators: all of the organisation's).
 */
export function visibleUseCases(db: Db, caller: Caller) {
  let query = db.selectFrom('use_cases').where('use_cases.org_id', '=', caller.orgId);
  if (!caller.isAdmin) {
    query = query.where((eb) =>
      eb.or([
        eb('use_cases.owner_id', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('use_case_users')
            .select('use_case_users.user_id')
            .whereRef('use_case_users.use_case_id', '=', 'use_cases.id')
            .where('use_case_users.user_id', '=', caller.userId),
        ),
      ]),
    );
  }
  return query;
}

/** The use case if the caller may see it; another organisation's (or an unassigned one) is a 404. */
export async function getUseCaseFor(db: Db, caller: Caller, id: number): Promise<UseCaseRow> {
  const row = await visibleUseCases(db, caller)
    .selectAll('use_cases')
    .where('use_cases.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(`Use case ${id}`);
  return row;
}
