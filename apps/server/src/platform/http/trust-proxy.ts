import { BlockList, isIP } from 'node:net';

/** Names @fastify/proxy-addr knows for the usual private ranges (Docker networks, a proxy on the host). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const SPOOFING = 'choose its IP address through X-Forwarded-For and so escape the per-IP rate limits';
const INSTEAD =
  'give the address of the reverse proxy instead, e.g. 127.0.0.1 for nginx on the same host, ' +
  'or its network as a CIDR range such as 10.0.0.0/8';
const TRUSTS_EVERYONE = `would let any client ${SPOOFING}; ${INSTEAD}`;

/** Fastify's trust function: `hop` 0 is the connecting peer, 1 the last X-Forwarded-For entry, and so on. */
type TTrustHop = (address: string, hop: number) => boolean;
export type TTrustProxy = false | string[] | TTrustHop;

const MAX_HOPS = 10;

/** Where a reverse proxy connects from: loopback and the private ranges, never a public address. */
const PRIVATE_PEERS = new BlockList();
PRIVATE_PEERS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_PEERS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_PEERS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_PEERS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_PEERS.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_PEERS.addAddress('::1', 'ipv6');
PRIVATE_PEERS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_PEERS.addSubnet('fe80::', 10, 'ipv6');

function isPrivatePeer(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const version = isIP(plain);
  return version !== 0 && PRIVATE_PEERS.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count trusts that many proxies in front of the portal. Plain hop counting (Express's, and
 * Fastify's before 5.12.1, which now ignores numbers) believes whatever a client that connects directly
 * writes into X-Forwarded-For. Here the nearest hop must connect from loopback or a private network, as
 * a reverse proxy does: a client on the internet reaching the port directly is never taken for a proxy.
 */
function trustHops(count: number): TTrustHop {
  return (address, hop) => hop < count && (hop > 0 || isPrivatePeer(address));
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`: the addresses or CIDR ranges of the proxies whose
 * X-Forwarded-For is believed, or a hop count (see trustHops). Everything that trusts any client's own
 * claim is refused, with the reason: `true` and `0.0.0.0/0` trust every peer.
 */
export function parseTrustProxy(value: string | undefined): { trust: TTrustProxy } | { problem: string } {
  const given = value?.trim() ?? '';
  if (given === '' || given.toLowerCase() === 'false') return { trust: false };
  if (given.toLowerCase() === 'true') return { problem: `"true" ${TRUSTS_EVERYONE}` };
  if (/^\d+$/.test(given)) {
    const count = Number(given);
    if (count === 0) return { trust: false };
    if (count > MAX_HOPS) return { problem: `a hop count above ${MAX_HOPS} ("${given}") ${TRUSTS_EVERYONE}` };
    return { trust: trustHops(count) };
  }
  const entries = given
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return { problem };
  }
  return { trust: entries };
}

function entryProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  const invalid = `"${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, fd00::/8, loopback, uniquelocal)`;
  if (version === 0 || rest.length > 0) return invalid;
  if (prefix === undefined) return undefined;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)) return invalid;
  return Number(prefix) === 0 ? `"${entry}" holds every address and ${TRUSTS_EVERYONE}` : undefined;
}
