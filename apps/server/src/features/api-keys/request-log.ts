import type { TApiRequestLogPage } from '@catalyst/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../deps';
import './tables';

/** Request logs are kept this long (the Total Requests card counts the same 30 days). */
const LOG_RETENTION_DAYS = 30;
const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT = 200;
// Old rate-limit windows and expired logs are swept at most this often (any instance may do it).
const SWEEP_EVERY_MS = 10 * 60_000;

export interface LoggedRequest {
  orgId: number;
  keyId: number;
  keyMasked: string;
  method: string;
  endpoint: string;
  status: number;
  responseMs: number;
  ip: string;
  at: Date;
}

/**
 * Writes the request logs of key requests in batches, off the request's path: a request only
 * pushes its entry; a timer (or a full batch) inserts them with one statement and adds them to
 * the keys' request counts and last use. A failed write is logged, never thrown at a request.
 */
export function createRequestLogWriter(deps: Deps) {
  let pending: LoggedRequest[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let lastSweep = 0;

  async function write(batch: LoggedRequest[]): Promise<void> {
    await deps.db
      .insertInto('api_request_logs')
      .values(
        batch.map((e) => ({
          org_id: e.orgId,
          key_id: e.keyId,
          key_masked: e.keyMasked,
          method: e.method,
          endpoint: e.endpoint,
          status: e.status,
          response_ms: e.responseMs,
          ip: e.ip,
          created_at: e.at,
        })),
      )
      .execute();
    const perKey = new Map<number, { n: number; last: Date }>();
    for (const e of batch) {
      const seen = perKey.get(e.keyId);
      perKey.set(e.keyId, { n: (seen?.n ?? 0) + 1, last: seen && seen.last > e.at ? seen.last : e.at });
    }
    for (const [keyId, { n, last }] of perKey) {
      await deps.db
        .updateTable('api_keys')
        .set({ request_count: sql`request_count + ${n}`, last_used_at: sql`greatest(last_used_at, ${last})` })
        .where('id', '=', keyId)
        .execute();
    }
    const now = deps.now().getTime();
    if (now - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = now;
      await sweep(deps);
    }
  }

  /** Writes what is pending now; resolves once it (and any write before it) is stored. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = [];
    running = running.then(async () => {
      if (batch.length === 0) return;
      try {
        await write(batch);
      } catch (error) {
        deps.logger.error({ err: error, entries: batch.length }, 'could not write API request logs');
      }
    });
    return running;
  }

  return {
    push(entry: LoggedRequest): void {
      pending.push(entry);
      if (pending.length >= FLUSH_AT) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_EVERY_MS);
        timer.unref();
      }
    },
    flush,
  };
}

/** Drops logs past the retention and rate-limit windows no longer counted. */
async function sweep(deps: Deps): Promise<void> {
  const now = deps.now().getTime();
  await deps.db
    .deleteFrom('api_request_logs')
    .where('created_at', '<', new Date(now - LOG_RETENTION_DAYS * 86_400_000))
    .execute();
  await deps.db
    .deleteFrom('api_rate_windows')
    .where('window_start', '<', new Date(now - 3_600_000))
    .execute();
}

/** One page of the organisation's request logs, newest first. */
export async function listRequestLogs(
  deps: Deps,
  input: { orgId: number; page: number; limit: number },
): Promise<TApiRequestLogPage> {
  const since = new Date(deps.now().getTime() - LOG_RETENTION_DAYS * 86_400_000);
  const base = deps.db
    .selectFrom('api_request_logs as l')
    .where('l.org_id', '=', input.orgId)
    .where('l.created_at', '>=', since);
  const [{ total }, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('api_keys as k', 'k.id', 'l.key_id')
      .select([
        'l.id',
        'l.created_at',
        'l.key_masked',
        'l.method',
        'l.endpoint',
        'l.status',
        'l.response_ms',
        'l.ip',
        'k.name as key_name',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
  ]);
  return {
    page: input.page,
    limit: input.limit,
    total,
    logs: rows.map((r) => ({
      id: String(r.id),
      timestamp: new Date(r.created_at).toISOString(),
      apiKey: r.key_masked,
      keyName: r.key_name ?? null,
      endpoint: r.endpoint,
      method: r.method,
      status: r.status,
      responseTime: r.response_ms,
      ipAddress: r.ip,
    })),
  };
}

/** Requests of the last 30 days and of the last 24 hours, and the measured success rate (2xx ÷ all). */
export async function requestFigures(
  deps: Deps,
  orgId: number,
): Promise<{ requests30d: number; requests24h: number; successRate24h: number | null }> {
  const now = deps.now().getTime();
  const day = new Date(now - 86_400_000);
  const row = await deps.db
    .selectFrom('api_request_logs')
    .select([
      sql<number>`count(*)::int`.as('month'),
      sql<number>`(count(*) filter (where created_at >= ${day}))::int`.as('day'),
      sql<number>`(count(*) filter (where created_at >= ${day} and status between 200 and 299))::int`.as(
        'ok',
      ),
    ])
    .where('org_id', '=', orgId)
    .where('created_at', '>=', new Date(now - LOG_RETENTION_DAYS * 86_400_000))
    .executeTakeFirstOrThrow();
  return {
    requests30d: row.month,
    requests24h: row.day,
    successRate24h: row.day === 0 ? null : Math.round((row.ok / row.day) * 1000) / 10,
  };
}
