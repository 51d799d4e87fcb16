// The brand as clients read it. Only owners and staff ever get one, so the CAC
// document URL is always signed for them.
import type { BrandRow } from '../../db/schema.js';
import type { FileUrlSigner } from '../files/index.js';
import type { BrandView } from './schemas.js';

export function toBrandView(brand: BrandRow, fileUrls: FileUrlSigner): BrandView {
  return {
    id: brand.id,
    brand_name: brand.brandName,
    brand_type: brand.brandType,
    brand_size: brand.brandSize,
    phone_no: brand.phoneNo,
    website_url: brand.websiteUrl,
    instagram_url: brand.instagramUrl,
    discord_url: brand.discordUrl,
    X_url: brand.xUrl,
    description: brand.description,
    slug: brand.slug,
    logo: brand.logo ? fileUrls.url(brand.logo) : null,
    application_questions: brand.applicationQuestions ?? [],
    brand_CAC: brand.cacFile ? fileUrls.url(brand.cacFile) : null,
    owner_id: brand.ownerId,
    created_at: brand.createdAt.toISOString(),
  };
}
