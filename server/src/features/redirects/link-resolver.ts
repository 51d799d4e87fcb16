// Share code → where it leads and whose it is, without a database round trip per click: an LRU
// of recent codes (lru-cache), each entry kept for LINK_CACHE_TTL_MS. Edits reach it through the
// database, which every instance shares: triggers bump link_targets_version whenever a campaign,
// product or brand edit changes a link's target or whether it counts, and each instance polls
// that one row every LINK_VERSION_POLL_MS and forgets its cached codes when it moved. So an
// edit, pause, cancellation or deletion takes effect everywhere within a couple of seconds, for
// one cheap query per instance and interval, never one per click.
import { and, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.js';
import {
  brands,
  campaignJoins,
  campaigns,
  linkTargetsVersion,
  products,
  shareLinks,
} from '../../db/schema.js';
import { campaignEnded } from '../joins/index.js';

export const LINK_CACHE_TTL_MS = 60_000;
export const LINK_VERSION_POLL_MS = 2_000;
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
  /**
   * Whether a visit counts now: the campaign is active and not deleted (paused, completed,
   * cancelled and deleted campaigns' links count nothing) and its duration has not run out.
   */
  counts: (now: Date) => boolean;
  /**
   * Whether the link's advocate is still in its campaign: a link of an advocate the brand removed
   * still leads to the product, but without a click id and without counting (issue 36).
   */
  earns: boolean;
  /** Where a link of a campaign that no longer counts leads: the brand's site, if it has one. */
  brandSite: string | null;
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

  /** Forgets every cached code. */
  clear(): void {
    this.cache.clear();
  }

  private seenVersion: number | undefined;
  private poller: NodeJS.Timeout | undefined;

  /** Forgets every cached code when link_targets_version moved since the last check. */
  async refreshIfChanged(): Promise<void> {
    const [row] = await this.db
      .select({ version: linkTargetsVersion.version })
      .from(linkTargetsVersion)
      .limit(1);
    const version = row?.version ?? 0;
    // The first check clears too: an edit may have landed between start-up and this read.
    if (version !== this.seenVersion) this.clear();
    this.seenVersion = version;
  }

  /** Polls link_targets_version until close(); a failed poll is logged and retried. */
  watch(onError: (err: unknown) => void, intervalMs = LINK_VERSION_POLL_MS): void {
    if (this.poller) return;
    void this.refreshIfChanged().catch(onError);
    this.poller = setInterval(() => void this.refreshIfChanged().catch(onError), intervalMs);
    this.poller.unref();
  }

  close(): void {
    clearInterval(this.poller);
    this.poller = undefined;
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
        status: campaigns.status,
        deletedAt: campaigns.deletedAt,
        createdAt: campaigns.createdAt,
        duration: campaigns.duration,
        joinedAt: campaignJoins.joinedAt,
      })
      .from(shareLinks)
      .innerJoin(campaigns, eq(campaigns.id, shareLinks.campaignId))
      .innerJoin(brands, eq(brands.id, shareLinks.brandId))
      // No join row: the brand removed the advocate (their link leads on but earns nothing).
      .leftJoin(
        campaignJoins,
        and(
          eq(campaignJoins.advocateId, shareLinks.advocateId),
          eq(campaignJoins.campaignId, shareLinks.campaignId),
        ),
      )
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
          counts:
            row.status === 'active' && row.deletedAt === null
              ? (now) => !campaignEnded(row, now)
              : () => false,
          earns: row.joinedAt !== null,
          brandSite: row.websiteUrl === null ? null : headerSafe(row.websiteUrl),
        }
      : null;
    this.cache.set(code, link ?? false);
    return link;
  }
}
