import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * Counts attempts per (scope, key) in a fixed window, in the database, atomically: one upsert
 * both counts the attempt and returns the new count, so any number of parallel attempts (on any
 * instance) get distinct counts 1, 2, 3 … and at most `limit` of them are let through. A check
 * that first reads the count and writes it later lets every attempt in flight read "under the
 * limit" (the review saw 34 password checks out of 150 parallel guesses).
 *
 * The window starts with the first attempt and lasts `windowMs`; `clear` forgets the key (a
 * successful sign-in).
 */
export interface AttemptThrottle {
  scope: string;
  limit: number;
  windowMs: number;
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function takeAttempt(
  db: Db,
  throttle: AttemptThrottle,
  key: string,
  now: Date,
): Promise<Attempt> {
  const windowStart = new Date(now.getTime() - throttle.windowMs);
  const row = await sql<{ attempts: number; window_started_at: Date }>`
    insert into attempt_throttle (scope, key, attempts, window_started_at)
    values (${throttle.scope}, ${key}, 1, ${now})
    on conflict (scope, key) do update set
      attempts = case when attempt_throttle.window_started_at <= ${windowStart} then 1
                      else attempt_throttle.attempts + 1 end,
      window_started_at = case when attempt_throttle.window_started_at <= ${windowStart} then ${now}
                               else attempt_throttle.window_started_at end
    returning attempts, window_started_at`
    .execute(db)
    .then((r) => r.rows[0]!);
  if (row.attempts <= throttle.limit) return { allowed: true };
  const endsAt = new Date(row.window_started_at).getTime() + throttle.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Whether the key has used up its attempts, without counting one. */
export async function isThrottled(
  db: Db,
  throttle: AttemptThrottle,
  key: string,
  now: Date,
): Promise<Attempt> {
  const row = await db
    .selectFrom('attempt_throttle')
    .select(['attempts', 'window_started_at'])
    .where('scope', '=', throttle.scope)
    .where('key', '=', key)
    .where('window_started_at', '>', new Date(now.getTime() - throttle.windowMs))
    .executeTakeFirst();
  if (!row || row.attempts < throttle.limit) return { allowed: true };
  const endsAt = new Date(row.window_started_at).getTime() + throttle.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

export const clearAttempts = (db: Db, throttle: AttemptThrottle, key: string) =>
  db.deleteFrom('attempt_throttle').where('scope', '=', throttle.scope).where('key', '=', key).execute();

interface AttemptThrottleTable {
  scope: string;
  key: string;
  attempts: number;
  window_started_at: Date;
}

declare module '../../db/schema' {
  interface Database {
    attempt_throttle: AttemptThrottleTable;
  }
}
