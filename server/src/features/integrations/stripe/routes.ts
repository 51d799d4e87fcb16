// Stripe, connected by the brand owner: PUT/GET/DELETE brand/{brandId}/integrations/stripe/ (with a
// restricted key the product creates its own webhook endpoint in Stripe; or a pasted signing secret),
// POST …/stripe/test-event/ (makes Stripe send a signed event), GET …/stripe/promotion-codes/ (the
// account's codes), POST integrations/stripe/webhook/{brandId}/ (the endpoint Stripe posts to) and
// the campaign's promotion codes (GET/PUT campaign/{id}/promotion-codes/, DELETE …/{code}/).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PromotionCodeBody,
  PromotionCodeListReply,
  StatusReply,
  STRIPE_EVENT_TYPES,
  STRIPE_CREATE_KEY_URL,
  STRIPE_KEY_PERMISSIONS,
  StripeConnectBody,
  StripeConnectReply,
  StripeIntegrationReply,
  StripePromotionCodesReply,
  StripeTestEventReply,
  StripeWebhookReply,
  type StripeConnectionKind,
  type StripeMode,
  BrandIdParams,
  RowId,
} from 'contract';
import Stripe from 'stripe';
import { Type } from 'typebox';
import { fieldError, HttpError, notFound } from '../../../lib/http-error.js';
import { signedInRoutes } from '../../../lib/route.js';
import { withErrors } from '../../../lib/schema.js';
import { principalOf } from '../../../plugins/auth.js';
import { brandRoute, manageableBrand } from '../../access/index.js';
import { recordAudit, userActor } from '../../audit/index.js';
import { fraudHashes } from '../../fraud/index.js';
import { hasJoined } from '../../joins/index.js';
import { handleStripeEvent, stripeProvider, type HandledEvent } from './handle.js';
import { envelopeOf, type StripeEventEnvelope } from './payloads.js';
import {
  assignPromotionCode,
  deleteConnection,
  findConnection,
  latestEvents,
  markVerified,
  promotionCodes,
  removePromotionCode,
  saveConnection,
  type PromotionCodeRow,
  type StripeConnection,
} from './repository.js';
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
import { secretBox } from '../secret-box.js';
import {
  keyHint,
  keyMode,
  stripeAccount,
  stripeFailure,
  TEST_EVENT_METADATA,
  type StripeAccount,
} from './stripe-api.js';

export const STRIPE_NOT_CONNECTED = 'Stripe is not connected for this brand';
export const NEEDS_KEY = 'Connect Stripe with a restricted key (rk_…) first';
export const BAD_SIGNATURE = 'Invalid or missing Stripe-Signature';
export { LATEST_EVENTS };

const CodeParams = Type.Object({
  id: RowId,
  code: Type.String({ minLength: 1, maxLength: 255 }),
});

const codeView = (r: PromotionCodeRow) => ({
  code: r.code,
  promotion_code_id: r.promotion_code_id,
  campaign_id: r.campaign_id,
  campaign: r.campaign,
  advocate_id: r.advocate_id,
  advocate: r.username,
  created_at: iso(r.created_at),
});

/** What the webhook needs of a connection, opened once every few seconds per instance. */
interface OpenedConnection {
  secret: string | undefined;
  mode: StripeMode;
  verified: boolean;
}

/** The event's mode as Stripe states it on every event; null when it does not say. */
function livemodeOf(event: unknown): boolean | null {
  const livemode = (event as { livemode?: unknown }).livemode;
  return typeof livemode === 'boolean' ? livemode : null;
}

const connectedWith = (c: StripeConnection): StripeConnectionKind =>
  c.apiKey ? 'api_key' : 'webhook_secret';

const stripeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, clock, shareLinks, clicks, config } = app.deps;
  const { signedIn, byId } = signedInRoutes(app, 'integrations');
  const secrets = secretBox(config.jwtSecret, 'stripe-webhook-secret');
  const keys = secretBox(config.jwtSecret, 'stripe-api-key');
  const hashes = fraudHashes(config.jwtSecret);
  // Opened connections by brand (signing secret, mode, verified), route-kit's openedCache.
  const opened = openedCache<number, OpenedConnection | undefined>(clock);
  const openConnection = (brandId: number) =>
    opened.get(brandId, async () => {
      const connection = await findConnection(db, brandId);
      return (
        connection && {
          secret: secrets.open(connection.webhookSecret),
          mode: connection.mode,
          verified: connection.verifiedAt !== null,
        }
      );
    });
  const endpointUrl = (brandId: number) => webhookUrl(config.publicUrl, 'stripe', brandId);
  const account = (apiKey: string) => stripeAccount(apiKey, config.stripeApiBase);
  /** The brand's account through its stored key; 400 when it connected without one. */
  function accountOf(connection: StripeConnection | undefined): StripeAccount {
    const key = connection?.apiKey && keys.open(connection.apiKey);
    if (!key) throw new HttpError(400, NEEDS_KEY);
    return account(key);
  }
  /** Deletes an endpoint the product made; what went wrong, or undefined when it is gone. */
  async function deleteEndpoint(connection: StripeConnection): Promise<string | undefined> {
    if (!connection.webhookEndpointId) return undefined;
    const key = connection.apiKey && keys.open(connection.apiKey);
    if (!key) return 'the stored key could not be opened';
    try {
      await account(key).deleteEndpoint(connection.webhookEndpointId);
      return undefined;
    } catch (error) {
      return stripeFailure(error, 'delete the webhook endpoint').detail;
    }
  }

  app.put(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      "Connect the brand's Stripe account: with a restricted key, or an endpoint's signing secret",
      { 200: StripeConnectReply },
      {
        description:
          'With api_key (rk_live_… or rk_test_…, allowed what key_permissions lists) the product creates its webhook ' +
          "endpoint in Stripe for the events it reads and keeps the endpoint's signing secret; the key's mode is the " +
          "connection's. With webhook_secret, paste the whsec_… of an endpoint added in Stripe's dashboard posting to " +
          'endpoint_url, and say its mode (live unless given). Key and secret are stored encrypted and never shown ' +
          'again; a new PUT replaces the connection (and deletes the endpoint the previous one created). Stripe ' +
          'refusing the key (wrong key, a permission missing) is a 400 on api_key.',
        params: BrandIdParams,
        body: StripeConnectBody,
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const brand = await manageableBrand(db, me, request.params.brandId, 'developers');
      const { api_key: apiKey, webhook_secret: webhookSecret, mode: asked } = request.body;
      if (apiKey && webhookSecret)
        throw fieldError('webhook_secret', 'give api_key or webhook_secret, not both');
      if (!apiKey && !webhookSecret)
        throw fieldError('api_key', 'give a restricted key (rk_…) or a signing secret (whsec_…)');

      let mode: StripeMode = asked ?? 'live';
      let secret = webhookSecret ?? '';
      let made: { account: StripeAccount; endpointId: string } | undefined;
      if (apiKey) {
        mode = keyMode(apiKey);
        if (asked && asked !== mode)
          throw fieldError('mode', `the key is a ${mode}-mode key (${apiKey.slice(0, 8)}…)`);
        const stripe = account(apiKey);
        const endpoint = await stripe
          .createEndpoint(endpointUrl(brand.id), brand.id)
          .catch((error: unknown) => {
            throw stripeFailure(error, 'create the webhook endpoint');
          });
        secret = endpoint.secret;
        made = { account: stripe, endpointId: endpoint.id };
      }

      opened.drop(brand.id);
      const actor = userActor(request);
      let before: StripeConnection | undefined;
      try {
        before = await db.transaction(async (tx) => {
          const previous = await findConnection(tx, brand.id);
          await saveConnection(tx, {
            brandId: brand.id,
            sealedSecret: secrets.seal(secret),
            mode,
            key:
              apiKey && made
                ? { sealed: keys.seal(apiKey), hint: keyHint(apiKey), endpointId: made.endpointId }
                : null,
            userId: me.userId,
            at: clock(),
          });
          await recordAudit(tx, actor, {
            brandId: brand.id,
            action: previous ? 'integration.secret_replaced' : 'integration.connected',
            target: { kind: 'integration', id: 'stripe', label: 'Stripe' },
            before: previous
              ? { connected: true, mode: previous.mode, with: connectedWith(previous) }
              : { connected: false },
            after: { connected: true, mode, with: apiKey ? 'api_key' : 'webhook_secret' },
            at: clock(),
          });
          return previous;
        });
      } catch (error) {
        // Not saved: the endpoint just made in Stripe would post to a brand that does not know it.
        if (made) await made.account.deleteEndpoint(made.endpointId).catch(() => false);
        throw error;
      }
      // The endpoint the previous connection made is replaced: deleted in Stripe, if it can be.
      if (before?.webhookEndpointId && before.webhookEndpointId !== made?.endpointId) {
        const problem = await deleteEndpoint(before);
        if (problem)
          request.log.warn({ brandId: brand.id, problem }, 'previous Stripe endpoint not deleted');
      }
      return {
        status: 'success' as const,
        endpoint_url: endpointUrl(brand.id),
        mode,
        webhook_endpoint_id: made?.endpointId ?? null,
      };
    },
  );

  app.get(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      "The brand's Stripe connection: its mode, whether a signed event arrived, the latest events and the promotion codes given",
      { 200: StripeIntegrationReply },
      { params: BrandIdParams, access: brandRoute('view') },
    ),
    async (request) => {
      const brand = await routeBrand(db, request, 'view');
      const [connection, events, codes] = await Promise.all([
        findConnection(db, brand.id),
        latestEvents(db, brand.id, LATEST_EVENTS),
        promotionCodes(db, { brandId: brand.id }),
      ]);
      return {
        status: 'success' as const,
        connected: connection !== undefined,
        mode: connection?.mode ?? null,
        connected_with: connection ? connectedWith(connection) : null,
        verified_at: connection?.verifiedAt ? iso(connection.verifiedAt) : null,
        webhook_endpoint_id: connection?.webhookEndpointId ?? null,
        api_key_hint: connection?.apiKeyHint ?? null,
        endpoint_url: endpointUrl(brand.id),
        connected_at: connection ? iso(connection.connectedAt) : null,
        events_to_select: [...STRIPE_EVENT_TYPES],
        key_permissions: STRIPE_KEY_PERMISSIONS.map((p) => ({ ...p })),
        create_key_url: STRIPE_CREATE_KEY_URL,
        events: events.map((e) => ({ ...eventView(e), livemode: e.livemode })),
        promotion_codes: codes.map(codeView),
      };
    },
  );

  app.delete(
    '/brand/:brandId/integrations/stripe/',
    signedIn(
      'Disconnect Stripe: the endpoint the product created is deleted in Stripe, events are refused from now on',
      { 200: StatusReply },
      {
        description:
          'The conversions already made stay. When Stripe cannot be reached the connection stays (502: try again); ' +
          'when it no longer accepts the key, the connection is removed and the message says to delete the endpoint ' +
          "in Stripe's dashboard.",
        params: BrandIdParams,
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const brand = await routeBrand(db, request, 'developers');
      const connection = await findConnection(db, brand.id);
      if (!connection) throw notFound(STRIPE_NOT_CONNECTED);
      // Stripe first: an endpoint left behind would post to a brand that refuses its events.
      let problem: string | undefined;
      if (connection.webhookEndpointId) {
        const key = connection.apiKey && keys.open(connection.apiKey);
        try {
          if (key) await account(key).deleteEndpoint(connection.webhookEndpointId);
          else problem = 'the stored key could not be opened';
        } catch (error) {
          const failure = stripeFailure(error, 'delete the webhook endpoint');
          // Unreachable or failing: nothing changed, the brand tries again.
          if (failure.statusCode !== 400) throw failure;
          problem = failure.detail;
        }
      }
      opened.drop(brand.id);
      const actor = userActor(request);
      const disconnected = await db.transaction(async (tx) => {
        const removed = await deleteConnection(tx, brand.id);
        if (!removed) return false;
        await recordAudit(tx, actor, {
          brandId: brand.id,
          action: 'integration.disconnected',
          target: { kind: 'integration', id: 'stripe', label: 'Stripe' },
          before: { connected: true, mode: removed.mode, with: connectedWith(removed) },
          after: { connected: false },
          at: clock(),
        });
        return true;
      });
      if (!disconnected) throw notFound(STRIPE_NOT_CONNECTED);
      return {
        status: 'success' as const,
        message: problem
          ? `Stripe disconnected, but its endpoint ${connection.webhookEndpointId} could not be deleted (${problem}): delete it in Stripe's dashboard (Developers → Webhooks)`
          : 'Stripe disconnected',
      };
    },
  );

  app.post(
    '/brand/:brandId/integrations/stripe/test-event/',
    signedIn(
      'Make Stripe send a signed event to the endpoint (a connection made with a restricted key)',
      { 200: StripeTestEventReply },
      {
        description:
          'Stripe has no API to send a test event, so this creates a customer marked advocately_test and deletes it at ' +
          'once: Stripe sends customer.created, signed, to the endpoint, which records it as the test and marks the ' +
          'connection verified (GET shows verified_at). Changes no money.',
        params: BrandIdParams,
        access: brandRoute('developers'),
      },
    ),
    async (request) => {
      const brand = await routeBrand(db, request, 'developers');
      const stripe = accountOf(await findConnection(db, brand.id));
      const customer = await stripe.sendTestEvent().catch((error: unknown) => {
        throw stripeFailure(error, 'create the test customer');
      });
      return {
        status: 'success' as const,
        message: `Stripe is sending customer.created for the test customer ${customer}`,
        object_id: customer,
      };
    },
  );

  app.get(
    '/brand/:brandId/integrations/stripe/promotion-codes/',
    signedIn(
      "The active promotion codes of the brand's Stripe account, and to which advocate each was given",
      { 200: StripePromotionCodesReply },
      {
        description: `Listed through Stripe's API with the connection's restricted key (400 "${NEEDS_KEY}" without one).`,
        params: BrandIdParams,
        access: brandRoute('view'),
      },
    ),
    async (request) => {
      const brand = await routeBrand(db, request, 'view');
      const stripe = accountOf(await findConnection(db, brand.id));
      const [listed, given] = await Promise.all([
        stripe.listPromotionCodes().catch((error: unknown) => {
          throw stripeFailure(error, 'list the promotion codes');
        }),
        promotionCodes(db, { brandId: brand.id }),
      ]);
      return {
        status: 'success' as const,
        codes: listed.map((p) => {
          const to = given.find((g) => g.promotion_code_id === p.id || g.code === p.id);
          return {
            id: p.id,
            code: p.code,
            active: p.active,
            times_redeemed: p.timesRedeemed,
            assigned: to
              ? {
                  campaign_id: to.campaign_id,
                  campaign: to.campaign,
                  advocate_id: to.advocate_id,
                  advocate: to.username,
                }
              : null,
          };
        }),
      };
    },
  );

  /**
   * What the webhook settles before the event's handling: an event of the other mode (recorded,
   * changes nothing) and the test event of Send test event; the first event of the connection's
   * mode also marks it verified. Undefined: the event is handled as any other.
   */
  async function settledHere(
    brandId: number,
    connection: OpenedConnection,
    envelope: StripeEventEnvelope,
    livemode: boolean | null,
  ): Promise<HandledEvent | undefined> {
    const record = (detail: string): Promise<HandledEvent> =>
      recordIgnored(
        db,
        stripeProvider,
        {
          brandId,
          eventId: envelope.id,
          type: envelope.type,
          objectId: typeof envelope.object.id === 'string' ? envelope.object.id : null,
        },
        livemode,
        detail,
        clock(),
      );
    const eventMode = livemode === null ? null : livemode ? 'live' : 'test';
    if (eventMode !== null && eventMode !== connection.mode)
      return record(
        `A ${eventMode}-mode event: this connection takes ${connection.mode}-mode events only, so it changes nothing`,
      );
    if (!connection.verified) {
      await markVerified(db, brandId, clock());
      connection.verified = true;
    }
    const metadata = envelope.object.metadata;
    if (
      envelope.type === 'customer.created' &&
      metadata !== null &&
      typeof metadata === 'object' &&
      (metadata as Record<string, unknown>)[TEST_EVENT_METADATA] === 'true'
    )
      return record('The test event (Send test event): signed and received, the connection works');
    return undefined;
  }

  // The webhook verifies the signature over the exact bytes Stripe sent.
  await withRawBody(app, (hook) => {
    hook.post(
      '/integrations/stripe/webhook/:brandId/',
      {
        schema: {
          tags: ['integrations'],
          summary: "Stripe's webhook endpoint for one brand (posted to by Stripe)",
          description:
            "Verifies Stripe-Signature over the raw body with the brand's signing secret (300 s tolerance): a bad or " +
            'missing signature is a 400 and records nothing. Every verified event is answered 200, including those it ' +
            'ignores; an event id seen before is answered duplicate. An event of the other mode than the ' +
            "connection's (livemode) is recorded with why and changes nothing. Reads checkout.session.completed, " +
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
        const connection = await openConnection(brandId);
        const secret = connection?.secret;
        if (!connection || !secret) throw new HttpError(400, STRIPE_NOT_CONNECTED);
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
        const livemode = livemodeOf(event);
        const settled = await settledHere(brandId, connection, envelope, livemode);
        return receivedReply(
          settled ??
            (await handleStripeEvent({ db, shareLinks, clicks, clock, hashes }, brandId, envelope)),
        );
      },
    );
  });

  // Promotion codes: an advocate's own Stripe coupon code, assigned on the campaign's advocates.

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
      const campaign = await manageableCampaign(
        db,
        request.params.id,
        principalOf(request),
        'view',
      );
      const rows = await promotionCodes(db, { campaignId: campaign.id });
      return { status: 'success' as const, codes: rows.map(codeView) };
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
          'A code names one advocate of the brand: assigning it again moves it. The advocate must have joined the ' +
          "campaign. With a restricted key connected, the code is looked up in the brand's Stripe account (the code " +
          'customers type, in any letter case, or its promo_… id) and kept with its promo_… id, which the events ' +
          'carry; a code Stripe does not know is a 400 on code.',
        body: PromotionCodeBody,
      },
    ),
    async (request) => {
      const me = principalOf(request);
      const campaign = await manageableCampaign(db, request.params.id, me, 'catalog');
      if (!(await hasJoined(db, request.body.advocate_id, campaign.id)))
        throw fieldError('advocate_id', 'has not joined this campaign');
      const typed = request.body.code;
      let code = typed;
      let promotionCodeId = typed.startsWith('promo_') ? typed : null;
      const connection = await findConnection(db, campaign.brandId);
      if (connection?.apiKey) {
        const found = await accountOf(connection)
          .findPromotionCode(typed)
          .catch((error: unknown) => {
            throw stripeFailure(error, 'look the promotion code up');
          });
        if (!found)
          throw fieldError(
            'code',
            `${typed} is not a promotion code of your Stripe account (${connection.mode} mode)`,
          );
        code = found.code;
        promotionCodeId = found.id;
      }
      await assignPromotionCode(db, {
        brandId: campaign.brandId,
        code,
        promotionCodeId,
        campaignId: campaign.id,
        advocateId: request.body.advocate_id,
        at: clock(),
      });
      const rows = await promotionCodes(db, { campaignId: campaign.id });
      return { status: 'success' as const, codes: rows.map(codeView) };
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
      const campaign = await manageableCampaign(
        db,
        request.params.id,
        principalOf(request),
        'catalog',
      );
      if (!(await removePromotionCode(db, campaign.id, request.params.code)))
        throw notFound('Promotion code not found');
      return { status: 'success' as const, message: 'Promotion code removed' };
    },
  );
};

export default stripeRoutes;
