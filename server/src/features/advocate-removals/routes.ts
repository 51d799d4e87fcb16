// A brand's advocates removed, banned and restored (issue 36):
// POST brand/{brandId}/advocates/{advocateId}/remove/ and …/ban/ with { reason, pending },
// POST …/restore/, and GET brand/{brandId}/advocates/removed/. Owner and admin manage (the
// catalog permission); every member reads the list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdvocateRemovalBody,
  AdvocateRemovalReply,
  AdvocateRemovalsReply,
  AdvocateRestoreReply,
  BrandAdvocateParams,
  BrandIdParams,
} from 'contract';
import { signedInRoutes } from '../../lib/route.js';
import { principalOf } from '../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { listRemovals, removeAdvocate, restoreAdvocate } from './repository.js';

const advocateRemovalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, shareLinks } = app.deps;
  const { signedIn } = signedInRoutes(app, 'advocates');

  app.get(
    '/brand/:brandId/advocates/removed/',
    signedIn(
      'The brand’s removed and banned advocates, latest first',
      { 200: AdvocateRemovalsReply },
      { params: BrandIdParams, access: brandRoute('view') },
    ),
    async (request) => {
      await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      return { status: 'success' as const, data: await listRemovals(db, request.params.brandId) };
    },
  );

  for (const action of ['remove', 'ban'] as const) {
    app.post(
      `/brand/:brandId/advocates/:advocateId/${action}/`,
      signedIn(
        action === 'remove'
          ? 'Remove an advocate from every campaign of the brand'
          : 'Ban an advocate: remove them and refuse their joining again or applying',
        { 200: AdvocateRemovalReply },
        {
          description:
            'The advocate leaves every campaign of the brand; their share links still lead to the product ' +
            'but carry no click id and count nothing, and no conversion earns them anything. ' +
            '`pending: reject` rejects their pending and held rewards (each audited and announced as a ' +
            'commission.rejected); `keep` leaves them to the usual review. Approved and paid rewards stay. ' +
            (action === 'ban'
              ? 'A ban also refuses join-campaign and applications with a 403; banning a removed advocate makes it a ban. '
              : 'A removed advocate may join again; a ban refuses it. ') +
            'Reversible with …/restore/. 404: the advocate never joined the brand; 409: already removed or banned.',
          params: BrandAdvocateParams,
          body: AdvocateRemovalBody,
          access: brandRoute('catalog'),
          errors: [409],
        },
      ),
      async (request) => {
        const me = principalOf(request);
        const { brandId, advocateId } = request.params;
        await manageableBrand(db, me, brandId, 'catalog');
        const { view, rejected } = await removeAdvocate(db, {
          brandId,
          advocateId,
          ban: action === 'ban',
          reason: request.body.reason.trim(),
          pending: request.body.pending,
          actorId: me.userId,
          audit: userActor(request),
          at: clock(),
        });
        // This instance's link cache forgets at once; the others follow link_targets_version.
        await shareLinks.refreshIfChanged();
        return { status: 'success' as const, removal: view, rejected_rewards: rejected };
      },
    );
  }

  app.post(
    '/brand/:brandId/advocates/:advocateId/restore/',
    signedIn(
      'Restore a removed or banned advocate to the campaigns they left',
      { 200: AdvocateRestoreReply },
      {
        description:
          'Lifts the removal or ban: the advocate is back in the campaigns they left (unless deleted since), ' +
          'with the same share links, which earn again. Rewards the removal rejected stay rejected; the brand ' +
          'may reopen them in review. 404 when the advocate is not removed.',
        params: BrandAdvocateParams,
        access: brandRoute('catalog'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const { brandId, advocateId } = request.params;
      await manageableBrand(db, me, brandId, 'catalog');
      const { campaigns } = await restoreAdvocate(db, {
        brandId,
        advocateId,
        audit: userActor(request),
        at: clock(),
      });
      await shareLinks.refreshIfChanged();
      return { status: 'success' as const, advocate_id: advocateId, campaigns };
    },
  );
};

export default advocateRemovalRoutes;
