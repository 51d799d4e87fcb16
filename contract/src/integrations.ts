// Revenue integrations: a brand's Stripe connection (its webhook endpoint), the events received
// with what became of each, and the Stripe promotion codes a brand gives its advocates.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { DateTime, SuccessReply } from './replies.js';
import { PATTERNS } from './rules.js';

/** The events to select on the Stripe endpoint (Developers → Webhooks → Add endpoint). */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice_payment.paid',
  'charge.refunded',
  'customer.subscription.deleted',
  'customer.created',
  'customer.updated',
] as const;

export const StripeConnectBody = Type.Object(
  {
    webhook_secret: Type.String({
      pattern: PATTERNS.stripeWebhookSecret,
      description:
        "The endpoint's signing secret from Stripe's dashboard (whsec_…); never shown again",
    }),
  },
  { additionalProperties: false },
);
export type StripeConnectBody = Static<typeof StripeConnectBody>;

export const StripeConnectReply = SuccessReply({
  endpoint_url: Type.String({ description: 'The absolute URL Stripe must post the events to' }),
});
export type StripeConnectReply = Static<typeof StripeConnectReply>;

export const STRIPE_EVENT_OUTCOMES = ['attributed', 'ignored', 'refused'] as const;

export const StripeEventView = Type.Object({
  id: Type.String({ description: "Stripe's event id (evt_…)" }),
  type: Type.String(),
  object_id: Nullable(Type.String()),
  outcome: Type.Enum(STRIPE_EVENT_OUTCOMES),
  detail: Type.String({
    description: 'What became of it: the conversion made, or why it was ignored',
  }),
  conversion_id: Nullable(Type.Integer()),
  received_at: DateTime(),
});
export type StripeEventView = Static<typeof StripeEventView>;

export const StripeIntegrationReply = SuccessReply({
  connected: Type.Boolean(),
  endpoint_url: Type.String(),
  connected_at: Nullable(DateTime()),
  events_to_select: Type.Array(Type.String()),
  events: Type.Array(StripeEventView, { description: 'The latest events received, newest first' }),
});
export type StripeIntegrationReply = Static<typeof StripeIntegrationReply>;

export const StripeWebhookReply = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
  outcome: Type.Enum(STRIPE_EVENT_OUTCOMES),
  detail: Type.String(),
});
export type StripeWebhookReply = Static<typeof StripeWebhookReply>;

export const PromotionCodeBody = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^\\S+$',
      description:
        "The Stripe promotion code's id (promo_…, what Stripe's events carry) or its customer-facing code",
    }),
    advocate_id: Type.Integer({ minimum: 1, description: 'An advocate who joined the campaign' }),
  },
  { additionalProperties: false },
);
export type PromotionCodeBody = Static<typeof PromotionCodeBody>;

export const PromotionCodeView = Type.Object({
  code: Type.String(),
  campaign_id: Type.Integer(),
  advocate_id: Type.Integer(),
  advocate: Type.String({ description: "The advocate's username" }),
  created_at: DateTime(),
});
export type PromotionCodeView = Static<typeof PromotionCodeView>;

export const PromotionCodeListReply = SuccessReply({ codes: Type.Array(PromotionCodeView) });
export type PromotionCodeListReply = Static<typeof PromotionCodeListReply>;
