// Where a webhook may point: the contract's one address rule for targets (contract/addresses.ts,
// also the share-link targets' rule). On save: an http(s) URL without user name or password on a
// public host (matchesPattern('httpUrl'), which includes hasPublicHost). At delivery: the host's
// addresses after DNS resolution, so a name that resolves to the server's own network (or changed
// to since it was saved) is refused too; the connection is made to the very address that was
// checked. WEBHOOKS_ALLOW_PRIVATE_URLS=true lifts the address rule (local development and tests).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { hasPublicHost, isPublicAddress, matchesPattern, MESSAGES } from 'contract';

/**
 * True when `address` is an IP literal (brackets allowed) the address rule refuses: loopback,
 * private, link-local, shared, multicast, documentation and the other non-public ranges
 * (contract isPublicAddress). A host name is not an address: false (its addresses are judged
 * after resolution, publicOnlyLookup).
 */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  return isIP(bare) !== 0 && !isPublicAddress(bare);
}

export const URL_MESSAGE = MESSAGES.urlInvalid;
export const PRIVATE_MESSAGE =
  'must be a public address (not localhost, loopback, private, link-local or reserved)';

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
  if (!hasPublicHost(url)) return PRIVATE_MESSAGE;
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
