// The program page's data, read by the API (GET programs/{slug}/) and by the server's first
// paint of /programs/{slug}: the brand, its questions and its campaigns open to advocates now.
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { payText, type ProgramPageReply } from 'contract';
import type { Database } from '../../db/client.js';
import { brands, campaigns } from '../../db/schema.js';
import type { FileUrlSigner } from '../files/index.js';
import { campaignEnded } from '../joins/campaign-period.js';

export async function programPage(
  db: Database,
  fileUrls: FileUrlSigner,
  slug: string,
  now: Date,
): Promise<ProgramPageReply | null> {
  const [brand] = await db.select().from(brands).where(eq(brands.slug, slug));
  if (!brand?.slug) return null;
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.brandId, brand.id),
        eq(campaigns.status, 'active'),
        isNull(campaigns.deletedAt),
        isNotNull(campaigns.title),
      ),
    )
    .orderBy(asc(campaigns.createdAt), asc(campaigns.id));
  return {
    brand: {
      name: brand.brandName,
      slug: brand.slug,
      description: brand.description,
      website_url: brand.websiteUrl,
      logo: brand.logo ? fileUrls.url(brand.logo) : null,
    },
    questions: brand.applicationQuestions ?? [],
    campaigns: rows
      .filter((c) => !campaignEnded(c, now))
      .map((c) => ({
        id: c.id,
        title: c.title ?? '',
        description: c.description,
        category: c.category,
        join_mode: c.joinMode,
        commission_type: c.commissionType,
        commission_value: c.commissionValue,
        event_rewards: c.eventRewards ?? {},
        pays: payText({ commission_type: c.commissionType, commission_value: c.commissionValue }),
      })),
  };
}
