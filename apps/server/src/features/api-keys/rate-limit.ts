import { sql } from 'kysely';
import type { Deps } from '../../deps';
import './tables';

const WINDOW_MS = 60_000;
const KEY_WIDE = '*';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix time (seconds) when the current window ends and the count starts again. */
  reset: number;
  /** Seconds until then (Retry-After). */
  retryAfter: number;
  exceeded: boolean;
}

/**
 * Counts one request of a key to an endpoint in the current one-minute window and tells whether
 * it is within the key's limit and the endpoint's. One upsert (two rows: the key as a whole and
 * the key on this endpoint) in the app database, so several server instances count together.
 * The headers report whichever limit is closer to running out.
 */
export async function countRequest(
  deps: Deps,
  input: { keyId: number; endpointId: string; keyLimit: number; endpointLimit: number },
): Promise<RateLimitState> {
  const now = deps.now().getTime();
  const windowStart = new Date(Math.floor(now / WINDOW_MS) * WINDOW_MS);
  const rows = await deps.db
    .insertInto('api_rate_windows')
    .values([
      { key_id: input.keyId, endpoint: KEY_WIDE, window_start: windowStart, count: 1 },
      { key_id: input.keyId, endpoint: input.endpointId, window_start: windowStart, count: 1 },
    ])
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'endpoint', 'window_start'])
        .doUpdateSet({ count: sql`api_rate_windows.count + 1` }),
    )
    .returning(['endpoint', 'count'])
    .execute();
  const countOf = (endpoint: string) => rows.find((r) => r.endpoint === endpoint)?.count ?? 1;
  const key = { limit: input.keyLimit, used: countOf(KEY_WIDE) };
  const endpoint = { limit: input.endpointLimit, used: countOf(input.endpointId) };
  const binding = endpoint.limit - endpoint.used < key.limit - key.used ? endpoint : key;
  const end = windowStart.getTime() + WINDOW_MS;
  return {
    limit: binding.limit,
    remaining: Math.max(0, binding.limit - binding.used),
    reset: Math.ceil(end / 1000),
    retryAfter: Math.max(1, Math.ceil((end - now) / 1000)),
    exceeded: key.used > key.limit || endpoint.used > endpoint.limit,
  };
}
