// GET brand/{id}/campaigns/, POST campaign/create/, PATCH campaign/update/{id}/,
// DELETE campaign/delete/{id}/, GET campaign/list/, GET campaign/{id}/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/http-error.js';
import { StatusReply, toId } from '../../lib/schema.js';
import { definedOnly, optionalText } from '../../lib/text.js';
import { principalOf } from '../../plugins/auth.js';
import type { Principal } from '../auth/index.js';
import { assertBrandAccess, brandRoute, manageableBrand, mayActOnBrand } from '../access/index.js';
import { userActor } from '../audit/index.js';
import { formBody, withMultipart, type UploadRule } from '../files/index.js';
import {
  findCampaign,
  insertCampaign,
  listBrandCampaigns,
  listCampaignsByStatus,
  productsOfCampaigns,
  softDeleteCampaign,
  updateCampaign,
  type CampaignValues,
} from './repository.js';
import {
  checkBrandProducts,
  checkEventRewards,
  checkReward,
  draftNotice,
  missingToPublish,
} from './rules.js';
import {
  BrandCampaignsReply,
  CampaignView,
  CampaignWriteReply,
  CreateCampaignBody,
  UpdateCampaignBody,
} from './schemas.js';
import { toCampaignView, type CampaignWithBrand } from './view.js';
import { signedInRoutes } from '../../lib/route.js';

/** The campaign video: MP4, WebM or QuickTime by content, at most 50 MB. */
export const VIDEO_UPLOAD: UploadRule = {
  field: 'video',
  accept: ['video'],
  maxBytes: 50 * 1024 * 1024,
  description: 'a video (MP4, WebM or QuickTime)',
};

/** campaign/list/ returns at most this many (newest first). */
export const CAMPAIGN_LIST_LIMIT = 500;

/** The stored form of the descriptive fields: trimmed, blank → null, not sent → undefined. */
function descriptiveValues(body: UpdateCampaignBody) {
  return {
    title: optionalText(body.title),
    category: optionalText(body.category),
    description: optionalText(body.description),
    targetCustomers: optionalText(body.target_customers),
    location: optionalText(body.location),
    gender: optionalText(body.gender),
    ageRange: optionalText(body.age_range),
    budgetLimit: body.budget_limit,
    productUrl: body.product_url,
    duration: body.duration,
    status: body.status,
    commissionType: body.commission_type,
    commissionValue: body.commission_value,
    // An empty map is stored as none: the campaign's rule applies to every event type.
    eventRewards:
      body.event_rewards === undefined
        ? undefined
        : body.event_rewards && Object.keys(body.event_rewards).length > 0
          ? body.event_rewards
          : null,
    recurringMonths: body.recurring_months,
    forbidPaidAds: body.forbid_paid_ads,
    joinMode: body.join_mode,
    autoApprove: body.auto_approve,
  };
}

const campaignRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, fileUrls, uploads } = app.deps;
  const { byId, signedIn } = signedInRoutes(app, 'campaigns');

  /** Views of `rows` for `me`: products in one query, video URLs only where `me` manages the brand. */
  async function viewsFor(
    me: Principal,
    rows: readonly CampaignWithBrand[],
  ): Promise<CampaignView[]> {
    const productsById = await productsOfCampaigns(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toCampaignView(
        row,
        productsById.get(row.id) ?? [],
        fileUrls,
        mayActOnBrand(me, row.brandId, 'view'),
      ),
    );
  }

  async function viewOf(me: Principal, id: number): Promise<CampaignView> {
    const row = await findCampaign(db, id);
    if (!row) throw notFound();
    const [view] = await viewsFor(me, [row]);
    return view;
  }

  /**
   * A live campaign whose brand the caller may change (catalog): 404 when it does not exist or
   * the caller is not a member, 403 naming the role needed for a member whose role falls short.
   */
  async function manageableCampaign(me: Principal, id: number): Promise<CampaignWithBrand> {
    const campaign = await findCampaign(db, id);
    if (!campaign) throw notFound();
    assertBrandAccess(me, campaign.brandId, 'catalog', 'Not found');
    return campaign;
  }

  app.get(
    '/brand/:id/campaigns/',
    byId(
      "A brand's campaigns, newest first (owner and staff)",
      { 200: BrandCampaignsReply },
      { access: brandRoute('view') },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id, 'view');
      return {
        status: 'success' as const,
        campaigns: await viewsFor(me, await listBrandCampaigns(db, brand.id)),
      };
    },
  );

  // Create and update take multipart too (with a video): their parser lives in a context of its
  // own, so the JSON-only routes keep answering 415 to forms.
  await withMultipart(app, (form) => {
    form.post(
      '/campaign/create/',
      {
        ...signedIn(
          'Create a campaign for a brand of the caller',
          { 201: CampaignWriteReply },
          {
            description:
              'JSON, or multipart/form-data with a `video` file (MP4/WebM/QuickTime by content, at most 50 MB) and ' +
              'product_ids as a JSON string; both are validated the same way. product_ids must be products of the brand. ' +
              "A file past the brand's or the caller's storage quota is a 413 saying what is used; forms with a file " +
              'past the per-user upload rate are a 429.',
            body: CreateCampaignBody,
            errors: [404, 413, 415, 429],
          },
        ),
        preValidation: formBody(app, CreateCampaignBody, VIDEO_UPLOAD),
      },
      async (request, reply) => {
        const me = principalOf(request);
        const body = request.body;
        const brand = await manageableBrand(db, me, toId(body.brand), 'catalog');
        const commissionType = body.commission_type ?? 'percentage';
        const commissionValue = body.commission_value ?? 0;
        checkReward(commissionType, commissionValue);
        checkEventRewards(body.event_rewards);
        const productIds = await checkBrandProducts(db, brand.id, body.product_ids ?? []);
        const described = definedOnly(descriptiveValues(body));
        // No field is required, but a campaign without a title or a reward is kept as a draft
        // (inactive), where advocates neither find nor join it.
        const missing = missingToPublish({
          title: described.title,
          commissionValue,
          eventRewards: described.eventRewards,
        });
        const asked = body.status ?? 'active';
        const values: CampaignValues = {
          ...described,
          status: missing && asked === 'active' ? 'inactive' : asked,
          commissionType,
          commissionValue,
        };
        const owner = { userId: me.userId, brandId: brand.id };
        const id = await uploads.keep(request.upload, owner, (video) =>
          insertCampaign(db, {
            brandId: brand.id,
            values,
            productIds,
            video,
            at: clock(),
            audit: userActor(request),
          }),
        );
        return reply.code(201).send({
          status: 'success' as const,
          message: 'Campaign created',
          campaign: await viewOf(me, id),
          ...(missing && asked === 'active' ? { notice: draftNotice(missing) } : {}),
        });
      },
    );

    form.patch(
      '/campaign/update/:id/',
      {
        ...byId(
          'Update a campaign',
          { 200: CampaignWriteReply },
          {
            description:
              'Fields left out keep their value; null clears an optional one; product_ids replaces the list. ' +
              'JSON or multipart as for create.',
            body: UpdateCampaignBody,
            errors: [413, 415, 429],
            access: brandRoute('catalog', 'campaign'),
          },
        ),
        preValidation: formBody(app, UpdateCampaignBody, VIDEO_UPLOAD),
      },
      async (request) => {
        const me = principalOf(request);
        const campaign = await manageableCampaign(me, request.params.id);
        const body = request.body;
        // The reward rule is checked as it will stand after the change.
        checkReward(
          body.commission_type ?? campaign.commissionType,
          body.commission_value ?? campaign.commissionValue,
        );
        checkEventRewards(body.event_rewards);
        const productIds =
          body.product_ids === undefined
            ? undefined
            : await checkBrandProducts(db, campaign.brandId, body.product_ids);
        const changes = definedOnly(descriptiveValues(body));
        // As on create: going (or staying) live needs a title and a reward, judged on the
        // campaign as it will stand after the change; without them it is kept as a draft.
        const missing = missingToPublish({
          title: changes.title === undefined ? campaign.title : changes.title,
          commissionValue: body.commission_value ?? campaign.commissionValue,
          eventRewards:
            changes.eventRewards === undefined ? campaign.eventRewards : changes.eventRewards,
        });
        const keptAsDraft = missing !== null && (changes.status ?? campaign.status) === 'active';
        if (keptAsDraft) changes.status = 'inactive';
        const owner = { userId: me.userId, brandId: campaign.brandId };
        const released = await uploads.keep(request.upload, owner, (video) =>
          updateCampaign(db, campaign.id, {
            values: changes,
            productIds,
            video,
            at: clock(),
            audit: userActor(request),
          }),
        );
        await uploads.remove(released);
        return {
          status: 'success' as const,
          message: 'Campaign updated',
          campaign: await viewOf(me, campaign.id),
          ...(keptAsDraft && missing ? { notice: draftNotice(missing) } : {}),
        };
      },
    );
  });

  app.delete(
    '/campaign/delete/:id/',
    byId(
      'Delete a campaign',
      { 200: StatusReply },
      {
        access: brandRoute('catalog', 'campaign'),
        description:
          'Soft delete: gone from every list and read (campaign/list/ included); its history stays for statistics.',
      },
    ),
    async (request) => {
      const campaign = await manageableCampaign(principalOf(request), request.params.id);
      await uploads.remove(await softDeleteCampaign(db, campaign.id, clock(), userActor(request)));
      return { status: 'success' as const, message: 'Campaign deleted' };
    },
  );

  app.get(
    '/campaign/list/',
    signedIn(
      'Campaigns advocates may join: every active campaign of every brand, newest first',
      { 200: Type.Array(CampaignView) },
      {
        description: `At most ${CAMPAIGN_LIST_LIMIT}. Videos are only linked for campaigns of the caller's own brands.`,
      },
    ),
    async (request) =>
      viewsFor(
        principalOf(request),
        await listCampaignsByStatus(db, 'active', CAMPAIGN_LIST_LIMIT),
      ),
  );

  app.get(
    '/campaign/:id/',
    byId(
      'One campaign',
      { 200: CampaignView },
      { description: 'The owner and staff see any status; everyone else only active campaigns.' },
    ),
    async (request) => {
      const me = principalOf(request);
      const campaign = await findCampaign(db, request.params.id);
      if (
        !campaign ||
        (campaign.status !== 'active' && !mayActOnBrand(me, campaign.brandId, 'view'))
      )
        throw notFound();
      const [view] = await viewsFor(me, [campaign]);
      return view;
    },
  );
};

export default campaignRoutes;
