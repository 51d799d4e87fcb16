// The brand's Stripe account, reached with the restricted key the brand pasted, through the official
// `stripe` package pointed at STRIPE_API_BASE. Only what the connection needs: the webhook endpoint
// the product creates and deletes, the promotion codes the brand gives advocates, and a harmless
// object that makes Stripe send a signed event (Send test event). Stripe's refusals become 400s on
// `api_key` that say what to fix; an unreachable Stripe is a 502.
import { STRIPE_EVENT_TYPES, STRIPE_KEY_PERMISSIONS, type StripeMode } from 'contract';
import Stripe from 'stripe';
import { fieldError, HttpError } from '../../../lib/http-error.js';

/** The promotion codes listed for the picker: enough for any brand's advocates, in three pages. */
const PROMOTION_CODES_MAX = 300;
/** A brand waits on these calls: fail in seconds rather than the package's 80. */
const TIMEOUT_MS = 15_000;
/** Marks the customer Send test event creates, so its customer.created is told apart. */
export const TEST_EVENT_METADATA = 'advocately_test';

export interface CreatedEndpoint {
  id: string;
  secret: string;
  livemode: boolean;
}

export interface PromotionCode {
  id: string;
  code: string;
  active: boolean;
  timesRedeemed: number;
}

/** rk_test_… → test, rk_live_… → live (the key's own mode; Stripe's endpoint follows it). */
export const keyMode = (apiKey: string): StripeMode =>
  apiKey.startsWith('rk_live_') ? 'live' : 'test';

/** rk_live_…WXYZ: enough to recognise the key on the screen, never enough to use it. */
export const keyHint = (apiKey: string) =>
  `${apiKey.slice(0, apiKey.indexOf('_', 3) + 1)}…${apiKey.slice(-4)}`;

/** What to tell the brand for a failed call: the key and its permissions are theirs to fix. */
export function stripeFailure(error: unknown, doing: string): HttpError {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error instanceof Stripe.errors.StripeAuthenticationError)
    return fieldError('api_key', `Stripe did not accept this key (${error.message})`);
  if (error instanceof Stripe.errors.StripePermissionError) {
    // Stripe names the missing scope ("Having the 'rak_webhook_write' permission would allow…").
    const missing = STRIPE_KEY_PERMISSIONS.find((p) => error.message.includes(p.permission));
    return fieldError(
      'api_key',
      missing
        ? `the key needs ${missing.resource}: ${missing.access} to ${doing}`
        : `the key is not allowed to ${doing} (${error.message})`,
    );
  }
  if (error instanceof Stripe.errors.StripeConnectionError)
    return new HttpError(502, `Stripe could not be reached to ${doing}: try again in a moment`);
  return new HttpError(502, `Stripe refused to ${doing}: ${error.message}`);
}

export interface StripeAccount {
  createEndpoint(url: string, brandId: number): Promise<CreatedEndpoint>;
  /** Deletes the endpoint; true when it was there (a 404 means it is gone already). */
  deleteEndpoint(id: string): Promise<boolean>;
  /** The active codes, newest first (at most PROMOTION_CODES_MAX). */
  listPromotionCodes(): Promise<PromotionCode[]>;
  /** The code customers type (any letter case) or a promo_… id → the code; undefined: none. */
  findPromotionCode(codeOrId: string): Promise<PromotionCode | undefined>;
  /** Creates a customer and deletes it: Stripe sends customer.created to the endpoint. */
  sendTestEvent(): Promise<string>;
}

const promotionCode = (p: Stripe.PromotionCode): PromotionCode => ({
  id: p.id,
  code: p.code,
  active: p.active,
  timesRedeemed: p.times_redeemed,
});

/** The account of `apiKey` through Stripe's API at `apiBase` (an origin, STRIPE_API_BASE). */
export function stripeAccount(apiKey: string, apiBase: string): StripeAccount {
  const base = new URL(apiBase);
  const stripe = new Stripe(apiKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Advocately' },
  });
  return {
    async createEndpoint(url, brandId) {
      const endpoint = await stripe.webhookEndpoints.create({
        url,
        enabled_events: [...STRIPE_EVENT_TYPES],
        // The shapes this package's types describe; the handlers read older versions' too.
        api_version: Stripe.API_VERSION,
        description: 'Advocately: sales, renewals and refunds of advocates’ customers',
        metadata: { advocately_brand_id: String(brandId) },
      });
      if (!endpoint.secret)
        throw new HttpError(502, 'Stripe created the endpoint without a secret');
      return { id: endpoint.id, secret: endpoint.secret, livemode: endpoint.livemode };
    },
    async deleteEndpoint(id) {
      try {
        await stripe.webhookEndpoints.del(id);
        return true;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
          return false;
        throw error;
      }
    },
    async listPromotionCodes() {
      const codes = await stripe.promotionCodes
        .list({ active: true, limit: 100 })
        .autoPagingToArray({ limit: PROMOTION_CODES_MAX });
      return codes.map(promotionCode);
    },
    async findPromotionCode(codeOrId) {
      if (codeOrId.startsWith('promo_')) {
        try {
          return promotionCode(await stripe.promotionCodes.retrieve(codeOrId));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
            return undefined;
          throw error;
        }
      }
      // Stripe matches `code` in any letter case; an active code wins over a used-up one.
      const found = await stripe.promotionCodes.list({ code: codeOrId, limit: 10 });
      const best = found.data.find((p) => p.active) ?? found.data[0];
      return best && promotionCode(best);
    },
    async sendTestEvent() {
      const customer = await stripe.customers.create({
        name: 'Advocately connection test',
        description: 'Created by Advocately to test its webhook endpoint, and deleted at once',
        metadata: { [TEST_EVENT_METADATA]: 'true' },
      });
      await stripe.customers.del(customer.id);
      return customer.id;
    },
  };
}
