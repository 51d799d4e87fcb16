// Share code → where it leads and whose it is, without a database round trip per click: an LRU
// of recent codes (lru-cache), each entry kept for LINK_CACHE_TTL_MS. Campaign and product edits are not
// pushed into the cache; a changed product URL reaches the redirect within that TTL, which is
// the price of not touching the database on the hot path (and of staying correct when several
// instances run, where in-process invalidation would not reach the others).
import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import { brands, campaigns, products, shareLinks } from '../../db/schema.js';

export const LINK_CACHE_TTL_MS = 60_000;
const LINK_CACHE_MAX = 50_000;

/** A share code's shape: what join-campaign issues (16 url-safe chars) and a little slack. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9_-]{10,32}$/;

export interface ResolvedLink {
  linkId: number;
  code: string;
  campaignId: number;
  productId: number | null;
  advocateId: number;
  brandId: number;
  /** The redirect target split around its fragment, so query parameters go before the '#'. */
  target: { beforeFragment: string; fragment: string } | null;
}

/** Appends `params` to `target`'s query, keeping its own query and fragment exactly as written. */
export function withParams(target: NonNullable<ResolvedLink['target']>, params: string): string {
  const { beforeFragment, fragment } = target;
  const separator = !beforeFragment.includes('?') ? '?' : /[?&]$/.test(beforeFragment) ? '' : '&';
  return `${beforeFragment}${separator}${params}${fragment}`;
}

/**
 * Non-ASCII characters percent-encoded: stored URLs may hold them (they are validated as \S),
 * but a Location header may not.
 */
function headerSafe(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return ''; // a lone surrogate: not encodable, not meaningful
    }
  });
}

function splitTarget(stored: string | null): ResolvedLink['target'] {
  if (!stored) return null;
  const url = headerSafe(stored);
  const hash = url.indexOf('#');
  return hash < 0
    ? { beforeFragment: url, fragment: '' }
    : { beforeFragment: url.slice(0, hash), fragment: url.slice(hash) };
}

export class ShareLinkResolver {
  /** false = known not to exist (cached too, so a flood of one bad code stays off the database). */
  private readonly cache: LRUCache<string, ResolvedLink | false>;
  /** Concurrent misses for one code share one query. */
  private readonly inFlight = new Map<string, Promise<ResolvedLink | null>>();

  constructor(
    private readonly db: Database,
    now: () => number,
  ) {
    this.cache = new LRUCache({
      max: LINK_CACHE_MAX,
      ttl: LINK_CACHE_TTL_MS,
      // Read the clock on every check (the default caches it for 1 ms on a timer).
      ttlResolution: 0,
      perf: { now },
    });
  }

  resolve(code: string): Promise<ResolvedLink | null> | ResolvedLink | null {
    if (!SHARE_CODE_PATTERN.test(code)) return null;
    const hit = this.cache.get(code);
    if (hit !== undefined) return hit || null;
    let pending = this.inFlight.get(code);
    if (!pending) {
      pending = this.load(code).finally(() => this.inFlight.delete(code));
      this.inFlight.set(code, pending);
    }
    return pending;
  }

  /** Forgets every cached code (tests; a future "campaign changed" signal). */
  clear(): void {
    this.cache.clear();
  }

  private async load(code: string): Promise<ResolvedLink | null> {
    const [row] = await this.db
      .select({
        linkId: shareLinks.id,
        campaignId: shareLinks.campaignId,
        productId: shareLinks.productId,
        advocateId: shareLinks.advocateId,
        brandId: shareLinks.brandId,
        productUrl: products.productUrl,
        campaignUrl: campaigns.productUrl,
        websiteUrl: brands.websiteUrl,
      })
      .from(shareLinks)
      .innerJoin(campaigns, eq(campaigns.id, shareLinks.campaignId))
      .innerJoin(brands, eq(brands.id, shareLinks.brandId))
      // A deleted product's page may be gone: fall back to the campaign's URL, then the brand's site.
      .leftJoin(products, and(eq(products.id, shareLinks.productId), isNull(products.deletedAt)))
      .where(eq(shareLinks.code, code))
      .limit(1);
    const link: ResolvedLink | null = row
      ? {
          linkId: row.linkId,
          code,
          campaignId: row.campaignId,
          productId: row.productId,
          advocateId: row.advocateId,
          brandId: row.brandId,
          target: splitTarget(row.productUrl ?? row.campaignUrl ?? row.websiteUrl),
        }
      : null;
    this.cache.set(code, link ?? false);
    return link;
  }
}
