// Paddle, Lemon Squeezy and Shopify, each connected by its webhook's signing secret, with the same
// routes (registered once per provider, so each has its own documented operations):
// PUT/GET/DELETE brand/{brandId}/integrations/{provider}/ (the connection and the events received)
// and POST integrations/{provider}/webhook/{brandId}/ (the endpoint the provider posts to); and the
// discount codes given to a campaign's advocates (GET/PUT campaign/{id}/discount-codes/, DELETE
// campaign/{id}/discount-codes/{provider}/{code}/). The
// adapter verifies and reads the request; apply-facts.ts does the rest, as for Stripe.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BrandIdParams,
  DiscountCodeBody,
  DiscountCodeListReply,
  RowId,
  StatusReply,
  WEBHOOK_PROVIDER_SETUP,
  WEBHOOK_PROVIDERS,
  WebhookConnectBody,
  WebhookConnectReply,
  WebhookIntegrationReply,
  WebhookReceivedReply,
  type WebhookProvider,
} from 'contract';
import { fieldError, HttpError, notFound } from '../../../lib/http-error.js';
import { signedInRoutes } from '../../../lib/route.js';
import { withErrors } from '../../../lib/schema.js';
import { Type } from 'typebox';
import { principalOf } from '../../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../../access/index.js';
import { recordAudit, userActor } from '../../audit/index.js';
import { fraudHashes } from '../../fraud/index.js';
import { hasJoined } from '../../joins/index.js';
import { applyVerifiedEvent } from '../apply-facts.js';
import { BadSignature, type VerifiedEvent } from '../provider.js';
import { secretBox } from '../secret-box.js';
import {
  eventView,
  iso,
  LATEST_EVENTS,
  manageableCampaign,
  openedCache,
  receivedReply,
  routeBrand,
  recordIgnored,
  webhookUrl,
  withRawBody,
} from '../route-kit.js';
import { latestBillingEvents } from '../store.js';
import { WEBHOOK_PROVIDER_ADAPTERS } from './index.js';
import {
  assignDiscountCode,
  campaignDiscountCodes,
  deleteConnection,
  findConnection,
  removeDiscountCode,
  saveConnection,
  type DiscountCodeRow,
} from './repository.js';

export { LATEST_EVENTS };

export const notConnected = (provider: WebhookProvider) =>
  `${WEBHOOK_PROVIDER_SETUP[provider].label} is not connected for this brand`;

const CodeParams = Type.Object({
  id: RowId,
  provider: Type.Enum(WEBHOOK_PROVIDERS),
  code: Type.String({ minLength: 1, maxLength: 255 }),
});

const codeView = (r: DiscountCodeRow) => ({
  provider: r.provider,
  code: r.code,
  campaign_id: r.campaign_id,
  advocate_id: r.advocate_id,
  advocate: r.username,
  created_at: iso(r.created_at),
});

const webhookProviderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, shareLinks, clicks, config } = app.deps;
  const { signedIn, byId } = signedInRoutes(app, 'integrations');
  const hashes = fraudHashes(config.jwtSecret);
  // Opened signing secrets by provider and brand (route-kit's openedCache).
  const opened = openedCache<string, string | undefined>(clock);
  const endpointUrl = (provider: WebhookProvider, brandId: number) =>
    webhookUrl(config.publicUrl, provider, brandId);

  for (const provider of WEBHOOK_PROVIDERS) {
    const adapter = WEBHOOK_PROVIDER_ADAPTERS[provider];
    const { label, events: eventsToSelect, secretName } = WEBHOOK_PROVIDER_SETUP[provider];
    // Each provider's secrets under a key of its own: one provider's sealed text opens no other's.
    const secrets = secretBox(config.jwtSecret, `${provider}-webhook-secret`);
    const target = { kind: 'integration' as const, id: provider, label };

    const signingSecret = (brandId: number) =>
      opened.get(`${provider}:${brandId}`, async () => {
        const connection = await findConnection(db, brandId, provider);
        return connection && secrets.open(connection.webhookSecret);
      });

    /** A test-mode event, recorded as ignored with why (nothing else changes). */
    const recordTestEvent = (brandId: number, e: VerifiedEvent) =>
      recordIgnored(
        db,
        adapter,
        { brandId, eventId: e.eventId, type: e.type, objectId: e.objectId },
        false,
        'A test-mode event: it changes nothing (test orders earn no reward)',
        clock(),
      );

    app.put(
      `/brand/:brandId/integrations/${provider}/`,
      signedIn(
        `Connect the brand's ${label} account by its webhook's signing secret`,
        { 200: WebhookConnectReply },
        {
          description:
            `Paste ${secretName} of a webhook added in ${label}'s dashboard posting to endpoint_url. ` +
            'The secret is stored encrypted and never shown again; a new PUT replaces it.',
          params: BrandIdParams,
          body: WebhookConnectBody,
          access: brandRoute('developers'),
        },
      ),
      async (request) => {
        const me = principalOf(request);
        const brand = await manageableBrand(db, me, request.params.brandId, 'developers');
        opened.drop(`${provider}:${brand.id}`);
        const actor = userActor(request);
        await db.transaction(async (tx) => {
          const before = await findConnection(tx, brand.id, provider);
          await saveConnection(tx, {
            brandId: brand.id,
            provider,
            sealedSecret: secrets.seal(request.body.webhook_secret),
            userId: me.userId,
            at: clock(),
          });
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: before ? 'integration.secret_replaced' : 'integration.connected',
            target,
            before: { connected: before !== undefined },
            after: { connected: true },
            at: clock(),
          });
        });
        return { status: 'success' as const, endpoint_url: endpointUrl(provider, brand.id) };
      },
    );

    app.get(
      `/brand/:brandId/integrations/${provider}/`,
      signedIn(
        `The brand's ${label} connection: the endpoint URL, the events to select, the latest events received`,
        { 200: WebhookIntegrationReply },
        { params: BrandIdParams, access: brandRoute('view') },
      ),
      async (request) => {
        const brand = await routeBrand(db, request, 'view');
        const connection = await findConnection(db, brand.id, provider);
        const events = await latestBillingEvents(db, provider, brand.id, LATEST_EVENTS);
        return {
          status: 'success' as const,
          provider,
          label,
          connected: connection !== undefined,
          endpoint_url: endpointUrl(provider, brand.id),
          connected_at: connection ? iso(connection.connectedAt) : null,
          events_to_select: [...eventsToSelect],
          events: events.map(eventView),
        };
      },
    );

    app.delete(
      `/brand/:brandId/integrations/${provider}/`,
      signedIn(
        `Disconnect ${label}: its events are refused from now on (the conversions already made stay)`,
        { 200: StatusReply },
        { params: BrandIdParams, access: brandRoute('developers') },
      ),
      async (request) => {
        const brand = await routeBrand(db, request, 'developers');
        opened.drop(`${provider}:${brand.id}`);
        const actor = userActor(request);
        const disconnected = await db.transaction(async (tx) => {
          if (!(await deleteConnection(tx, brand.id, provider))) return false;
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: 'integration.disconnected',
            target,
            before: { connected: true },
            after: { connected: false },
            at: clock(),
          });
          return true;
        });
        if (!disconnected) throw notFound(notConnected(provider));
        return { status: 'success' as const, message: `${label} disconnected` };
      },
    );

    // The webhook verifies the signature over the exact bytes the provider sent.
    await withRawBody(app, (hook) => {
      hook.post(
        `/integrations/${provider}/webhook/:brandId/`,
        {
          schema: {
            tags: ['integrations'],
            summary: `${label}'s webhook endpoint for one brand (posted to by ${label})`,
            description:
              `Verifies ${label}'s signature over the raw body with the brand's signing secret: a bad or missing ` +
              'signature is a 401 and records nothing. Every verified event is answered 200, including those it ' +
              `ignores; an event seen before is answered duplicate. Reads ${eventsToSelect.join(', ')}.`,
            params: BrandIdParams,
            response: withErrors({ 200: WebhookReceivedReply }, 401),
          },
        },
        async (request) => {
          const brandId = request.params.brandId;
          const raw = request.body;
          const secret = await signingSecret(brandId);
          if (!secret) throw new HttpError(400, notConnected(provider));
          let event: VerifiedEvent;
          try {
            if (!Buffer.isBuffer(raw)) throw new BadSignature('No body');
            event = adapter.verify({ body: raw, headers: request.headers }, secret, clock());
          } catch (err) {
            if (err instanceof BadSignature) throw new HttpError(401, err.message);
            throw err;
          }
          // A test-mode event (a Lemon Squeezy test store, a Shopify test order) earns nothing:
          // recorded with why, so the brand sees its setup works.
          const testMode = event.livemode === false;
          return receivedReply(
            testMode
              ? await recordTestEvent(brandId, event)
              : await applyVerifiedEvent(
                  { db, shareLinks, clicks, clock, hashes },
                  adapter,
                  brandId,
                  event,
                ),
          );
        },
      );
    });
  }

  // Discount codes: an advocate's own Paddle or Shopify discount, given on the campaign's
  // advocates (Stripe's promotion codes have their own routes).

  app.get(
    '/campaign/:id/discount-codes/',
    byId(
      "The Paddle and Shopify discount codes given to the campaign's advocates",
      { 200: DiscountCodeListReply },
      { access: brandRoute('view', 'campaign') },
    ),
    async (request) => {
      const campaign = await manageableCampaign(
        db,
        request.params.id,
        principalOf(request),
        'view',
      );
      const rows = await campaignDiscountCodes(db, campaign.id);
      return { status: 'success' as const, codes: rows.map(codeView) };
    },
  );

  app.put(
    '/campaign/:id/discount-codes/',
    byId(
      "Give an advocate of the campaign a discount code: the provider's sales using it are the advocate's",
      { 200: DiscountCodeListReply },
      {
        access: brandRoute('catalog', 'campaign'),
        description:
          "A code names one advocate of the brand per provider: giving it again moves it. The advocate must have joined the campaign. Lemon Squeezy's events do not name the code used, so its codes attribute nothing.",
        body: DiscountCodeBody,
      },
    ),
    async (request) => {
      const campaign = await manageableCampaign(
        db,
        request.params.id,
        principalOf(request),
        'catalog',
      );
      if (request.body.provider === 'lemonsqueezy')
        throw fieldError('provider', "Lemon Squeezy's events do not name the discount code used");
      if (!(await hasJoined(db, request.body.advocate_id, campaign.id)))
        throw fieldError('advocate_id', 'has not joined this campaign');
      await assignDiscountCode(db, {
        brandId: campaign.brandId,
        provider: request.body.provider,
        code: request.body.code,
        campaignId: campaign.id,
        advocateId: request.body.advocate_id,
        at: clock(),
      });
      const rows = await campaignDiscountCodes(db, campaign.id);
      return { status: 'success' as const, codes: rows.map(codeView) };
    },
  );

  app.delete(
    '/campaign/:id/discount-codes/:provider/:code/',
    signedIn(
      'Take a discount code back from its advocate',
      { 200: StatusReply },
      { params: CodeParams, access: brandRoute('catalog', 'campaign') },
    ),
    async (request) => {
      const campaign = await manageableCampaign(
        db,
        request.params.id,
        principalOf(request),
        'catalog',
      );
      const { provider, code } = request.params;
      if (!(await removeDiscountCode(db, campaign.id, provider, code)))
        throw notFound('Discount code not found');
      return { status: 'success' as const, message: 'Discount code removed' };
    },
  );
};

export default webhookProviderRoutes;
