// GET campaign/{id}/stats/: owner and staff only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CampaignStats } from 'contract';
import { notFound } from '../../lib/http-error.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, mayActOnBrand } from '../access/index.js';
import { findCampaign, productsOfCampaigns } from '../campaigns/index.js';
import { advocateDisplay } from '../profiles/index.js';
import { campaignAdvocates, campaignCounts } from './repository.js';
import { signedInRoutes } from '../../lib/route.js';

const campaignStatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { byId } = signedInRoutes(app, 'tracking');
  // Pure reads: from the read replica when DATABASE_READ_URL is set (it may lag the primary).
  const { readDb: db, clicks, fileUrls } = app.deps;

  app.get(
    '/campaign/:id/stats/',
    byId(
      "A campaign's joins, clicks, visitors, conversions, products and advocates (owner and staff)",
      { 200: CampaignStats },
      { access: brandRoute('view', 'campaign', 'Campaign not found') },
    ),
    async (request) => {
      const campaign = await findCampaign(db, request.params.id);
      if (!campaign || !mayActOnBrand(principalOf(request), campaign.brandId, 'view'))
        throw notFound('Campaign not found');
      // Clicks still in the buffer count too: on this instance the owner sees their own test click at once.
      await clicks.flush();
      const [counts, productsById, advocates] = await Promise.all([
        campaignCounts(db, campaign.id),
        productsOfCampaigns(db, [campaign.id]),
        campaignAdvocates(db, campaign.id),
      ]);
      return {
        ...counts,
        campaign: { id: campaign.id, campaign_id: campaign.publicId, title: campaign.title },
        products: (productsById.get(campaign.id) ?? []).map((p) => ({
          id: p.id,
          name: p.name,
          product_url: p.productUrl,
        })),
        advocates: advocates.map((a) => ({
          id: a.id,
          username: a.username,
          // What the advocate put on their profile (settings), as brands should see them.
          ...advocateDisplay(a.username, a, fileUrls),
          email: a.email,
          joined_at: a.joinedAt.toISOString(),
        })),
      };
    },
  );
};

export default campaignStatsRoutes;
