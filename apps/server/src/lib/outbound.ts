import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type Dispatcher } from 'undici';

/**
 * Requests Catalyst makes to addresses users type in (HTTP API data sources, LLM providers, MCP
 * servers) must not reach the private network the server sits in (SSRF): every address a name
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

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

function blockList(entries: [string, number][], family: 'ipv4' | 'ipv6'): net.BlockList {
  const list = new net.BlockList();
  for (const [address, prefix] of entries) list.addSubnet(address, prefix, family);
  return list;
}
const privateV4 = blockList(BLOCKED_V4, 'ipv4');
const privateV6 = blockList(BLOCKED_V6, 'ipv6');

/** True for an address no user-given URL may reach (IPv4-mapped IPv6 is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return privateV4.check(mapped, 'ipv4');
  if (net.isIPv4(address)) return privateV4.check(address, 'ipv4');
  if (net.isIPv6(address)) return privateV6.check(address, 'ipv6');
  return true;
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
  const list = new net.BlockList();
  for (const entry of policy.allow) {
    if (entry === host.toLowerCase()) return true;
    const [ip, prefix] = entry.split('/');
    if (!ip || !net.isIP(ip)) continue;
    const family = net.isIPv4(ip) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(ip, family);
    else list.addSubnet(ip, Number(prefix), family);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return list.check(mapped, net.isIPv4(mapped) ? 'ipv4' : 'ipv6');
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup that refuses private addresses the policy does not allow. */
export function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
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
  if (net.isIP(host) && isPrivateAddress(host) && !allowed(policy, host, host))
    throw new OutboundBlockedError(host, host);
  return parsed;
}

const dispatchers = new Map<string, Dispatcher>();

/** A fetch whose connections go only where the policy allows (checked at connect time). */
export function guardedFetch(policy: OutboundPolicy): typeof fetch {
  const key = policy.allow.join(',');
  let dispatcher = dispatchers.get(key);
  if (!dispatcher) {
    dispatcher = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
    dispatchers.set(key, dispatcher);
  }
  const chosen = dispatcher;
  return (async (input: string | URL | Request, init?: RequestInit) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // Redirects are followed here, so that a redirect to a literal private address is checked too
    // (a literal address never goes through the lookup).
    for (let hop = 0; ; hop++) {
      checkOutboundUrl(url, policy);
      const res = (await undiciFetch(url, {
        ...(init as object),
        redirect: 'manual',
        dispatcher: chosen,
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
