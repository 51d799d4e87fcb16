// The one address rule for URLs the product makes someone else's browser or its own server visit:
// share-link targets (a product's, a campaign's or a brand's URL) and webhook targets. Such a URL
// must name a public host, never this machine, the server's own network or an address no public
// page can have. The forms, the server's validation (HttpUrl, matchesPattern('httpUrl')) and the
// webhook sender's check after DNS resolution all judge with these functions.
import ipaddr from 'ipaddr.js';

/**
 * IPv6 ranges refused besides those ipaddr.js names (`range()` other than 'unicast'): IPv4-
 * compatible addresses (::a.b.c.d, deprecated but still reaching that IPv4 host) and the rest of
 * ::/8, which IANA reserves.
 */
const RESERVED_IPV6: ReadonlyArray<[ipaddr.IPv6, number]> = [[ipaddr.IPv6.parse('::'), 8]];

/**
 * True when `address`, an IPv4 or IPv6 literal (brackets allowed), is an ordinary public unicast
 * address. Refused: unspecified 0.0.0.0/8, loopback 127.0.0.0/8, private 10/8, 172.16/12 and
 * 192.168/16, link-local 169.254/16, shared (CGNAT) 100.64.0.0/10, multicast 224.0.0.0/4,
 * broadcast 255.255.255.255, reserved 240.0.0.0/4, IETF 192.0.0.0/24, benchmarking 198.18.0.0/15,
 * documentation 192.0.2.0/24, 198.51.100.0/24 and 203.0.113.0/24 (and the other IANA special-
 * purpose ranges ipaddr.js knows); in IPv6 ::, ::1, unique-local fc00::/7, link-local fe80::/10,
 * site-local fec0::/10, multicast ff00::/8, documentation 2001:db8::/32, IPv4-mapped ::ffff:0:0/96,
 * NAT64 64:ff9b::/96, 6to4, Teredo and ::/8. Anything that does not parse as an address is not
 * a public address either.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Strict forms only (ipaddr.isValid would also take 0x7f.1 or 2130706433): a URL host reaches
  // here in the dotted form the WHATWG parser turned it into, and resolvers answer in this form.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare))
    return ipaddr.IPv4.parse(bare).range() === 'unicast';
  // A zone (fe80::1%eth0) names a local interface: never public.
  if (!ipaddr.IPv6.isValid(bare) || bare.includes('%')) return false;
  const v6 = ipaddr.IPv6.parse(bare);
  return v6.range() === 'unicast' && !RESERVED_IPV6.some((range) => v6.match(range));
}

/** True for an IP literal as a URL host carries it: dotted IPv4, or IPv6 in brackets. */
const isAddressLiteral = (hostname: string): boolean =>
  hostname.startsWith('[') || /^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$/.test(hostname);

/**
 * True when `hostname`, as the WHATWG URL parser gives it, may be a target: not `localhost` nor
 * a name under it (browsers and many resolvers send every `*.localhost` to loopback, RFC 6761),
 * and, when it is an IP literal, a public address (isPublicAddress). Other names are judged by
 * their addresses where the server connects (the webhook sender checks them after DNS
 * resolution); a browser following a share link connects from the visitor's own network.
 */
export function isPublicHost(hostname: string): boolean {
  if (/(^|\.)localhost\.?$/i.test(hostname)) return false;
  return isAddressLiteral(hostname) ? isPublicAddress(hostname) : hostname.length > 0;
}
