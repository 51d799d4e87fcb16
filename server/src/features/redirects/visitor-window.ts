// The one-hour rule: the same visitor on the same link counts once per UNIQUE_CLICK_WINDOW_MS,
// and a repeat visit gets the click id (and source) of the counted one. One instance keeps the
// window in memory; several instances behind a load balancer must agree on it, so with REDIS_URL
// it lives in Redis: one atomic script claims the (link, visitor) key or returns who holds it,
// in one round trip, and each instance remembers what it learned until the key's own expiry, so
// a burst of repeat visits asks Redis once.
import { Redis } from 'ioredis';
import type { ClickSource } from '../../db/schema.js';
import { redisRequestPathOptions } from '../../lib/redis-client.js';
import { VisitorRing } from './visitor-ring.js';

/** The counted click a (link, visitor) pair is bound to for the window. */
export interface WindowEntry {
  clickId: string;
  source: ClickSource;
}

export interface Claim {
  entry: WindowEntry;
  /** True when the visit is a new counted click (the entry is the candidate). */
  counted: boolean;
}

export interface VisitorWindow {
  /**
   * Binds the pair (`linkId`, `visitorHash`) to a new candidate entry unless it is bound
   * already; returns the binding in force. `candidate` is called only when one is needed.
   * Synchronous when the answer is known in this process.
   */
  claim(linkId: number, visitorHash: string, candidate: () => WindowEntry): Claim | Promise<Claim>;
  close(): void;
}

/**
 * Visitors remembered for the window. Bounded so a flood of distinct visitors cannot exhaust
 * memory (80 bytes each, allocated up front: visitor-ring.ts); past it the oldest are
 * forgotten, and their next click counts again.
 */
const RECENT_VISITORS_MAX = 500_000;

/** One instance: the window in this process (a restart forgets it; the clicks table stays). */
export function memoryVisitorWindow(windowMs: number, now: () => number): VisitorWindow {
  const recent = new VisitorRing(RECENT_VISITORS_MAX, windowMs);
  return {
    // The window runs from the counted click: a repeat visit does not extend it.
    claim: (linkId, visitorHash, candidate) => recent.claim(linkId, visitorHash, now(), candidate),
    close() {},
  };
}

// KEYS[1] the pair; ARGV[1] the candidate "clickId|source|claimedAtMs"; ARGV[2] the window in
// ms; ARGV[3] now in ms. Returns the binding in force, or false when the candidate was bound.
// The window is judged by the servers' clock (the time a binding was made travels with it), so
// every instance and the tests' clocks agree; Redis's own expiry only clears old keys away.
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held then
  local at = tonumber(string.match(held, '|(%d+)$'))
  if at and tonumber(ARGV[3]) - at < tonumber(ARGV[2]) then return held end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

type ClaimingRedis = Redis & {
  claimVisit(
    key: string,
    candidate: string,
    windowMs: number,
    nowMs: number,
  ): Promise<string | null>;
};

/**
 * Several instances: the window in Redis under `prefix`. While Redis cannot be reached or is
 * slow, visits fall back to this instance's memory (logged), so redirects never fail or wait
 * for it.
 */
export async function redisVisitorWindow(
  url: string,
  prefix: string,
  windowMs: number,
  now: () => number,
  onError: (err: unknown) => void,
  /** REDIS_TIMEOUT_MS: a claim waits at most this long for Redis. */
  timeoutMs: number,
): Promise<VisitorWindow> {
  const redis = new Redis(url, {
    // Down or slow (a reply later than `timeoutMs`): the claim falls back to memory.
    ...redisRequestPathOptions(timeoutMs),
    // Concurrent claims share one write to the socket.
    enableAutoPipelining: true,
  }) as ClaimingRedis;
  redis.defineCommand('claimVisit', { numberOfKeys: 1, lua: CLAIM_SCRIPT });
  redis.on('error', onError);
  await redis.connect().catch(() => {
    // reported by the error listener; claims fall back to memory until it reconnects
  });
  // What this instance learned, each pair kept only as long as Redis keeps the binding (the
  // ring judges age by the time the binding was made).
  const known = new VisitorRing(RECENT_VISITORS_MAX, windowMs);
  const fallback = memoryVisitorWindow(windowMs, now);
  return {
    claim(linkId, visitorHash, candidate) {
      const learned = known.get(linkId, visitorHash, now());
      if (learned)
        return { entry: { clickId: learned.clickId, source: learned.source }, counted: false };
      const mine = candidate();
      const at = now();
      return redis
        .claimVisit(
          `${prefix}visit:${linkId}:${visitorHash}`,
          `${mine.clickId}|${mine.source}|${at}`,
          windowMs,
          at,
        )
        .then((held) => {
          if (held === null) {
            known.set(linkId, visitorHash, { ...mine, claimedAt: at });
            return { entry: mine, counted: true };
          }
          const [clickId, source, claimedAt] = held.split('|') as [string, ClickSource, string];
          const entry = { clickId, source };
          if (Number(claimedAt) + windowMs > at)
            known.set(linkId, visitorHash, { ...entry, claimedAt: Number(claimedAt) });
          return { entry, counted: false };
        })
        .catch((err: unknown) => {
          onError(err);
          return fallback.claim(linkId, visitorHash, () => mine);
        });
    },
    close() {
      redis.disconnect();
    },
  };
}
