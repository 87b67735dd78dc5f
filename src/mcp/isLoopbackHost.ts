import { BlockList, isIPv4, isIPv6 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether binding `host` serves this machine only: an address in 127.0.0.0/8, `::1` in any of
 * its spellings, an IPv4-mapped loopback address, or the name `localhost`. Decided on the
 * address, not the text, so `127.0.0.2` is loopback and `0.0.0.0` is not.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (/^localhost\.?$/i.test(bare)) return true;
  if (isIPv4(bare)) return LOOPBACK.check(bare, 'ipv4');
  // BlockList compares parsed addresses: `0:0:0:0:0:0:0:1` and `::ffff:127.0.0.1` match too.
  if (isIPv6(bare)) return LOOPBACK.check(bare, 'ipv6');
  return false;
}
