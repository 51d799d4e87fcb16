// Which advocate, campaign and product a conversion belongs to. In order: the click id (`cid`
// of the landing URL, which names the exact click), the share code (`via`), else the
// advocate's user id with the campaign id, which needs the advocate to have joined.
// A publishable key (in every page's source, so anyone's) attributes by a real click only: see
// AttributionInput.clickOnly.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { campaignProducts, campaigns, clicks, type ClickSource } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { preparedPerDatabase } from '../../lib/prepared.js';
import { findCampaign } from '../campaigns/index.js';
import { findLinkFor, hasJoined } from '../joins/index.js';
import type { ClickBuffer, ShareLinkResolver } from '../redirects/index.js';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
const MAX_INT4 = 2_147_483_647;

export interface Attribution {
  campaignId: number;
  advocateId: number;
  productId: number | null;
  linkId: number | null;
  clickId: string | null;
  /** The click's traffic source; 'direct' for a conversion that came without a click. */
  source: ClickSource;
  /** The click's visitor (keyed hash), for the fraud rules; null without a click. */
  visitorHash: string | null;
}

/** A publishable key's terms: a click of this brand's links, made within the window. */
export interface ClickOnly {
  brandId: number;
  windowDays: number;
  now: Date;
}

export const CLICK_ID_REQUIRED =
  'A publishable key attributes a conversion only by the click id (clickId, the cid the share link put on the landing URL); via or affiliateId with campaignId are for secret keys';
export const CLICK_ID_UNKNOWN =
  'clickId was never issued by a share link of this brand: a publishable key attributes only by a real click';
export const clickTooOld = (days: number) =>
  `The click (clickId) is older than the brand's attribution window of ${days} days`;

export interface AttributionInput {
  via?: string;
  clickId?: string;
  affiliateId?: number;
  /** Body campaignId, else the X-Campaign-Id header. */
  campaignId?: number | string;
  productId?: number | string;
  /**
   * Whether the caller may report conversions of this campaign. A campaign it may not is
   * answered exactly like one that does not exist, so no key learns anything of another brand's
   * campaigns (whether it exists, whom it has).
   */
  mayReport: (campaign: { brandId: number; ownerId: number }) => boolean;
  /** Set for a publishable key: only a real click of the brand, within the window, attributes. */
  clickOnly?: ClickOnly | undefined;
}

interface Sources {
  db: Database;
  shareLinks: ShareLinkResolver;
  clicks: ClickBuffer;
}

/**
 * When the click id was issued: its first 9 characters are the time in ms, base 36
 * (redirects/newClickId), and the click row's created_at is that same time. Undefined for a
 * string no redirect could have issued.
 */
export function clickIdTime(clickId: string): Date | undefined {
  if (!/^[0-9a-z]{9}[A-Za-z0-9_.-]{16}$/.test(clickId)) return undefined;
  return new Date(parseInt(clickId.slice(0, 9), 36));
}

type FoundClick = Attribution & { brandId: number; createdAt: Date };

// Prepared: every conversion by a click (a publishable key's, a Stripe checkout's) reads it.
const clickQuery = preparedPerDatabase((db) =>
  db
    .select({
      linkId: clicks.linkId,
      campaignId: clicks.campaignId,
      advocateId: clicks.advocateId,
      productId: clicks.productId,
      source: clicks.source,
      brandId: clicks.brandId,
      createdAt: clicks.createdAt,
      visitorHash: clicks.visitorHash,
    })
    .from(clicks)
    // Both primary key columns: one partition (the click's month), one index probe.
    .where(
      and(
        eq(clicks.clickId, sql.placeholder('clickId')),
        eq(clicks.createdAt, sql.placeholder('issuedAt')),
      ),
    )
    .limit(1)
    .prepare('find_click'),
);

async function fromClick(sources: Sources, clickId: string): Promise<FoundClick | undefined> {
  const buffered = sources.clicks.find(clickId);
  const issuedAt = buffered ? undefined : clickIdTime(clickId);
  const click =
    buffered ?? (issuedAt && (await clickQuery(sources.db).execute({ clickId, issuedAt }))[0]);
  return (
    click && {
      campaignId: click.campaignId,
      advocateId: click.advocateId,
      productId: click.productId,
      linkId: click.linkId,
      clickId,
      source: click.source,
      visitorHash: click.visitorHash,
      brandId: click.brandId,
      createdAt: click.createdAt,
    }
  );
}

