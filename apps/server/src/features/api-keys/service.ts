import {
  API_KEY_PERMISSIONS,
  PERMISSION_IDS,
  type TApiKey,
  type TApiKeyPermission,
  type TApiKeyStatus,
  type TApiSummary,
  type TCreateApiKey,
  type TCreatedApiKey,
  type TPermission,
} from '@catalyst/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { generateApiKey, maskedKey } from './key-format';
import { listEndpoints } from './endpoints';
import { requestFigures } from './request-log';
import './tables';

/** The highest of a key's chosen levels (they are cumulative: write includes read). */
export function keyLevel(permissions: readonly TApiKeyPermission[]): TApiKeyPermission {
  return [...API_KEY_PERMISSIONS].reverse().find((p) => permissions.includes(p)) ?? 'read';
}

const READ: readonly TPermission[] = ['users.read', 'orgs.read', 'data.read', 'reports.view'];
const WRITE: readonly TPermission[] = [...READ, 'users.write', 'orgs.write', 'data.write'];

/**
 * What a key may do: its creator's permissions now, narrowed to its level — read keeps the
 * read permissions, write adds the write ones, admin keeps everything the creator holds.
 */
export function keyPermissions(
  level: TApiKeyPermission,
  creatorPermissions: readonly TPermission[],
): TPermission[] {
  const allowed = level === 'admin' ? PERMISSION_IDS : level === 'write' ? WRITE : READ;
  return creatorPermissions.filter((p) => allowed.includes(p));
}

function keyStatus(key: { expires_at: Date | null }, owner: { active: boolean }, now: Date): TApiKeyStatus {
  if (key.expires_at && new Date(key.expires_at).getTime() <= now.getTime()) return 'expired';
  return owner.active ? 'active' : 'inactive';
}

const keysOf = (deps: Deps, orgId: number) =>
  deps.db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.created_by')
    .innerJoin('organizations as o', 'o.id', 'k.org_id')
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.permissions',
      'k.rate_limit',
      'k.expires_at',
      'k.last_used_at',
      'k.request_count',
      'k.created_at',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.is_active',
      'o.status as org_status',
    ])
    .where('k.org_id', '=', orgId)
    .where('k.revoked_at', 'is', null);

type KeyListRow = Awaited<ReturnType<ReturnType<typeof keysOf>['execute']>>[number];

function toApiKey(row: KeyListRow, now: Date): TApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: maskedKey(row.prefix),
    permissions: row.permissions,
    status: keyStatus(row, { active: row.is_active && row.org_status === 'active' }, now),
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.username,
    lastUsed: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    requestCount: Number(row.request_count),
    rateLimit: row.rate_limit,
  };
}

export async function listKeys(deps: Deps, orgId: number): Promise<TApiKey[]> {
  const rows = await keysOf(deps, orgId).orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();
  const now = deps.now();
  return rows.map((r) => toApiKey(r, now));
}

/** Makes a key for the caller; the answer is the only place its secret ever appears. */
export async function createKey(
  deps: Deps,
  input: { orgId: number; userId: number; key: TCreateApiKey },
): Promise<TCreatedApiKey> {
  const now = deps.now();
  if (input.key.expiresAt && new Date(input.key.expiresAt).getTime() <= now.getTime()) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The expiry date must be in the future (or leave it empty for a key that does not expire).',
    );
  }
  const order = API_KEY_PERMISSIONS.filter((p) => input.key.permissions.includes(p));
  const secret = generateApiKey(now);
  const row = await deps.db
    .insertInto('api_keys')
    .values({
      org_id: input.orgId,
      created_by: input.userId,
      name: input.key.name,
      prefix: secret.prefix,
      key_hash: secret.hash,
      permissions: JSON.stringify(order),
      rate_limit: input.key.rateLimit,
      expires_at: input.key.expiresAt ? new Date(input.key.expiresAt) : null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = await keysOf(deps, input.orgId).where('k.id', '=', row.id).executeTakeFirstOrThrow();
  return { ...toApiKey(created, now), key: secret.key };
}

/** Deleting a key revokes it at once: its next request answers 401 "revoked". */
export async function revokeKey(
  deps: Deps,
  input: { orgId: number; userId: number; id: number },
): Promise<void> {
  const result = await deps.db
    .updateTable('api_keys')
    .set({ revoked_at: deps.now(), revoked_by: input.userId })
    .where('id', '=', input.id)
    .where('org_id', '=', input.orgId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(`API key ${input.id}`);
}

/** The four summary cards of the API Management tab, every figure computed. */
export async function apiSummary(deps: Deps, app: FastifyInstance, orgId: number): Promise<TApiSummary> {
  const [keys, endpoints, figures] = await Promise.all([
    listKeys(deps, orgId),
    listEndpoints(deps, app, orgId),
    requestFigures(deps, orgId),
  ]);
  return {
    totalKeys: keys.length,
    activeKeys: keys.filter((k) => k.status === 'active').length,
    endpoints: endpoints.length,
    enabledEndpoints: endpoints.filter((e) => e.enabled).length,
    ...figures,
  };
}
