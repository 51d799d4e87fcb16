// Where a webhook may point. On save: the share-link URL rule (http(s), a public host, no user
// name or password; contract PATTERNS.httpUrl). At delivery: the host's addresses after DNS
// resolution, so a name that resolves to the server's own network (or changed to since it was
// saved) is refused too; the connection is made to the very address that was checked.
// WEBHOOKS_ALLOW_PRIVATE_URLS=true lifts the address rule (local development and tests).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { matchesPattern, MESSAGES } from 'contract';

/** Addresses a webhook never reaches: loopback, private, link-local, shared, multicast, reserved. */
const blocked = new BlockList();
for (const [net, prefix] of [
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
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/**
 * The IPv4 address an IPv6 address carries, when it is IPv4-mapped (::ffff:a.b.c.d), or
 * IPv4-compatible or NAT64 (64:ff9b::/96): such an address reaches that IPv4 host.
 */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
  }
  return false;
}

export const URL_MESSAGE = MESSAGES.urlInvalid;
export const PRIVATE_MESSAGE = 'must be a public address (not loopback, private or link-local)';

/**
 * Why `url` may not be a webhook target, or null when it may. The WHATWG parser reads the host
 * as a client does, so every IPv4 notation (0x7f.1, 2130706433, 0177.0.0.1) arrives here as the
 * dotted form it means.
 */
export function targetUrlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return URL_MESSAGE;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return URL_MESSAGE;
  if (parsed.username || parsed.password) return 'must not contain a user name or password';
  if (allowPrivate) return null;
  if (isNonPublicAddress(parsed.hostname) || /(^|\.)localhost\.?$/i.test(parsed.hostname))
    return PRIVATE_MESSAGE;
  if (!matchesPattern('httpUrl', url)) return URL_MESSAGE;
  return null;
}

export class TargetRefused extends Error {}

/**
 * A `lookup` for http.request that resolves the host and refuses it when any of its addresses
 * is not public: the socket connects only to an address this function returned.
 */
export function publicOnlyLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate
        ? undefined
        : addresses.find((a) => isNonPublicAddress(a.address));
      if (refused) {
        return callback(
          new TargetRefused(`${hostname} resolves to ${refused.address}, which is not public`),
          '',
          0,
        );
      }
      if (options.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