/** A publishable key's attribution: the click, of the brand's links, within the window; else 400. */
async function fromRealClick(
  sources: Sources,
  input: AttributionInput,
  terms: ClickOnly,
): Promise<Attribution> {
  if (!input.clickId) throw new HttpError(400, CLICK_ID_REQUIRED);
  const found = await fromClick(sources, input.clickId);
  // Another brand's click is answered as a never-issued one: a key learns nothing of others.
  if (!found || found.brandId !== terms.brandId) throw new HttpError(400, CLICK_ID_UNKNOWN);
  if (terms.now.getTime() - found.createdAt.getTime() > terms.windowDays * 86_400_000)
    throw new HttpError(400, clickTooOld(terms.windowDays));
  const { brandId: _brand, createdAt: _at, ...attribution } = found;
  if (attribution.productId === null)
    attribution.productId = await campaignProduct(
      sources.db,
      attribution.campaignId,
      input.productId,
    );
  return attribution;
}

async function fromCode(sources: Sources, code: string): Promise<Attribution | undefined> {
  const resolved = sources.shareLinks.resolve(code);
  const link = resolved instanceof Promise ? await resolved : resolved;
  return link
    ? {
        campaignId: link.campaignId,
        advocateId: link.advocateId,
        productId: link.productId,
        linkId: link.linkId,
        clickId: null,
        source: 'direct',
        visitorHash: null,
      }
    : undefined;
}

/** A campaign id as sent (number, numeric string, or public id) → the live campaign's id; 404 otherwise. */
export async function campaignIdOf(db: Database, sent: number | string): Promise<number> {
  const text = String(sent).trim();
  if (/^[0-9]{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_INT4)
    return Number(text);
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.publicId, text.toUpperCase()), isNull(campaigns.deletedAt)))
    .limit(1);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row.id;
}

/** The product the payload names, when it is one of the campaign's products; else null (merchants may send their own SKUs). */
async function campaignProduct(
  db: Database,
  campaignId: number,
  sent: number | string | undefined,
): Promise<number | null> {
  if (sent === undefined) return null;
  const id = Number(sent);
  if (!Number.isInteger(id) || id < 1 || id > MAX_INT4) return null;
  const [row] = await db
    .select({ productId: campaignProducts.productId })
    .from(campaignProducts)
    .where(and(eq(campaignProducts.campaignId, campaignId), eq(campaignProducts.productId, id)))
    .limit(1);
  return row ? row.productId : null;
}

export async function attribute(sources: Sources, input: AttributionInput): Promise<Attribution> {
  if (input.clickOnly) return fromRealClick(sources, input, input.clickOnly);
  const linked =
    (input.clickId && (await fromClick(sources, input.clickId))) ||
    (input.via && (await fromCode(sources, input.via)));
  if (linked) {
    // A link for the whole campaign leaves the product open: take the payload's if it is the campaign's.
    if (linked.productId === null)
      linked.productId = await campaignProduct(sources.db, linked.campaignId, input.productId);
    return linked;
  }
  if (input.affiliateId !== undefined && input.campaignId !== undefined) {
    const campaignId = await campaignIdOf(sources.db, input.campaignId);
    if (!(await hasJoined(sources.db, input.affiliateId, campaignId))) {
      // Only now (off the happy path) tell "no such campaign" apart from "not joined", and only
      // to a caller who may see the campaign.
      const campaign = await findCampaign(sources.db, campaignId);
      if (!campaign || !input.mayReport(campaign)) throw notFound(CAMPAIGN_NOT_FOUND);
      throw new HttpError(400, 'The advocate (affiliateId) has not joined this campaign');
    }
    const productId = await campaignProduct(sources.db, campaignId, input.productId);
    const link = await findLinkFor(sources.db, input.affiliateId, campaignId, productId);
    return {
      campaignId,
      advocateId: input.affiliateId,
      productId,
      linkId: link?.id ?? null,
      clickId: null,
      source: 'direct',
      visitorHash: null,
    };
  }
  if (input.via || input.clickId)
    throw new HttpError(400, 'Unknown share link: via and clickId match no link');
  throw new HttpError(
    400,
    'Cannot attribute the conversion: send via or clickId, or affiliateId with campaignId',
  );
}
