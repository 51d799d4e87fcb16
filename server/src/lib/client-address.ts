// Which hops of X-Forwarded-For the server believes (TRUST_PROXY). A proxy that appends to the
// header (HAProxy's `option forwardfor`, nginx's $proxy_add_x_forwarded_for) keeps whatever the
// client sent on the left, so the client address is the one the LAST trusted proxy saw: the
// right-most address that is not itself one of the deployment's proxies. Believing every hop
// (the old TRUST_PROXY=true) took the left-most one, an address the client chose, and rate
// limits and the one-hour click rule then counted each forged address as another client.
import proxyAddr from '@fastify/proxy-addr';

/**
 * false: no proxy, the socket's peer is the client. A number: that many proxies in front of the
 * server (each hop, counted from the socket, is trusted). A list: the proxies' addresses or CIDR
 * ranges (proxy-addr names such as 'loopback' too); only hops from these are believed.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's trust function: is the address `hop` steps from the socket a proxy of ours? */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The trust function for a setting, or undefined without proxies. Fastify (request.ip) and the
 * share-link redirect (which reads the socket before Fastify) both use it, so they agree.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** The client's address of a request, as `trust` reads X-Forwarded-For. */
export const clientAddress = (
  req: Parameters<typeof proxyAddr>[0],
  trust: ProxyTrust | undefined,
): string => (trust ? proxyAddr(req, trust) : (req.socket.remoteAddress ?? ''));
