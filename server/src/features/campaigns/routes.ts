// GET brand/{id}/campaigns/, POST campaign/create/, PATCH campaign/update/{id}/,
// DELETE campaign/delete/{id}/, GET campaign/list/, GET campaign/{id}/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../lib/http-error.js';
import { StatusReply, toId } from '../../lib/schema.js';
import { definedOnly, optionalText } from '../../lib/text.js';
import { principalOf } from '../../plugins/auth.js';
import type { Principal } from '../auth/index.js';
import { canManageBrand, manageableBrand } from '../brands/index.js';
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
import { checkBrandProducts, checkReward } from './rules.js';
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
        canManageBrand(me, row.ownerId),
      ),
    );
  }

  async function viewOf(me: Principal, id: number): Promise<CampaignView> {
    const row = await findCampaign(db, id);
    if (!row) throw notFound();
    const [view] = await viewsFor(me, [row]);
    return view;
  }

  /** A live campaign the caller may manage; otherwise 404, whether it exists or not. */
  async function manageableCampaign(me: Principal, id: number): Promise<CampaignWithBrand> {
    const campaign = await findCampaign(db, id);
    if (!campaign || !canManageBrand(me, campaign.ownerId)) throw notFound();
    return campaign;
  }

  app.get(
    '/brand/:id/campaigns/',
    byId("A brand's campaigns, newest first (owner and staff)", { 200: BrandCampaignsReply }),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.id);
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
              'product_ids as a JSON string; both are validated the same way. product_ids must be products of the brand.',
            body: CreateCampaignBody,
            errors: [404, 413, 415],
          },
        ),
        preValidation: formBody(app, CreateCampaignBody, VIDEO_UPLOAD),
      },
      async (request, reply) => {
        const me = principalOf(request);
        const body = request.body;
        const brand = await manageableBrand(db, me, toId(body.brand));
        const commissionType = body.commission_type ?? 'percentage';
        const commissionValue = body.commission_value ?? 0;
        checkReward(commissionType, commissionValue);
        const productIds = await checkBrandProducts(db, brand.id, body.product_ids ?? []);
        const values: CampaignValues = {
          ...definedOnly(descriptiveValues(body)),
          status: body.status ?? 'active',
          commissionType,
          commissionValue,
        };
        const id = await uploads.keep(request.upload, (video) =>
          insertCampaign(db, {
            brandId: brand.id,
            values,
            productIds,
            video,
            uploadedBy: me.userId,
            at: clock(),
          }),
        );
        return reply.code(201).send({
          status: 'success' as const,
          message: 'Campaign created',
          campaign: await viewOf(me, id),
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
            errors: [413, 415],
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
        const productIds =
          body.product_ids === undefined
            ? undefined
            : await checkBrandProducts(db, campaign.brandId, body.product_ids);
        await uploads.keep(request.upload, (video) =>
          updateCampaign(db, campaign.id, {
            values: definedOnly(descriptiveValues(body)),
            productIds,
            video,
            uploadedBy: me.userId,
            at: clock(),
          }),
        );
        return {
          status: 'success' as const,
          message: 'Campaign updated',
          campaign: await viewOf(me, campaign.id),
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
        description:
          'Soft delete: gone from every list and read (campaign/list/ included); its history stays for statistics.',
      },
    ),
    async (request) => {
      const campaign = await manageableCampaign(principalOf(request), request.params.id);
      await softDeleteCampaign(db, campaign.id, clock());
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
      if (!campaign || (campaign.status !== 'active' && !canManageBrand(me, campaign.ownerId)))
        throw notFound();
      const [view] = await viewsFor(me, [campaign]);
      return view;
    },
  );
};

export default campaignRoutes;
