import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from './errors.js';

/**
 * Requests to addresses a user chose (exchange destinations, Web Push endpoints): the server must
 * not become a way into the network it runs in (server-side request forgery, issue 38). Every such
 * address is resolved and refused when any of its addresses is not public, unless the operator
 * allowed its range (OUTBOUND_ALLOWED_RANGES); addresses the operator's environment names (SMS and
 * fax gateways, PSC discovery, INSi, QC service) are trusted and do not come here.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name stands for; rejects when it has none (tests inject their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await systemLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/** One range of addresses: an IPv4 or IPv6 network and its prefix length. */
export interface AddressRange {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** Why an address is not public: the name of the range it falls in. */
export type NonPublicRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'sharedAddressSpace'
  | 'linkLocal'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

const range = (cidr: string): AddressRange => {
  const parsed = parseAddressRange(cidr);
  if (!parsed) throw new Error(`Not a range: ${cidr}`);
  return parsed;
};

/**
 * The ranges no user-chosen request may reach (IANA special-purpose registries, RFC 6890): the
 * broadcast address before the reserved block it sits in, so that it is named for what it is.
 */
const NON_PUBLIC: Array<[NonPublicRange, AddressRange[]]> = [
  ['broadcast', [range('255.255.255.255/32')]],
  ['unspecified', [range('0.0.0.0/8'), range('::/128')]],
  ['loopback', [range('127.0.0.0/8'), range('::1/128')]],
  ['private', [range('10.0.0.0/8'), range('172.16.0.0/12'), range('192.168.0.0/16'), range('fc00::/7')]],
  ['sharedAddressSpace', [range('100.64.0.0/10')]],
  ['linkLocal', [range('169.254.0.0/16'), range('fe80::/10')]],
  ['multicast', [range('224.0.0.0/4'), range('ff00::/8')]],
  [
    'reserved',
    [
      // IETF protocol assignments, documentation, benchmarking, the future-use block (RFC 6890).
      range('192.0.0.0/24'),
      range('192.0.2.0/24'),
      range('198.18.0.0/15'),
      range('198.51.100.0/24'),
      range('203.0.113.0/24'),
      range('240.0.0.0/4'),
      // Discard-only, documentation, the deprecated site-local block.
      range('100::/64'),
      range('2001:db8::/32'),
      range('fec0::/10'),
    ],
  ],
];

function blockListOf(ranges: AddressRange[]): BlockList {
  const list = new BlockList();
  for (const { network, prefix, family } of ranges) list.addSubnet(network, prefix, family);
  return list;
}

const NON_PUBLIC_LISTS = NON_PUBLIC.map(([name, ranges]) => [name, blockListOf(ranges)] as const);
/** The IPv6 global unicast block: anything outside it is not an address of the public Internet. */
const GLOBAL_UNICAST = blockListOf([range('2000::/3')]);

/** `a.b.c.d/n`, `x:y::/n`, or a bare address (a range of one). Null when it is neither. */
export function parseAddressRange(text: string): AddressRange | null {
  const [network = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const version = isIP(network);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const bits = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { network, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= bits ? { network, prefix, family } : null;
}

/** The 16 bytes of an IPv6 address (already known valid by isIP). */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups written in IPv4's way.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups = [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

const ipv4Of = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 address an IPv6 one carries to the IPv4 Internet, when it does: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4
 * (2002:aabb:ccdd::). A request to one of them reaches that IPv4 address, so it is judged as it.
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return ipv4Of(bytes.slice(12));
  // ::a.b.c.d, but not :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (zeros(0, 12) && !zeros(12, 15)) return ipv4Of(bytes.slice(12));
  const nat64 = [0x00, 0x64, 0xff, 0x9b];
  if (nat64.every((byte, at) => bytes[at] === byte) && zeros(4, 12)) return ipv4Of(bytes.slice(12));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return ipv4Of(bytes.slice(2, 6));
  return null;
}

/** The non-public range an address falls in, or null for a public address. */
export function nonPublicRange(address: string): NonPublicRange | null {
  const version = isIP(address);
  if (version === 0) throw new Error(`Not an IP address: ${address}`);
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (family === 'ipv6') {
    const carried = embeddedIpv4(address);
    if (carried) return nonPublicRange(carried);
  }
  for (const [name, list] of NON_PUBLIC_LISTS) if (list.check(address, family)) return name;
  if (family === 'ipv6' && !GLOBAL_UNICAST.check(address, 'ipv6')) return 'reserved';
  return null;
}

/** The operator's allow-list: an address in one of these ranges is reached whatever it is. */
export class AllowedRanges {
  private readonly list: BlockList;
  constructor(readonly ranges: AddressRange[]) {
    this.list = blockListOf(ranges);
  }
  has(address: string): boolean {
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (this.list.check(address, family)) return true;
    // An IPv6 form of an allowed IPv4 address goes where the IPv4 one goes.
    const carried = family === 'ipv6' ? embeddedIpv4(address) : null;
    return carried !== null && this.list.check(carried, 'ipv4');
  }
}

/** Why a destination is refused; `field` names the input it came from, for the form. */
function refusal(field: string, reason: NonPublicRange | 'protocol'): AppError {
  return new AppError('destinationNotAllowed', { field, reason });
}

/** A URL's host as an address or a name: URL keeps IPv6 literals in brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export interface OutboundRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string | Uint8Array;
  timeoutMs: number;
}

/** The answer of a request to a checked address: its status only (the senders need no more). */
export interface OutboundAnswer {
  status: number;
}

export interface OutboundAddresses {
  /**
   * At the time a user sets a destination: refuses it (destinationNotAllowed) when it is not http(s)
   * or any address it stands for now is not public. A name that does not resolve yet is kept:
   * nothing can be sent to it, and the send checks it again.
   */
  refuseInternal(url: string, field: string): Promise<void>;
  /**
   * Sends one request after checking the address again (DNS may have changed since it was set),
   * connecting to the very addresses checked (no second resolution a DNS rebinding could swap) and
   * following no redirect: a 3xx is the answer, its Location is never requested.
   */
  send(url: string, request: OutboundRequest): Promise<OutboundAnswer>;
  /** refuseInternal for a bare host a user set (an SMTP relay): a name not resolving yet is kept. */
  refuseInternalHost(host: string, field: string): Promise<void>;
  /**
   * The checked addresses of a host a user set, as a connection is about to open (DNS may have
   * changed): the connection goes to one of them, asking no DNS again. Throws when none is usable.
   */
  hostAddresses(host: string, field: string): Promise<ResolvedAddress[]>;
}

export function outboundAddresses(
  allowed: AllowedRanges,
  resolve: HostResolver = systemResolver,
): OutboundAddresses {
  /** The reason the first refused address of `addresses` is refused, or null when all may be reached. */
  const refusedRange = (addresses: ResolvedAddress[]) => {
    for (const { address } of addresses) {
      const range = allowed.has(address) ? null : nonPublicRange(address);
      if (range) return range;
    }
    return null;
  };

  const parse = (url: string, field: string) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refusal(field, 'protocol');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refusal(field, 'protocol');
    return parsed;
  };

  /** Every address of the host, checked; throws destinationNotAllowed on the first refused. */
  const checkedHost = async (host: string, field: string, unresolved: 'keep' | 'throw') => {
    const version = isIP(host);
    let addresses: ResolvedAddress[];
    if (version !== 0) addresses = [{ address: host, family: version === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await resolve(host);
      } catch (error) {
        if (unresolved === 'keep') return [];
        throw error;
      }
    }
    const range = refusedRange(addresses);
    if (range) throw refusal(field, range);
    return addresses;
  };
  const checkedAddresses = (parsed: URL, field: string, unresolved: 'keep' | 'throw') =>
    checkedHost(hostOf(parsed), field, unresolved);
  /** A bare host as typed: an IPv6 literal may come in brackets. */
  const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

  return {
    async refuseInternal(url, field) {
      await checkedAddresses(parse(url, field), field, 'keep');
    },

    async refuseInternalHost(host, field) {
      await checkedHost(bare(host), field, 'keep');
    },

    async hostAddresses(host, field) {
      const addresses = await checkedHost(bare(host), field, 'throw');
      if (addresses.length === 0) throw new Error(`${host} has no address`);
      return addresses;
    },

    async send(url, { method, headers, body, timeoutMs }) {
      const target = parse(url, 'url');
      const addresses = await checkedAddresses(target, 'url', 'throw');
      if (addresses.length === 0) throw new Error(`${hostOf(target)} has no address`);
      // The connection asks this instead of the DNS: it gets the addresses just checked, nothing else.
      const pinned = ((_hostname, options, callback) => {
        const wanted = addresses.filter(({ family }) => !options.family || options.family === family);
        const usable = wanted.length > 0 ? wanted : addresses;
        if (options.all) callback(null, usable);
        else {
          const [first] = usable as [ResolvedAddress];
          callback(null, first.address, first.family);
        }
      }) as LookupFunction;
      const client = target.protocol === 'https:' ? https : http;
      const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
      // A length rather than a chunked body: some receivers of HL7 and HPRIM refuse chunks.
      const sized = Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')
        ? headers
        : { ...headers, 'content-length': String(payload.byteLength) };
      return await new Promise<OutboundAnswer>((resolveAnswer, reject) => {
        const outgoing = client.request(
          target,
          {
            method,
            headers: sized,
            lookup: pinned,
            // A fresh connection: a pooled socket would skip the pinned lookup.
            agent: false,
            signal: AbortSignal.timeout(timeoutMs),
          },
          (incoming) => {
            // The body is not needed; it is read so that the socket closes cleanly.
            incoming.resume();
            incoming.on('end', () => resolveAnswer({ status: incoming.statusCode ?? 0 }));
            incoming.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(payload);
      });
    },
  };
}
