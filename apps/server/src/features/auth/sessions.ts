import { isPermission, type TPermission } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import { hashToken, newToken } from '../../lib/tokens';
import '../access';

export interface AuthContext {
  userId: number;
  orgId: number;
  username: string;
  /** Holds the organisation's Admin role. */
  isAdmin: boolean;
  sessionId: number;
  roleId: number;
  /** What the caller may do: the permissions of their role (routes check them centrally). */
  permissions: readonly TPermission[];
}

/** Emitted on `deps.events` when sessions end, so open sockets of those users close at once. */
export const SESSIONS_ENDED = 'sessions-ended';
export interface SessionsEnded {
  /** Every session of these users ended. */
  userIds?: number[];
  /** Just these sessions ended (signing out). */
  sessionIds?: number[];
}

/** The known permission ids of a role's stored list (ids of a newer version are ignored). */
export function permissionsOf(stored: unknown): TPermission[] {
  return Array.isArray(stored) ? stored.filter(isPermission) : [];
}

// Touching last_seen_at on every request would write on every read; once a minute is enough
// for an idle timeout counted in hours.
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  deps: Deps,
  user: { id: number; org_id: number },
  meta: { ip: string; userAgent?: string },
) {
  const token = newToken();
  const now = deps.now();
  await deps.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: user.id,
      org_id: user.org_id,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + deps.config.sessionAbsoluteMs),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .execute();
  return token;
}

/**
 * Recently resolved sessions, so a burst of requests does not read the sessions table each time.
 * An entry lives CACHE_TTL_MS at most; revoking in this process drops it at once, and another
 * instance's revocation takes effect here within CACHE_TTL_MS. Role, user and organisation
 * changes drop the entries they affect (`dropCachedSessions`), so a new permission set applies
 * to the very next request here, and within CACHE_TTL_MS on other instances.
 */
const CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;
interface CachedSession {
  ctx: AuthContext;
  lastSeen: number;
  expiresAt: number;
  cachedAt: number;
}
/** Resolved sessions by token hash; one per dependency graph (createDeps builds it). */
export type SessionCache = Map<string, CachedSession>;
export const createSessionCache = (): SessionCache => new Map();

/** The signed-in context for a token, or null when the token is unknown, revoked, idle too long or expired. */
export async function resolveSession(deps: Deps, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const now = deps.now().getTime();
  const sessions = deps.sessionCache;
  const hit = sessions.get(hash);
  if (hit && now - hit.cachedAt < CACHE_TTL_MS && now >= hit.cachedAt) {
    if (hit.expiresAt > now && hit.lastSeen + deps.config.sessionIdleMs > now) return hit.ctx;
    sessions.delete(hash);
    return null;
  }
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('organizations', 'organizations.id', 'users.org_id')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.id as userId',
      'users.org_id as orgId',
      'users.username',
      'users.is_active as isActive',
      'organizations.status as orgStatus',
      'roles.id as roleId',
      'roles.permissions',
      sql<boolean>`roles.key is not distinct from 'admin'`.as('isAdmin'),
    ])
    .where('sessions.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.revoked_at || !row.isActive || row.orgStatus !== 'active') return null;
  let lastSeen = new Date(row.last_seen_at).getTime();
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= now || lastSeen + deps.config.sessionIdleMs <= now) return null;
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await deps.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.sessionId)
      .execute();
    lastSeen = now;
  }
  const ctx: AuthContext = {
    sessionId: row.sessionId,
    userId: row.userId,
    orgId: row.orgId,
    username: row.username,
    isAdmin: row.isAdmin,
    roleId: row.roleId,
    permissions: permissionsOf(row.permissions),
  };
  if (sessions.size >= CACHE_MAX) sessions.clear();
  sessions.set(hash, { ctx, lastSeen, expiresAt, cachedAt: now });
  return ctx;
}

/** Ends one session (signing out), and the sockets it opened. */
export async function revokeSession(deps: Deps, token: string): Promise<void> {
  deps.sessionCache.delete(hashToken(token));
  const ended = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.now() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  if (ended.length)
    deps.events.emit(SESSIONS_ENDED, { sessionIds: ended.map((s) => s.id) } satisfies SessionsEnded);
}

/** Forgets cached sessions that match, so their next request reads user, role and organisation afresh. */
export function dropCachedSessions(deps: Deps, matches: (ctx: AuthContext) => boolean): void {
  const sessions = deps.sessionCache;
  for (const [hash, entry] of sessions) if (matches(entry.ctx)) sessions.delete(hash);
}

/** Ends every session of a user at once (password change, deactivation), sockets included. */
export async function revokeUserSessions(deps: Deps, userId: number) {
  dropCachedSessions(deps, (ctx) => ctx.userId === userId);
  const result = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  deps.events.emit(SESSIONS_ENDED, { userIds: [userId] } satisfies SessionsEnded);
  return result;
}

/** Ends every session of an organisation's users (the organisation was deactivated). */
export async function revokeOrgSessions(deps: Deps, orgId: number) {
  dropCachedSessions(deps, (ctx) => ctx.orgId === orgId);
  const ended = await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.now() })
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .execute();
  const users = await deps.db.selectFrom('users').select('id').where('org_id', '=', orgId).execute();
  deps.events.emit(SESSIONS_ENDED, {
    userIds: [...new Set([...ended.map((r) => r.user_id), ...users.map((u) => u.id)])],
  } satisfies SessionsEnded);
}
