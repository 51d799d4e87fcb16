// Stripe, connected by its webhook: PUT/GET/DELETE brand/{brandId}/integrations/stripe/ (the
// brand's connection and the events received), POST integrations/stripe/webhook/{brandId}/ (the
// endpoint Stripe posts to) and the campaign's promotion codes
// (GET/PUT campaign/{id}/promotion-codes/, DELETE campaign/{id}/promotion-codes/{code}/).
import type {
  FastifyPluginAsyncTypebox,
  TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import {
  PromotionCodeBody,
  PromotionCodeListReply,
  StatusReply,
  STRIPE_EVENT_TYPES,
  StripeConnectBody,
  StripeConnectReply,
  StripeIntegrationReply,
  StripeWebhookReply,
  BrandIdParams,
  RowId,
} from 'contract';
import Stripe from 'stripe';
import { Type } from 'typebox';
import { fieldError, HttpError, notFound } from '../../../lib/http-error.js';
import { signedInRoutes } from '../../../lib/route.js';
import { withErrors } from '../../../lib/schema.js';
import { principalOf } from '../../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../../brands/index.js';
import { recordAudit, userActor } from '../../audit/index.js';
import { findCampaign } from '../../campaigns/index.js';
import { fraudHashes } from '../../fraud/index.js';
import { hasJoined } from '../../joins/index.js';
import { handleStripeEvent } from './handle.js';
import { envelopeOf } from './payloads.js';
import {
  assignPromotionCode,
  campaignPromotionCodes,
  deleteConnection,
  findConnection,
  latestEvents,
  removePromotionCode,
  saveConnection,
} from './repository.js';
import { secretBox } from './secret-box.js';

export const STRIPE_NOT_CONNECTED = 'Stripe is not connected for this brand';
export const BAD_SIGNATURE = 'Invalid or missing Stripe-Signature';
/** How many of the latest events GET shows. */
export const LATEST_EVENTS = 20;
/** How long an instance keeps a brand's opened signing secret. */
const SECRET_CACHE_MS = 5_000;

const CodeParams = Type.Object({
  id: RowId,
  code: Type.String({ minLength: 1, maxLength: 255 }),
});

const iso = (value: Date | string) => new Date(value).toISOString();

const stripeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, shareLinks, clicks, config } = app.deps;
  const { signedIn, byId } = signedInRoutes(app, 'integrations');
  const secrets = secretBox(config.jwtSecret, 'stripe-webhook-secret');
  const hashes = fraudHashes(config.jwtSecret);
  // Opened signing secrets by brand, for a few seconds: every event would otherwise read and
  // decrypt the connection. PUT and DELETE clear this instance's entry; another instance sees a
  // change within SECRET_CACHE_MS.
  const opened = new Map<number, { secret: string | undefined; until: number }>();
  async function signingSecret(brandId: number): Promise<string | undefined> {
    const now = clock().getTime();
    const cached = opened.get(brandId);
    if (cached && cached.until > now) return cached.secret;
    const connection = await findConnection(db, brandId);
    const secret = connection && secrets.open(connection.webhookSecret);
    if (opened.size > 10_000) opened.clear();
    opened.set(brandId, { secret, until: now + SECRET_CACHE_MS });
    return secret;
  }
  const endpointUrl = (brandId: number) =>
    `${config.publicUrl.replace(/\/+$/, '')}/api/v1/integrations/stripe/webhook/${brandId}/`;

  app.put(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      "Connect the brand's Stripe account by its webhook endpoint's signing secret",
      { 200: StripeConnectReply },
      {
        description:
          "Paste the whsec_… signing secret of an endpoint added in Stripe's dashboard (Developers → Webhooks) " +
          'posting to endpoint_url. The secret is stored encrypted and never shown again; a new PUT replaces it.',
        params: BrandIdParams,
        body: StripeConnectBody,
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'developers');
      opened.delete(brand.id);
      const actor = userActor(request);
      await db.transaction(async (tx) => {
        const before = await findConnection(tx, brand.id);
        await saveConnection(tx, {
          brandId: brand.id,
          sealedSecret: secrets.seal(request.body.webhook_secret),
          userId: me.userId,
          at: clock(),
        });
        await recordAudit(tx, actor, {
          brandId: brand.id,
          action: before ? 'integration.secret_replaced' : 'integration.connected',
          target: { kind: 'integration', id: 'stripe', label: 'Stripe' },
          before: { connected: before !== undefined },
          after: { connected: true },
          at: clock(),
        });
      });
      return { status: 'success' as const, endpoint_url: endpointUrl(brand.id) };
    },
  );

  app.get(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      "The brand's Stripe connection: the endpoint URL, the events to select, the latest events received",
      { 200: StripeIntegrationReply },
      { params: BrandIdParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await manageableBrand(db, principalOf(request), request.params.brandId, 'view');
      const connection = await findConnection(db, brand.id);
      const events = await latestEvents(db, brand.id, LATEST_EVENTS);
      return {
        status: 'success' as const,
        connected: connection !== undefined,
        endpoint_url: endpointUrl(brand.id),
        connected_at: connection ? iso(connection.connectedAt) : null,
        events_to_select: [...STRIPE_EVENT_TYPES],
        events: events.map((e) => ({
          id: e.eventId,
          type: e.type,
          object_id: e.objectId,
          outcome: e.outcome,
          detail: e.detail,
          conversion_id: e.conversionId,
          received_at: iso(e.receivedAt),
        })),
      };
    },
  );

  app.delete(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      'Disconnect Stripe: events are refused from now on (the conversions already made stay)',
      { 200: StatusReply },
      { params: BrandIdParams, access: brandRoute('developers') },
    ),
    async (request) => {
      const brand = await manageableBrand(
        db,
        principalOf(request),
        request.params.brandId,
        'developers',
      );
      opened.delete(brand.id);
      const actor = userActor(request);
      const disconnected = await db.transaction(async (tx) => {
        if (!(await deleteConnection(tx, brand.id))) return false;
        await recordAudit(tx, actor, {
          brandId: brand.id,
          action: 'integration.disconnected',
          target: { kind: 'integration', id: 'stripe', label: 'Stripe' },
          before: { connected: true },
          after: { connected: false },
          at: clock(),
        });
        return true;
      });
      if (!disconnected) throw notFound(STRIPE_NOT_CONNECTED);
      return { status: 'success' as const, message: 'Stripe disconnected' };
    },
  );

  // The webhook verifies the signature over the exact bytes Stripe sent, so this route alone
  // keeps the body as a Buffer (its own context: every other route still parses JSON).
  await app.register(async (scope) => {
    const hook = scope.withTypeProvider<TypeBoxTypeProvider>();
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    hook.post(
      '/integrations/stripe/webhook/:brandId/',
      {
        schema: {
          tags: ['integrations'],
          summary: "Stripe's webhook endpoint for one brand (posted to by Stripe)",
          description:
            "Verifies Stripe-Signature over the raw body with the brand's signing secret (300 s tolerance): a bad or " +
            'missing signature is a 400 and records nothing. Every verified event is answered 200, including those it ' +
            'ignores; an event id seen before is answered duplicate. Reads checkout.session.completed, ' +
            'checkout.session.async_payment_succeeded, invoice.paid, invoice_payment.paid, charge.refunded, customer.subscription.deleted, ' +
            'customer.created and customer.updated.',
          params: BrandIdParams,
          response: withErrors({ 200: StripeWebhookReply }),
        },
      },
      async (request) => {
        const brandId = request.params.brandId;
        const raw = request.body;
        const signature = request.headers['stripe-signature'];
        const secret = await signingSecret(brandId);
        if (!secret) throw new HttpError(400, STRIPE_NOT_CONNECTED);
        if (!Buffer.isBuffer(raw) || typeof signature !== 'string')
          throw new HttpError(400, BAD_SIGNATURE);
        let event: unknown;
        try {
          event = Stripe.webhooks.constructEvent(
            raw,
            signature,
            secret,
            undefined,
            undefined,
            clock().getTime(),
          );
        } catch {
          throw new HttpError(400, BAD_SIGNATURE);
        }
        const envelope = envelopeOf(event);
        // Signed by Stripe yet not an event: acknowledged, so Stripe does not retry it for days.
        if (!envelope)
          return {
            received: true as const,
            duplicate: false,
            outcome: 'ignored' as const,
            detail: 'Not an event',
          };
        const { result, first } = await handleStripeEvent(
          { db, shareLinks, clicks, clock, hashes },
          brandId,
          envelope,
        );
        return first
          ? {
              received: true as const,
              duplicate: false,
              outcome: result.outcome,
              detail: result.detail,
            }
          : {
              received: true as const,
              duplicate: true,
              outcome: 'ignored' as const,
              detail: 'Event already received',
            };
      },
    );
  });

  // Promotion codes: an advocate's own Stripe coupon code, assigned on the campaign's advocates.
  async function manageableCampaign(
    request: { params: { id: number } },
    me: ReturnType<typeof principalOf>,
    permission: 'view' | 'catalog',
  ) {
    const campaign = await findCampaign(db, request.params.id);
    if (!campaign) throw notFound();
    await manageableBrand(db, me, campaign.brandId, permission);
    return campaign;
  }

  app.get(
    '/campaign/:id/promotion-codes/',
    byId(
      "The Stripe promotion codes given to the campaign's advocates",
      {
        200: PromotionCodeListReply,
      },
      { access: brandRoute('view', 'campaign') },
    ),
    async (request) => {
      const campaign = await manageableCampaign(request, principalOf(request), 'view');
      const rows = await campaignPromotionCodes(db, campaign.id);
      return {
        status: 'success' as const,
        codes: rows.map((r) => ({
          code: r.code,
          campaign_id: r.campaign_id,
          advocate_id: r.advocate_id,
          advocate: r.username,
          created_at: iso(r.created_at),
        })),
      };
    },
  );

  app.put(
    '/campaign/:id/promotion-codes/',
    byId(
      "Give an advocate of the campaign a Stripe promotion code: sales using it are the advocate's",
      { 200: PromotionCodeListReply },
      {
        access: brandRoute('catalog', 'campaign'),
        description:
          'A code names one advocate of the brand: assigning it again moves it. The advocate must have joined the campaign.',
        body: PromotionCodeBody,
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const campaign = await manageableCampaign(request, me, 'catalog');
      if (!(await hasJoined(db, request.body.advocate_id, campaign.id)))
        throw fieldError('advocate_id', 'has not joined this campaign');
      await assignPromotionCode(db, {
        brandId: campaign.brandId,
        code: request.body.code,
        campaignId: campaign.id,
        advocateId: request.body.advocate_id,
        at: clock(),
      });
      const rows = await campaignPromotionCodes(db, campaign.id);
      return {
        status: 'success' as const,
        codes: rows.map((r) => ({
          code: r.code,
          campaign_id: r.campaign_id,
          advocate_id: r.advocate_id,
          advocate: r.username,
          created_at: iso(r.created_at),
        })),
      };
    },
  );

  app.delete(
    '/campaign/:id/promotion-codes/:code/',
    signedIn(
      'Take a promotion code back from its advocate',
      { 200: StatusReply },
      {
        params: CodeParams,
        access: brandRoute('catalog', 'campaign'),
      },
    ),
    async (request) => {
      const campaign = await manageableCampaign(request, principalOf(request), 'catalog');
      if (!(await removePromotionCode(db, campaign.id, request.params.code)))
        throw notFound('Promotion code not found');
      return { status: 'success' as const, message: 'Promotion code removed' };
    },
  );
};

export default stripeRoutes;
