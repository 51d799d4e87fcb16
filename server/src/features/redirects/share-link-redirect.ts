// The share-link redirect, GET or HEAD /r/{code}, on plain node:http requests and responses. It is
// by far the busiest path, so the server hands it these straight from the socket, ahead of
// Fastify's routing, hooks and request objects (app.ts: about a tenth more redirects per second
// on the bench); the /r/:code route (routes.ts) runs the same code for app.inject() and the API
// docs. Nothing here waits on the database once a code is cached: the code resolves from the link
// cache, the click goes into the click buffer, and repeat visits within an hour are recognised in
// memory.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.js';
import type { ProxyTrust } from '../../lib/client-address.js';
import { clientAddress } from '../../lib/client-address.js';
import { randomUrlSafe } from '../../lib/crypto.js';
import { visitorHasher } from '../../lib/visitor-hash.js';
// The leaf module, not the fraud feature's index (which brings its routes): nothing else is needed here.
import { isPaidAdLanding, markPaidAd } from '../fraud/index.js';
import type { ClickBuffer } from './click-buffer.js';
import { LINK_ENDED_PAGE, LINK_NOT_FOUND_PAGE, LINK_UNAVAILABLE_PAGE } from './link-pages.js';
import { withParams, type ResolvedLink, type ShareLinkResolver } from './link-resolver.js';
import type { Claim, VisitorWindow } from './visitor-window.js';
import { deviceClass, isBot, referrerHost, trafficSource } from './visitor.js';

/** The same visitor on the same link counts once per this window. */
export const UNIQUE_CLICK_WINDOW_MS = 60 * 60 * 1000;

/**
 * The click id (`cid`): the time in base 36 (9 characters, in order until the year 5188), then 12
 * random bytes (16 url-safe characters) that make it unguessable. Time first keeps the clicks'
 * primary key index appending instead of writing to random pages.
 */
export const newClickId = (nowMs: number): string =>
  nowMs.toString(36).padStart(9, '0') + randomUrlSafe(12);

/** The code of a `/r/{code}` URL (a trailing slash and a query allowed), else undefined. */
export function shareCodeOf(url: string): string | undefined {
  if (!url.startsWith('/r/')) return undefined;
  const query = url.indexOf('?');
  let end = query < 0 ? url.length : query;
  if (url[end - 1] === '/') end -= 1;
  const code = url.slice(3, end);
  return code !== '' && !code.includes('/') ? code : undefined;
}

/** utm_source from the URL's query: what the advocate tagged the link with. */
function utmSourceOf(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('utm_source=', query)) return undefined;
  return new URLSearchParams(url.slice(query + 1)).get('utm_source') ?? undefined;
}

const page = (html: string) => ({ html, length: String(Buffer.byteLength(html)) });
const NOT_FOUND = page(LINK_NOT_FOUND_PAGE);
const UNAVAILABLE = page(LINK_UNAVAILABLE_PAGE);
const ENDED = page(LINK_ENDED_PAGE);
/** A visit not counted for now (the click journal cannot write): a browser may retry soon. */
const RETRY_AFTER = { 'Retry-After': '2' };

