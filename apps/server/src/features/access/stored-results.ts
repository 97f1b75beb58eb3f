import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { checkSourceAccess } from './data-access';

/**
 * Data access groups over what was computed from a source and stored: alerts and their details,
 * alert investigations, answers kept in threads (shared ones too), decision baselines and outcomes,
 * column profiles and row counts of a use case. A user who may not query the source now (not a
 * member of a granting group, outside business hours, expired, unapproved) may not see these
 * either — otherwise a recommendation scan, which runs as the system, or a colleague who shares a
 * thread would hand them what the group keeps from them. Viewing a stored result is not a query:
 * nothing is written to the audit log.
 */

interface Reader {
  orgId: number;
  userId: number;
  /** Background work acts for the organisation: groups do not apply to it. */
  system?: true;
}

/** The source (connection) behind each of these use cases that has one. */
async function sourcesOf(deps: Deps, orgId: number, useCaseIds?: number[]): Promise<Map<number, number>> {
  if (useCaseIds?.length === 0) return new Map();
  let query = deps.db
    .selectFrom('use_case_schemas as s')
    .innerJoin('use_cases as uc', 'uc.id', 's.use_case_id')
    .select(['s.use_case_id', 's.conn_id'])
    .where('uc.org_id', '=', orgId);
  if (useCaseIds) query = query.where('s.use_case_id', 'in', useCaseIds);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.use_case_id, r.conn_id]));
}

/**
 * Refuses (403, with the data access check's reason) to show what was computed from the use
 * case's source when the caller may not read that source now. A use case without a source, or
 * none at all (null), has nothing to hide.
 */
export async function assertUseCaseResultsVisible(
  deps: Deps,
  caller: Reader,
  useCaseId: number | null,
): Promise<void> {
  if (caller.system || useCaseId === null) return;
  const connId = (await sourcesOf(deps, caller.orgId, [useCaseId])).get(useCaseId);
  if (connId === undefined) return;
  await checkSourceAccess(deps, { orgId: caller.orgId, connId, userId: caller.userId, intent: 'query' });
}

/**
 * The use cases of the organisation (or of `useCaseIds`) whose stored results the caller may not
 * see now: lists leave them out. Each source is checked once.
 */
export async function hiddenUseCases(deps: Deps, caller: Reader, useCaseIds?: number[]): Promise<number[]> {
  if (caller.system) return [];
  const sources = await sourcesOf(deps, caller.orgId, useCaseIds);
  const refused = new Set<number>();
  for (const connId of new Set(sources.values())) {
    try {
      await checkSourceAccess(deps, { orgId: caller.orgId, connId, userId: caller.userId, intent: 'query' });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refused.add(connId);
    }
  }
  return [...sources].filter(([, connId]) => refused.has(connId)).map(([useCaseId]) => useCaseId);
}
