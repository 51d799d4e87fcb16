// The contract's address rule (contract/addresses.ts) as the tests of every target that follows
// it check it: share-link targets (products, campaigns, brands) and webhook targets. Each host
// is written as a person or an attacker might type it; the WHATWG URL parser reads most of them
// as another address (noted where it is not obvious).

/** Hosts refused everywhere a target is saved, each with what a browser makes of it. */
export const NON_PUBLIC_HOSTS: ReadonlyArray<readonly [host: string, means: string]> = [
  // Loopback in every IPv4 notation a browser accepts.
  ['127.0.0.1', 'loopback'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['127.255.255.254', 'loopback'],
  ['127.0.0.1.', '127.0.0.1 (trailing dot)'],
  ['0177.0.0.1', '127.0.0.1 (octal)'],
  ['0177.1', '127.0.0.1'],
  ['0x7f.0.0.1', '127.0.0.1 (hex)'],
  ['0X7F.0x0.0.01', '127.0.0.1 (mixed)'],
  ['0x7f.1', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['2130706433', '127.0.0.1 (one number)'],
  ['017700000001', '127.0.0.1 (one octal number)'],
  ['①②⑦.0.0.1', '127.0.0.1 (full-width digits)'],
  // "This network".
  ['0.0.0.0', 'unspecified'],
  ['0', '0.0.0.0'],
  ['0x0', '0.0.0.0'],
  // Private.
  ['10.0.0.8', 'private'],
  ['10.1', '10.0.0.1'],
  ['012.0.0.1', '10.0.0.1 (octal)'],
  ['167772161', '10.0.0.1'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['0xac.0x10.0.1', '172.16.0.1'],
  ['192.168.1.1', 'private'],
  ['0xc0.0xa8.0x01.0x01', '192.168.1.1'],
  ['0300.0250.0.1', '192.168.0.1'],
  ['3232235777', '192.168.1.1'],
  // Link-local, the cloud metadata address among them.
  ['169.254.169.254', 'link-local'],
  ['0251.0376.0251.0376', '169.254.169.254'],
  ['0xa9fea9fe', '169.254.169.254'],
  ['2852039166', '169.254.169.254'],
  // Shared address space (CGNAT), multicast, broadcast, reserved.
  ['100.64.0.1', 'CGNAT'],
  ['100.127.255.254', 'CGNAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['0xffffffff', '255.255.255.255'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'IETF protocol assignments'],
  // Benchmarking and documentation.
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking'],
  ['192.0.2.1', 'documentation (TEST-NET-1)'],
  ['198.51.100.7', 'documentation (TEST-NET-2)'],
  ['203.0.113.9', 'documentation (TEST-NET-3)'],
  // IPv6.
  ['[::1]', 'loopback'],
  ['[0:0:0:0:0:0:0:1]', '::1'],
  ['[::]', 'unspecified'],
  ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback'],
  ['[::ffff:7f00:1]', 'IPv4-mapped loopback'],
  ['[::ffff:10.0.0.1]', 'IPv4-mapped private'],
  ['[::ffff:169.254.169.254]', 'IPv4-mapped link-local'],
  ['[::127.0.0.1]', 'IPv4-compatible loopback'],
  ['[64:ff9b::a00:1]', 'NAT64 of 10.0.0.1'],
  ['[fe80::1]', 'link-local'],
  ['[fc00::1]', 'unique local'],
  ['[fd00::1]', 'unique local'],
  ['[fec0::1]', 'site-local'],
  ['[ff02::1]', 'multicast'],
  ['[2001:db8::1]', 'documentation'],
  // Names every browser sends to loopback.
  ['localhost', 'loopback'],
  ['localhost.', 'loopback'],
  ['LOCALHOST', 'localhost'],
  ['ⓛⓞⓒⓐⓛⓗⓞⓢⓣ', 'localhost (IDNA)'],
  ['foo.localhost', 'loopback'],
  ['app.localhost.', 'loopback'],
  ['a.b.localhost', 'loopback'],
];

/** Hosts accepted: names, and addresses just outside the refused ranges. */
export const PUBLIC_HOSTS: readonly string[] = [
  'shop.example.com',
  // The e2e suite's shop: a public-looking name Chromium alone maps to 127.0.0.1 (e2e/shop-host.ts).
  'shop.e2e-journeys.test',
  'localhost.example.com',
  'mylocalhost.com',
  '8.8.8.8',
  '93.184.216.34',
  '11.0.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '192.0.3.1',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.254',
];

/** `host` as the target URL a test saves. */
export const targetUrl = (host: string): string => `https://${host}/landing?ref=1`;
