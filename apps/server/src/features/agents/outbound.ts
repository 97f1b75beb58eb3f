import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import {
  checkOutboundUrl,
  OutboundBlockedError,
  outboundBlockedCause,
  type OutboundPolicy,
} from '../../lib/outbound';

/**
 * Outbound calls to addresses users typed (the LLM provider, MCP servers). Every such call of
 * this feature goes through `assertCallableUrl` first.
 */

/** The most of a reply this feature reads: enough for a chat completion or a long tool list. */
export const MAX_REPLY_BYTES = 1024 * 1024;

/**
 * Refuses an address the server must not call: anything but http(s), addresses with a
 * user:password part, and literal private or local addresses the outbound policy does not allow
 * (lib/outbound.ts). A host name is checked when the request connects: call it with
 * `deps.outbound.fetch`.
 */
export function assertCallableUrl(address: string, policy: OutboundPolicy): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new AppError(
      'VALIDATION_FAILED',
      `"${address.slice(0, 100)}" is not a full address such as https://api.example.com/v1.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new AppError('VALIDATION_FAILED', 'Only http:// and https:// addresses can be called.');
  if (url.username || url.password)
    throw new AppError('VALIDATION_FAILED', 'The address must not contain a user name or password.');
  try {
    checkOutboundUrl(url.href, policy);
  } catch (error) {
    if (error instanceof OutboundBlockedError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
  return url;
}

export const outboundPolicy = (deps: Pick<Deps, 'config'>): OutboundPolicy => ({
  allow: deps.config.outboundAllowList,
});

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection closed unexpectedly',
  EAI_AGAIN: 'its host name could not be resolved (DNS)',
  EPROTO: 'the TLS handshake failed (is it really https?)',
  ERR_SSL_WRONG_VERSION_NUMBER: 'the TLS handshake failed (is it really https?)',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[] } } | undefined)?.cause;
  return cause?.code ?? cause?.errors?.find((e) => e.code)?.code;
}

/** Why a request got no answer, e.g. "could not connect to http://127.0.0.1:9: connection refused". */
export function describeFetchError(error: unknown, url: URL, timeoutMs: number): string {
  const name = (error as { name?: string } | undefined)?.name;
  const blocked = outboundBlockedCause(error);
  if (blocked) return `could not connect to ${url.origin}: ${blocked.message}`;
  if (name === 'TimeoutError' || name === 'AbortError')
    return `no answer from ${url.origin} within ${Math.round(timeoutMs / 100) / 10} s`;
  const code = errorCode(error);
  if (code === 'ENOTFOUND')
    return `could not connect to ${url.origin}: the host name ${url.hostname} was not found`;
  // fetch refuses the ports browsers block (9, 25, 6000, …) before connecting.
  if (error instanceof Error && error.cause instanceof Error && error.cause.message === 'bad port')
    return `could not connect to ${url.origin}: port ${url.port} is one that HTTP clients refuse to call; use another port`;
  const reason =
    (code && NETWORK_REASONS[code]) ??
    (error instanceof Error && error.cause instanceof Error
      ? error.cause.message
      : error instanceof Error
        ? error.message
        : String(error));
  return `could not connect to ${url.origin}: ${reason}`;
}

/** Reads a reply as text, at most MAX_REPLY_BYTES (a larger one is refused, not buffered). */
export async function readReply(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REPLY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ReplyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export class ReplyTooLarge extends Error {
  constructor() {
    super(`the reply is larger than ${MAX_REPLY_BYTES / 1024 / 1024} MB`);
  }
}

/** The error text an API put in its JSON body ({ error: { message } }, { message }, { error }), else the start of the body. */
export function errorDetail(body: string): string {
  try {
    const json = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const text = typeof json.error === 'object' ? json.error?.message : (json.error ?? json.message);
    if (typeof text === 'string' && text.trim()) return text.trim().slice(0, 300);
  } catch {
    // Not JSON: the body itself, shortened.
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/** Removes a secret from a text shown to people (a provider may echo the key it was sent). */
export function redact(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}
