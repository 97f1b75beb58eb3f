import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

/**
 * Requests Catalyst makes to addresses users type in (HTTP API data sources, LLM providers, MCP
 * servers, PostgreSQL and MySQL hosts) must not reach the private network the server sits in (SSRF): every address a name
 * resolves to is checked when the connection is made — after redirects and DNS changes too — and
 * loopback, private, link-local, carrier-grade NAT, multicast and unspecified addresses are refused
 * unless CATALYST_OUTBOUND_ALLOWLIST names the host or a CIDR range holding the address.
 */
export class OutboundBlockedError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host} resolves to ${address}, a private or local address: Catalyst does not call private networks. ` +
        'An administrator can allow it with CATALYST_OUTBOUND_ALLOWLIST.',
    );
  }
}

const BLOCKED_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const BLOCKED_V6 = [
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
  // Ranges that carry an IPv4 address inside: each can lead back to a private IPv4 network (an
  // IPv4-mapped address is IPv4 to the operating system), so all of them are refused whole.
  '::ffff:0:0/96', // IPv4-mapped
  '::/96', // IPv4-compatible (deprecated)
  '::ffff:0:0:0/96', // SIIT
  '64:ff9b::/96', // NAT64
  '64:ff9b:1::/48', // local-use NAT64
  '2002::/16', // 6to4
  '2001::/32', // Teredo
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/**
 * The address an address text stands for, in every spelling the resolver and the URL parser accept
 * (hex, octal and shortened IPv4, compressed or uppercase IPv6, a zone id, brackets), or null when
 * the text is not an address. An IPv4-mapped IPv6 address comes back as its IPv4 address.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return null;
  return ipaddr.parse(bare);
}

/** True for an address no user-given URL or database host may reach; text that is no address is refused too. */
export function isPrivateAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return true;
  if (parsed.kind() === 'ipv4') return BLOCKED_V4.some((range) => parsed.match(range));
  const v6 = parsed as ipaddr.IPv6;
  return BLOCKED_V6.some((range) => v6.match(range));
}

export interface OutboundPolicy {
  /** Host names and CIDR ranges (or single addresses) allowed even though private. */
  allow: string[];
}

/** Parses CATALYST_OUTBOUND_ALLOWLIST: "api.internal, 10.1.0.0/16, 127.0.0.1". */
export function parseAllowList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function allowed(policy: OutboundPolicy, host: string, address: string): boolean {
  const parsed = parseAddress(address);
  // The allow-list names IPv4 addresses as such: the mapped form of an allowed address is allowed.
  const target =
    parsed?.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
      ? (parsed as ipaddr.IPv6).toIPv4Address()
      : parsed;
  for (const entry of policy.allow) {
    if (entry === host.toLowerCase()) return true;
    if (!target) continue;
    try {
      const [range, bits] = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : [ipaddr.parse(entry), entry.includes(':') ? 128 : 32];
      if (range.kind() === target.kind() && target.match(range, bits)) return true;
    } catch {
      // A host name entry: compared above.
    }
  }
  return false;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A dns.lookup that refuses private addresses the policy does not allow: every address the name
 * has is checked, not only the one connected to. `resolve` is dns.lookup (tests give their own).
 */
export function guardedLookup(policy: OutboundPolicy, resolve: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isPrivateAddress(a.address) && !allowed(policy, hostname, a.address));
      if (bad)
        return callback(
          Object.assign(new OutboundBlockedError(hostname, bad.address), { code: 'EOUTBOUNDBLOCKED' }),
          [],
        );
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Refuses a URL before any request: only http and https, and no literal private address. */
export function checkOutboundUrl(url: string, policy: OutboundPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a valid URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`Only http and https URLs can be called (not ${parsed.protocol}).`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (parseAddress(host) && isPrivateAddress(host) && !allowed(policy, host, host))
    throw new OutboundBlockedError(host, host);
  return parsed;
}

/** The outbound side of one app: its policy and a fetch whose connection pool is closed with the app. */
export interface Outbound {
  policy: OutboundPolicy;
  fetch: typeof fetch;
  close(): Promise<void>;
}

export function createOutbound(policy: OutboundPolicy): Outbound {
  const dispatcher = guardedDispatcher(policy);
  return { policy, fetch: guardedFetch(policy, dispatcher), close: () => dispatcher.close() };
}

const guardedDispatcher = (policy: OutboundPolicy) =>
  new Agent({ connect: { lookup: guardedLookup(policy) as never } });

/**
 * A fetch whose connections go only where the policy allows (checked at connect time). The app
 * shares one (`deps.outbound.fetch`); without a dispatcher this one gets its own connection pool.
 */
export function guardedFetch(
  policy: OutboundPolicy,
  dispatcher: Dispatcher = guardedDispatcher(policy),
): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // Redirects are followed here, so that a redirect to a literal private address is checked too
    // (a literal address never goes through the lookup).
    for (let hop = 0; ; hop++) {
      checkOutboundUrl(url, policy);
      const res = (await undiciFetch(url, {
        ...(init as object),
        redirect: 'manual',
        dispatcher,
      } as never)) as unknown as Response;
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location || init?.redirect === 'manual') return res;
      if (hop >= 5) throw new Error(`${new URL(url).host} redirected more than 5 times.`);
      await res.body?.cancel();
      url = new URL(location, url).href;
    }
  }) as unknown as typeof fetch;
}

/** The blocked-address error behind a failed fetch, if that is why it failed. */
export function outboundBlockedCause(error: unknown): OutboundBlockedError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof OutboundBlockedError) return e;
  }
  return null;
}

/**
 * A TCP socket for a database host a user typed (PostgreSQL, MySQL): `connect(port, host)` goes
 * only where the policy allows. A literal address is checked as it is; a name is resolved through
 * `guardedLookup`, every address it has is checked, and the socket connects to a checked one — so
 * a name that changes its answer between check and connect (DNS rebinding) gains nothing.
 */
export function guardedSocket(policy: OutboundPolicy): net.Socket {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket) as (options: net.TcpSocketConnectOpts) => net.Socket;
  // The drivers call connect(port, host).
  socket.connect = ((port: number | string, host?: string) => {
    // A driver given a path (a host starting with "/") connects to a local socket file: never.
    if (typeof port !== 'number') {
      process.nextTick(() =>
        socket.destroy(
          Object.assign(new OutboundBlockedError(String(port), 'a local socket file'), {
            code: 'EOUTBOUNDBLOCKED',
            message: `${String(port)} is a local socket file, a private or local address: Catalyst connects to databases over the network only.`,
          }),
        ),
      );
      return socket;
    }
    const literal = (host ?? 'localhost').replace(/^\[|\]$/g, '');
    if (parseAddress(literal) && isPrivateAddress(literal) && !allowed(policy, literal, literal)) {
      process.nextTick(() =>
        socket.destroy(
          Object.assign(new OutboundBlockedError(literal, literal), { code: 'EOUTBOUNDBLOCKED' }),
        ),
      );
      return socket;
    }
    return connect({ port, host: literal, lookup: guardedLookup(policy) as never });
  }) as typeof socket.connect;
  return socket;
}
