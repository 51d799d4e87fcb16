// The campaign as clients read it.
import type { CampaignRow } from '../../db/schema.js';
import type { FileUrlSigner } from '../files/index.js';
import type { CampaignView } from './schemas.js';

/** A campaign row with its brand's name and owner (every read joins them). */
export type CampaignWithBrand = CampaignRow & { brandName: string; ownerId: number };

export interface CampaignProduct {
  id: number;
  name: string;
  productUrl: string | null;
}

/** `showFiles`: the caller manages the brand, so the video URL is signed for them. */
export function toCampaignView(
  campaign: CampaignWithBrand,
  products: readonly CampaignProduct[],
  fileUrls: FileUrlSigner,
  showFiles: boolean,
): CampaignView {
  return {
    id: campaign.id,
    campaign_id: campaign.publicId,
    title: campaign.title,
    category: campaign.category,
    description: campaign.description,
    target_customers: campaign.targetCustomers,
    location: campaign.location,
    gender: campaign.gender,
    age_range: campaign.ageRange,
    budget_limit: campaign.budgetLimit,
    product_url: campaign.productUrl,
    duration: campaign.duration,
    status: campaign.status,
    video: showFiles && campaign.video ? fileUrls.url(campaign.video) : null,
    brand: campaign.brandId,
    brand_name: campaign.brandName,
    commission_type: campaign.commissionType,
    commission_value: campaign.commissionValue,
    event_rewards: campaign.eventRewards ?? {},
    recurring_months: campaign.recurringMonths,
    forbid_paid_ads: campaign.forbidPaidAds,
    join_mode: campaign.joinMode,
    auto_approve: campaign.autoApprove,
    products: products.map((product) => ({
      id: product.id,
      name: product.name,
      product_url: product.productUrl,
    })),
    product_ids: products.map((product) => product.id),
    created_at: campaign.createdAt.toISOString(),
  };
}
