// Revenue integrations: a brand's Stripe connection (the webhook endpoint the product created with
// the brand's restricted key, or one the brand added and pasted the signing secret of), the events
// received with what became of each, and the Stripe promotion codes a brand gives its advocates.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { DateTime, SuccessReply } from './replies.js';
import { PATTERNS } from './rules.js';

/**
 * The events the integration reads: the endpoint the product creates subscribes to these, and a
 * brand adding its endpoint by hand selects them.
 */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice_payment.paid',
  'charge.refunded',
  'charge.refund.updated',
  'refund.updated',
  'refund.failed',
  'charge.dispute.created',
  'charge.dispute.closed',
  'customer.created',
  'customer.updated',
  'customer.discount.created',
  'customer.subscription.created',
  'customer.subscription.deleted',
] as const;

/** A connection takes the events of one mode; those of the other are recorded and change nothing. */
export const STRIPE_MODES = ['test', 'live'] as const;
export type StripeMode = (typeof STRIPE_MODES)[number];

/** How the brand connected: its restricted key (the product made the endpoint) or a pasted secret. */
export const STRIPE_CONNECTION_KINDS = ['api_key', 'webhook_secret'] as const;
export type StripeConnectionKind = (typeof STRIPE_CONNECTION_KINDS)[number];

/**
 * What the restricted key must be allowed, as Stripe's "Create restricted key" form names it, and
 * why; `permission` is the scope Stripe names in a refusal (and in the form's pre-filled link).
 */
export const STRIPE_KEY_PERMISSIONS = [
  {
    resource: 'Webhook Endpoints',
    access: 'Write',
    permission: 'rak_webhook_write',
    why: 'creates the endpoint that receives the events, and deletes it when you disconnect',
  },
  {
    resource: 'Promotion Codes',
    access: 'Read',
    permission: 'rak_promotion_code_read',
    why: 'lists your codes so you can give one to an advocate',
  },
  {
    resource: 'Customers',
    access: 'Write',
    permission: 'rak_customer_write',
    why: 'Send test event creates a customer and deletes it at once, so Stripe sends customer.created',
  },
] as const;

/** Stripe's dashboard form for a new restricted key, named and with the permissions filled in. */
export const STRIPE_CREATE_KEY_URL =
  'https://dashboard.stripe.com/apikeys/create?name=Advocately&' +
  STRIPE_KEY_PERMISSIONS.map((p) => `permissions%5B%5D=${p.permission}`).join('&');

export const StripeKeyPermission = Type.Object({
  resource: Type.String(),
  access: Type.String(),
  permission: Type.String(),
  why: Type.String(),
});
export type StripeKeyPermission = Static<typeof StripeKeyPermission>;