export interface ShareLinkRedirectDeps {
  shareLinks: ShareLinkResolver;
  clicks: ClickBuffer;
  clock: Clock;
  /** The one-hour rule's memory: this process's, or shared by every instance (Redis). */
  visitorWindow: VisitorWindow;
  /** Keys the visitor hash. */
  secret: string;
  /** TRUST_PROXY's trust function (the one Fastify has), undefined without proxies. */
  proxyTrust: ProxyTrust | undefined;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface ShareLinkRedirect {
  /** Answers a visit to `code` from the client at `ip`. */
  serve(req: IncomingMessage, res: ServerResponse, code: string, ip: string): void;
  /** node:http's turn: serves GET/HEAD /r/{code} and returns true; false leaves it to Fastify. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createShareLinkRedirect(deps: ShareLinkRedirectDeps): ShareLinkRedirect {
  const { shareLinks, clicks, clock, log, visitorWindow } = deps;
  const hashVisitor = visitorHasher(deps.secret);
  const clientIp = (req: IncomingMessage): string => clientAddress(req, deps.proxyTrust);

  /**
   * Counts the click unless it is a bot or a repeat, and the impression unless it is a bot;
   * returns the click id to hand out (after the shared window answers, with several instances).
   */
  function record(
    req: IncomingMessage,
    link: ResolvedLink,
    ip: string,
    at: Date,
  ): string | Promise<string> {
    const userAgent = req.headers['user-agent'];
    if (req.method !== 'GET' || isBot(userAgent)) return newClickId(at.getTime());
    const visitorHash = hashVisitor(ip, userAgent);
    let host: string | null = null;
    const settle = ({ entry, counted }: Claim): string => {
      clicks.addImpression(link, entry.source, at.getTime());
      if (counted)
        clicks.add({
          clickId: entry.clickId,
          createdAt: at,
          linkId: link.linkId,
          campaignId: link.campaignId,
          productId: link.productId,
          advocateId: link.advocateId,
          brandId: link.brandId,
          source: entry.source,
          referrerHost: host,
          device: deviceClass(userAgent),
          visitorHash,
        });
      return entry.clickId;
    };
    // A repeat visitor's click id and source come from the window: nothing new is drawn.
    const claimed = visitorWindow.claim(link.linkId, visitorHash, () => {
      host = referrerHost(req.headers.referer);
      const clickId = newClickId(at.getTime());
      const url = req.url ?? '';
      return {
        // A bought ad's click id (gclid, fbclid, …) marks the click (features/fraud/paid-ads.ts).
        clickId: isPaidAdLanding(url) ? markPaidAd(clickId) : clickId,
        source: trafficSource(utmSourceOf(req.url ?? ''), host),
      };
    });
    return claimed instanceof Promise ? claimed.then(settle) : settle(claimed);
  }

  function sendPage(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: typeof NOT_FOUND,
    extraHeaders?: Record<string, string>,
  ) {
    res.writeHead(status, {
      'Cache-Control': 'no-store',
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      ...extraHeaders,
    });
    res.end(req.method === 'HEAD' ? undefined : body.html);
  }

  /** A link of a campaign that no longer counts: to the brand's site, uncounted and unmarked. */
  function sendEnded(req: IncomingMessage, res: ServerResponse, link: ResolvedLink) {
    if (!link.brandSite) return sendPage(req, res, 410, ENDED);
    res.writeHead(302, {
      'Cache-Control': 'private, no-store',
      Location: link.brandSite,
      'Content-Length': '0',
    });
    res.end();
  }

  /**
   * A link of an advocate the brand removed: the visitor still reaches the product, but with no
   * share code nor click id to attribute by, and nothing is recorded.
   */
  function sendUnearned(res: ServerResponse, target: NonNullable<ResolvedLink['target']>) {
    res.writeHead(302, {
      'Cache-Control': 'private, no-store',
      Location: target.beforeFragment + target.fragment,
      'Content-Length': '0',
    });
    res.end();
  }

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    link: ResolvedLink | null,
    ip: string,
  ) {
    if (!link?.target) return sendPage(req, res, 404, NOT_FOUND);
    const at = clock();
    if (!link.counts(at)) return sendEnded(req, res, link);
    const target = link.target;
    if (!link.earns) return sendUnearned(res, target);
    const redirect = (clickId: string) => {
      res.writeHead(302, {
        // Every visit must reach us to be counted and get its own click id.
        'Cache-Control': 'private, no-store',
        Location: withParams(target, `via=${link.code}&cid=${clickId}`),
        'Content-Length': '0',
      });
      res.end();
    };
    // A click the journal could not write (a full disk) is not answered as counted: 503, and the
    // visitor's retry is served once the journal writes again.
    const answerJournaled = (id: string) => (journaled: boolean) =>
      journaled ? redirect(id) : sendPage(req, res, 503, UNAVAILABLE, RETRY_AFTER);
    const clickId = record(req, link, ip, at);
    if (typeof clickId === 'string') return clicks.whenJournaled(answerJournaled(clickId));
    clickId.then(
      (id) => clicks.whenJournaled(answerJournaled(id)),
      (err: unknown) => {
        log.error({ err, code: link.code }, 'share link visit could not be recorded');
        sendPage(req, res, 503, UNAVAILABLE);
      },
    );
  }

  function serve(req: IncomingMessage, res: ServerResponse, code: string, ip: string): void {
    const found = shareLinks.resolve(code);
    if (!(found instanceof Promise)) return answer(req, res, found, ip);
    found.then(
      (link) => answer(req, res, link, ip),
      (err: unknown) => {
        log.error({ err, code }, 'share link lookup failed');
        sendPage(req, res, 503, UNAVAILABLE);
      },
    );
  }

  return {
    serve,
    tryServe(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const code = shareCodeOf(req.url ?? '');
      if (code === undefined) return false;
      serve(req, res, code, clientIp(req));
      return true;
    },
  };
}
