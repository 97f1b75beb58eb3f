import type { DuckDbWarehouse } from '@catalyst/engine';
import { outboundBlockedCause } from '../lib/outbound';

/** Shared pieces of the warehouse adapters: limits, identifier quoting, errors users can act on. */

export const DEFAULT_MAX_ROWS = 10_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const CONNECT_TIMEOUT_MS = 10_000;

export interface QueryLimits {
  defaultMaxRows?: number;
  defaultTimeoutMs?: number;
}

/** Why a warehouse call failed; the service maps each kind to an HTTP status. */
export type WarehouseErrorKind =
  'connect' | 'auth' | 'timeout' | 'read_only' | 'not_found' | 'query' | 'unsupported';

/**
 * An error from a customer data source, with a message safe to show: it names the host, port,
 * database and user but never a password, key or API key.
 */
export class WarehouseError extends Error {
  constructor(
    readonly kind: WarehouseErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'WarehouseError';
  }
}

export const quoteDouble = (id: string): string => `"${id.replace(/"/g, '""')}"`;
export const quoteBacktick = (id: string): string => `\`${id.replace(/`/g, '``')}\``;

export function clampRows(n: number | undefined, fallback: number): number {
  if (n === undefined || !Number.isFinite(n)) return fallback;
  return Math.max(1, Math.min(1_000_000, Math.floor(n)));
}

export function clampTimeout(ms: number | undefined, fallback: number): number {
  if (ms === undefined || !Number.isFinite(ms)) return fallback;
  return Math.max(100, Math.min(3_600_000, Math.floor(ms)));
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name could not be resolved',
  ETIMEDOUT: 'connection timed out',
  ECONNRESET: 'connection reset by the server',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed by the server',
};

/**
 * Why a connection to a database host failed, in words that do not map the network: a refused,
 * reset, timed-out or non-database port all read the same (no port scanning through the error
 * text). A host the outbound policy refuses says so; a name that does not resolve says so.
 */
export function connectFailure(where: string, err: unknown): WarehouseError {
  const blocked = outboundBlockedCause(err);
  if (blocked) return new WarehouseError('connect', `could not connect to ${where}: ${blocked.message}`);
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return new WarehouseError('connect', `could not connect to ${where}: the host name was not found`);
  return new WarehouseError(
    'connect',
    `could not connect to ${where}: no database server accepted the connection. Check the host, the port and that the server accepts connections from Catalyst.`,
  );
}

/** The network-level reason of a driver error, e.g. "connection refused", or null. */
export function networkReason(err: unknown): string | null {
  const e = err as { code?: string; errors?: unknown[]; message?: string } | null;
  if (!e) return null;
  if (e.code && NETWORK_REASONS[e.code]) return NETWORK_REASONS[e.code]!;
  // Node's happy-eyeballs connect raises an AggregateError whose parts carry the codes.
  if (Array.isArray(e.errors))
    for (const part of e.errors) {
      const r = networkReason(part);
      if (r) return r;
    }
  if (e.message && /timeout/i.test(e.message) && /connect/i.test(e.message)) return 'connection timed out';
  return null;
}

/** Removes every occurrence of the given secrets from a message, in case a driver echoes one. */
export function redact(message: string, secrets: (string | undefined | null)[]): string {
  let out = message;
  for (const s of secrets) if (s && s.length >= 3) out = out.split(s).join('[redacted]');
  return out;
}

/** Makes driver values JSON-friendly: bigint → number (or text when unsafe), Date → ISO text, bytes → base64. */
export function plainValue(v: unknown): unknown {
  if (typeof v === 'bigint')
    return v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(v)
      : v.toString();
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  return v;
}

/**
 * A query instance reads its own tables only: without this, a SELECT such as
 * `SELECT * FROM read_text('…/secret.key')` would read any file the server can. Locked, so a
 * later statement cannot turn it back on.
 */
export async function sealOffFileSystem(wh: DuckDbWarehouse): Promise<void> {
  await wh.exec('SET enable_external_access = false');
  await wh.exec('SET lock_configuration = true');
}