export const StripeConnectBody = Type.Object(
  {
    api_key: Type.Optional(
      Type.String({
        pattern: PATTERNS.stripeRestrictedKey,
        description:
          'A restricted key (rk_live_… or rk_test_…) with the permissions of key_permissions: the product creates ' +
          "its webhook endpoint in Stripe and keeps the endpoint's signing secret. Give api_key or webhook_secret.",
      }),
    ),
    webhook_secret: Type.Optional(
      Type.String({
        pattern: PATTERNS.stripeWebhookSecret,
        description:
          "The signing secret (whsec_…) of an endpoint added in Stripe's dashboard posting to endpoint_url",
      }),
    ),
    mode: Type.Optional(
      Type.Enum(STRIPE_MODES, {
        description:
          "The Stripe mode whose events count: with api_key, the key's own (rk_test_ → test); with webhook_secret, " +
          'live unless given. Events of the other mode are answered 200, recorded with why and change nothing.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type StripeConnectBody = Static<typeof StripeConnectBody>;

export const StripeConnectReply = SuccessReply({
  endpoint_url: Type.String({ description: 'The absolute URL Stripe must post the events to' }),
  mode: Type.Enum(STRIPE_MODES),
  webhook_endpoint_id: Nullable(
    Type.String({ description: 'The endpoint the product created in Stripe (we_…), with api_key' }),
  ),
});
export type StripeConnectReply = Static<typeof StripeConnectReply>;

/** What became of a billing provider's event (every provider's log and webhook reply say it). */
export const BILLING_EVENT_OUTCOMES = ['attributed', 'ignored', 'refused'] as const;
export const STRIPE_EVENT_OUTCOMES = BILLING_EVENT_OUTCOMES;

/** A billing provider's event as its log lists it; `id` is the provider's event or delivery id. */
export const billingEventFields = (id: string) => ({
  id: Type.String({ description: id }),
  type: Type.String(),
  object_id: Nullable(Type.String()),
  outcome: Type.Enum(BILLING_EVENT_OUTCOMES),
  detail: Type.String({
    description: 'What became of it: the conversion made, or why it was ignored',
  }),
  conversion_id: Nullable(Type.Integer()),
  received_at: DateTime(),
});

export const StripeEventView = Type.Object({
  ...billingEventFields("Stripe's event id (evt_…)"),
  livemode: Nullable(
    Type.Boolean({
      description: "The event's mode (true: live); null for events kept from before",
    }),
  ),
});
export type StripeEventView = Static<typeof StripeEventView>;

// Promotion codes: an advocate's own Stripe code, chosen by what customers type (SPRING-ALEX10).

export const PromotionCodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^\\S+$',
      description:
        'The code customers type (SPRING-ALEX10) or its promo_… id. With a restricted key connected it must ' +
        "exist in the brand's Stripe account (else 400 on code); without one it is taken as given.",
    }),
    advocate_id: Type.Integer({ minimum: 1, description: 'An advocate who joined the campaign' }),
  },
  { additionalProperties: false },
);
export type PromotionCodeBody = Static<typeof PromotionCodeBody>;

export const PromotionCodeView = Type.Object({
  code: Type.String({ description: 'What customers type (or the promo_… id, when given as such)' }),
  promotion_code_id: Nullable(
    Type.String({ description: "Stripe's id for it (promo_…), what its events carry" }),
  ),
  campaign_id: Type.Integer(),
  campaign: Type.String({ description: "The campaign's title" }),
  advocate_id: Type.Integer(),
  advocate: Type.String({ description: "The advocate's username" }),
  created_at: DateTime(),
});
export type PromotionCodeView = Static<typeof PromotionCodeView>;

export const PromotionCodeListReply = SuccessReply({ codes: Type.Array(PromotionCodeView) });
export type PromotionCodeListReply = Static<typeof PromotionCodeListReply>;

/** A promotion code as the brand's Stripe account lists it. */
export const StripePromotionCodeView = Type.Object({
  id: Type.String({ description: 'promo_…' }),
  code: Type.String({ description: 'What customers type' }),
  active: Type.Boolean(),
  times_redeemed: Type.Integer(),
  assigned: Nullable(
    Type.Object({
      campaign_id: Type.Integer(),
      campaign: Type.String(),
      advocate_id: Type.Integer(),
      advocate: Type.String(),
    }),
  ),
});
export type StripePromotionCodeView = Static<typeof StripePromotionCodeView>;

export const StripePromotionCodesReply = SuccessReply({
  codes: Type.Array(StripePromotionCodeView, {
    description: "The account's active codes, newest first (up to 300), and to whom each was given",
  }),
});
export type StripePromotionCodesReply = Static<typeof StripePromotionCodesReply>;

export const StripeIntegrationReply = SuccessReply({
  connected: Type.Boolean({
    description:
      'A key or secret is stored and events are taken (Connected once verified_at is set)',
  }),
  mode: Nullable(Type.Enum(STRIPE_MODES)),
  connected_with: Nullable(Type.Enum(STRIPE_CONNECTION_KINDS)),
  verified_at: Nullable(
    DateTime({ description: 'When the first correctly signed event arrived; null: none yet' }),
  ),
  webhook_endpoint_id: Nullable(Type.String()),
  api_key_hint: Nullable(
    Type.String({ description: "The stored key's prefix and last four characters, never the key" }),
  ),
  endpoint_url: Type.String(),
  connected_at: Nullable(DateTime()),
  events_to_select: Type.Array(Type.String()),
  key_permissions: Type.Array(StripeKeyPermission),
  create_key_url: Type.String({
    description: "Stripe's Create restricted key form with these permissions filled in",
  }),
  events: Type.Array(StripeEventView, { description: 'The latest events received, newest first' }),
  promotion_codes: Type.Array(PromotionCodeView, {
    description: "Every promotion code given to an advocate of the brand's campaigns",
  }),
});
export type StripeIntegrationReply = Static<typeof StripeIntegrationReply>;

export const StripeTestEventReply = SuccessReply({
  message: Type.String(),
  object_id: Type.String({ description: 'The customer created (and deleted) to make the event' }),
});
export type StripeTestEventReply = Static<typeof StripeTestEventReply>;

/** What every billing provider's webhook endpoint answers a signed event. */
export const BillingWebhookReply = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
  outcome: Type.Enum(BILLING_EVENT_OUTCOMES),
  detail: Type.String(),
});
export type BillingWebhookReply = Static<typeof BillingWebhookReply>;
export const StripeWebhookReply = BillingWebhookReply;
export type StripeWebhookReply = BillingWebhookReply;
