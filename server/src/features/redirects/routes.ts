// GET (and HEAD) /r/{code}: the share link redirect, registered at the root, not under /api/v1.
// The hot path touches no database: the code resolves from the link cache, the click goes into
// the click buffer, and repeat visits within an hour are recognised in memory.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { randomUrlSafe } from '../../lib/crypto.js';
import { withParams, type ResolvedLink } from './link-resolver.js';
import { LINK_NOT_FOUND_PAGE } from './not-found-page.js';
import { deviceClass, isBot, referrerHost, trafficSource, visitorHasher } from './visitor.js';

/** The same visitor on the same link counts once per this window. */
export const UNIQUE_CLICK_WINDOW_MS = 60 * 60 * 1000;
/**
 * Visitors remembered for the window. Bounded so a flood of distinct visitors cannot exhaust
 * memory; past it the oldest are forgotten, and their next click counts again (a restart does the
 * same: the window is a best-effort in-memory rule, the clicks table stays the record).
 */
const RECENT_VISITORS_MAX = 500_000;

/**
 * The click id (`cid`): the time in base 36 (9 characters, in order until the year 5188), then 12
 * random bytes (16 url-safe characters) that make it unguessable. Time first keeps the clicks'
 * primary key index appending instead of writing to random pages.
 */
export const newClickId = (nowMs: number): string =>
  nowMs.toString(36).padStart(9, '0') + randomUrlSafe(12);

interface RedirectRequest {
  Params: { code: string };
  Querystring: Record<string, string | string[] | undefined>;
}

export default async function redirectRoutes(app: FastifyInstance): Promise<void> {
  const { shareLinks, clicks, clock, config } = app.deps;
  const hashVisitor = visitorHasher(config.jwtSecret);
  const now = () => clock().getTime();
  /**
   * (link, visitor) → the click id their counted click got, reused for repeat visits. The window
   * runs from the counted click: a repeat visit does not extend it.
   */
  const recentVisitors = new LRUCache<string, string>({
    max: RECENT_VISITORS_MAX,
    ttl: UNIQUE_CLICK_WINDOW_MS,
    // Read the clock on every check (the default caches it for 1 ms on a timer).
    ttlResolution: 0,
    perf: { now },
  });

  /** Counts the click unless it is a bot or a repeat; returns the click id to hand out. */
  function record(request: FastifyRequest<RedirectRequest>, link: ResolvedLink): string {
    const at = clock();
    const clickId = newClickId(at.getTime());
    const userAgent = request.headers['user-agent'];
    if (request.method !== 'GET' || isBot(userAgent)) return clickId;
    const visitorHash = hashVisitor(request.ip, userAgent);
    const key = `${link.linkId}:${visitorHash}`;
    const earlier = recentVisitors.get(key);
    if (earlier) return earlier;
    recentVisitors.set(key, clickId);
    const utm = request.query.utm_source;
    const host = referrerHost(request.headers.referer);
    clicks.add({
      clickId,
      createdAt: at,
      linkId: link.linkId,
      campaignId: link.campaignId,
      productId: link.productId,
      advocateId: link.advocateId,
      brandId: link.brandId,
      source: trafficSource(Array.isArray(utm) ? utm[0] : utm, host),
      referrerHost: host,
      device: deviceClass(userAgent),
      visitorHash,
    });
    return clickId;
  }

  function redirect(
    request: FastifyRequest<RedirectRequest>,
    reply: FastifyReply,
    link: ResolvedLink | null,
  ) {
    if (!link?.target) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(LINK_NOT_FOUND_PAGE);
    }
    const clickId = record(request, link);
    return (
      reply
        .code(302)
        // Every visit must reach us to be counted and get its own click id.
        .header('Cache-Control', 'private, no-store')
        .header('Location', withParams(link.target, `via=${link.code}&cid=${clickId}`))
        .send()
    );
  }

  app.get<RedirectRequest>(
    '/r/:code',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Share link redirect',
        description:
          '302 to the product URL with `via` (the code) and `cid` (click id) appended, keeping its own query and ' +
          'fragment. GET from a browser counts a click (once per visitor and hour); HEAD and known bots do not. ' +
          'Unknown code: 404 HTML page.',
      },
      // Redirects are the highest-volume traffic; per-request logs would cost more than the redirect.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const found = shareLinks.resolve(request.params.code);
      return redirect(request, reply, found instanceof Promise ? await found : found);
    },
  );
}
