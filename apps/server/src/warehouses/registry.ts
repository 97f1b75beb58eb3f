import type { Warehouse } from '@catalyst/engine';

/**
 * On whose behalf customer data is opened. A user is held to the data access groups of the
 * source (membership, business hours, expiry, approval; audit-logged queries are recorded);
 * the system (background recommendation scans) acts for the organisation and is not.
 * Later callers (API keys) pass the user the key belongs to.
 */
export type WarehouseActor =
  | {
      kind: 'user';
      userId: number;
      /** The question being answered, recorded with each query of an audit-logged source. */
      question?: string;
    }
  | { kind: 'system'; reason: string };

/** The actor of a feature service's caller (`Caller.system` marks background work). */
export function actorOf(caller: { userId: number; system?: true }, question?: string): WarehouseActor {
  if (caller.system) return { kind: 'system', reason: 'background job' };
  return question === undefined
    ? { kind: 'user', userId: caller.userId }
    : { kind: 'user', userId: caller.userId, question };
}

/**
 * Opens the warehouse of a data-source connection for an organisation. The data-sources feature
 * implements it; other features (use cases, conversations, recommendations) read customer data
 * only through it, and `deps.ts` wraps every implementation in the data access check
 * (features/access), so this is the one door to customer data. The caller closes what it opens.
 */
export interface WarehouseRegistry {
  open(input: { orgId: number; connId: number; actor: WarehouseActor }): Promise<Warehouse>;
}
