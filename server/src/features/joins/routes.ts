// POST join-campaign/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-error.js';
import { toId } from '../../lib/schema.js';
import { principalOf } from '../../plugins/auth.js';
import {
  DRAFT_NOT_JOINABLE,
  findCampaign,
  missingToPublish,
  productsOfCampaigns,
} from '../campaigns/index.js';
import { listRoles } from '../roles/index.js';
import { assertNotBanned } from '../advocate-removals/index.js';
import { campaignEnded } from './campaign-period.js';
import { existingLinks } from './repository.js';
import { JoinBody, JoinPendingReply, JoinReply, MyLinksReply } from './schemas.js';
import { applicationOf, declinedMessage, joinByMode } from '../programs/index.js';
import { signedInRoutes } from '../../lib/route.js';

export const JOIN_FORBIDDEN = "Forbidden. You don't have permission to join this campaign.";
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** The origin share links point at: PUBLIC_URL (by default this server on localhost). */
export function publicOrigin(configured: string): string {
  return configured.replace(/\/+$/, '');
}

const joinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { byId, signedIn } = signedInRoutes(app, 'tracking');
  const { db, clock, config } = app.deps;

  app.get(
    '/campaign/:id/share-links/',
    byId(
      "The signed-in advocate's share links for a campaign they joined (no join)",
      { 200: MyLinksReply },
      {
        description:
          'For showing the links again after a reload: `joined: false` and no links when the caller has not ' +
          'joined. Links of products added since the join come with the next join.',
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const campaign = await findCampaign(db, request.params.id);
      if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
      const products = (await productsOfCampaigns(db, [campaign.id])).get(campaign.id) ?? [];
      const links = await existingLinks(
        db,
        me.userId,
        campaign.id,
        products.map((product) => product.id),
      );
      const origin = publicOrigin(config.publicUrl);
      const shareLinks = (links ?? []).map((link) => ({
        product_id: link.productId,
        url: `${origin}/r/${link.code}`,
      }));
      const application = await applicationOf(db, me.userId, campaign.id);
      return {
        joined: links !== null,
        application: application
          ? { id: application.id, status: application.status, reason: application.reason }
          : null,
        share_links: shareLinks,
        ...(shareLinks.length === 1 ? { share_link: shareLinks[0].url } : {}),
      };
    },
  );

  app.post(
    '/join-campaign/',
    signedIn(
      'Join a campaign and get its share links',
      { 200: JoinReply, 201: JoinReply, 202: JoinPendingReply },
      {
        description:
          'Advocate UI: `{id, source}`; SDK tester: `{campaign_id, advocate_id?}` (another advocate needs staff). ' +
          'Needs the Advocate role. One link per product (one for the campaign when it has none); joining again ' +
          'returns the same links with 200. By the campaign\'s join_mode: application answers 202 ' +
          '`{ status: \'pending\', application_id }` (share links once the brand approves; `answers` carries the ' +
          "answers to the brand's questions), 403 once the brand declined; invite_only answers 403 unless the " +
          "advocate's address was invited.",
        body: JoinBody,
        errors: [403, 404],
      },
    ),
    async (request, reply) => {
      const me = principalOf(request);
      const body = request.body;
      const rawCampaignId = body.id ?? body.campaign_id;
      if (rawCampaignId === undefined)
        throw fieldError('campaign_id', 'is required', 'Campaign id is required');
      const advocateId = body.advocate_id === undefined ? me.userId : toId(body.advocate_id);
      if (advocateId === me.userId) {
        if (!me.roles.includes('advocate')) throw forbidden(JOIN_FORBIDDEN);
      } else {
        if (!me.isStaff) throw forbidden(JOIN_FORBIDDEN);
        if (!(await listRoles(db, advocateId)).includes('advocate')) {
          throw fieldError(
            'advocate_id',
            'is not an advocate',
            'advocate_id: User is not an advocate',
          );
        }
      }

      const campaign = await findCampaign(db, toId(rawCampaignId));
      if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
      // A brand that banned the advocate does not take them back (issue 36).
      await assertNotBanned(db, campaign.brandId, advocateId);
      if (campaign.status !== 'active') throw new HttpError(400, 'Campaign is not active');
      // A campaign made live before drafts existed may still lack a title or a reward.
      if (missingToPublish(campaign)) throw new HttpError(400, DRAFT_NOT_JOINABLE);
      const now = clock();
      if (campaignEnded(campaign, now)) throw new HttpError(400, 'Campaign has ended');

      const products = (await productsOfCampaigns(db, [campaign.id])).get(campaign.id) ?? [];
      const outcome = await joinByMode(db, {
        advocateId,
        // Staff joining another advocate (the SDK tester) passes no address: no invitation applies.
        advocateEmail: advocateId === me.userId ? me.user.email : '',
        campaign: { ...campaign, productIds: products.map((product) => product.id) },
        answers: body.answers,
        source: body.source?.trim() || (body.id === undefined ? 'sdk' : null),
        at: now,
      });
      if (outcome.kind === 'pending')
        return reply
          .code(202)
          .send({ status: 'pending' as const, application_id: outcome.applicationId });
      if (outcome.kind === 'rejected') throw forbidden(declinedMessage(outcome.reason));
      const result = outcome;
      const origin = publicOrigin(config.publicUrl);
      const shareLinks = result.links.map((link) => ({
        product_id: link.productId,
        url: `${origin}/r/${link.code}`,
      }));
      return reply.code(result.created ? 201 : 200).send({
        status: result.created ? ('Joined campaign' as const) : ('Already joined' as const),
        share_links: shareLinks,
        ...(shareLinks.length === 1 ? { share_link: shareLinks[0].url } : {}),
      });
    },
  );
};

export default joinRoutes;
