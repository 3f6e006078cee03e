import type { HostResolver } from '../src/lib/outbound-address.js';

/**
 * The test apps' resolver of user-set host names: the names given here, `localhost` as the
 * machine's hosts file has it, and no other (as the DNS answers a name that does not exist), so
 * that no test sends a DNS query out of the machine.
 */
export function localNames(names: Record<string, string[]> = {}): HostResolver {
  const known: Record<string, string[]> = { localhost: ['127.0.0.1'], ...names };
  return async (hostname) => {
    const addresses = known[hostname.toLowerCase()];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
