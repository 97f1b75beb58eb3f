import type { TThread } from '@catalyst/contracts';
import type { Deps } from '../../deps';

/**
 * The sidebar asks for its thread list often. A user's list is kept for STALE_MS; any change this
 * instance makes to a thread drops the lists of everyone who sees it at once, and a change made by
 * another instance shows within STALE_MS.
 */
const STALE_MS = 2_000;
const MAX_USERS = 5_000;

interface Entry {
  at: number;
  lists: Map<string, TThread[]>;
}

/** Thread lists by user id; one per dependency graph (createDeps builds it). */
export type ThreadListCache = Map<number, Entry>;
export const createThreadListCache = (): ThreadListCache => new Map();

export async function cachedThreadList(
  deps: Deps,
  userId: number,
  key: string,
  load: () => Promise<TThread[]>,
): Promise<TThread[]> {
  const cache = deps.threadLists;
  const now = Date.now();
  let entry = cache.get(userId);
  if (!entry || now - entry.at > STALE_MS) {
    if (cache.size >= MAX_USERS) cache.clear();
    entry = { at: now, lists: new Map() };
    cache.set(userId, entry);
  }
  const hit = entry.lists.get(key);
  if (hit) return hit;
  const list = await load();
  entry.lists.set(key, list);
  return list;
}

export function dropThreadLists(deps: Deps, userIds: number[]) {
  const cache = deps.threadLists;
  for (const id of userIds) cache.delete(id);
}
