// Billing providers other than Stripe (Paddle Billing, Lemon Squeezy, Shopify), each connected by
// the signing secret of a webhook the brand adds in the provider's dashboard: the connection, the
// events received with what became of each, and what to set up on the provider's side.
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { BILLING_EVENT_OUTCOMES, billingEventFields, BillingWebhookReply } from './integrations.js';
import { DateTime, SuccessReply } from './replies.js';

/** The providers connected by a pasted webhook secret, as they appear in the routes. */
export const WEBHOOK_PROVIDERS = ['paddle', 'lemonsqueezy', 'shopify'] as const;
export type WebhookProvider = (typeof WEBHOOK_PROVIDERS)[number];

/** What a brand sets up on each provider's side. */
export const WEBHOOK_PROVIDER_SETUP: Record<
  WebhookProvider,
  {
    label: string;
    /** The events (Paddle, Lemon Squeezy) or topics (Shopify) to subscribe the endpoint to. */
    events: readonly string[];
    /** Where the provider's dashboard shows the secret to paste. */
    secretName: string;
  }
> = {
  paddle: {
    label: 'Paddle',
    events: [
      'transaction.completed',
      'adjustment.created',
      'adjustment.updated',
      'subscription.created',
      'subscription.canceled',
    ],
    secretName: "the notification destination's secret key (pdl_ntfset_…)",
  },
  lemonsqueezy: {
    label: 'Lemon Squeezy',
    events: [
      'order_created',
      'order_refunded',
      'subscription_created',
      'subscription_payment_success',
      'subscription_payment_refunded',
      'subscription_expired',
    ],
    secretName: 'the signing secret you typed when adding the webhook',
  },
  shopify: {
    label: 'Shopify',
    events: ['orders/paid', 'refunds/create'],
    secretName: 'the key shown under the webhooks ("Your webhooks will be signed with …")',
  },
};

export const WebhookConnectBody = Type.Object(
  {
    webhook_secret: Type.String({
      minLength: 6,
      maxLength: 255,
      pattern: '^\\S+$',
      description:
        "The webhook's signing secret from the provider's dashboard; stored encrypted, never shown again",
    }),
  },
  { additionalProperties: false },
);
export type WebhookConnectBody = Static<typeof WebhookConnectBody>;

export const WebhookConnectReply = SuccessReply({
  endpoint_url: Type.String({
    description: 'The absolute URL the provider must post the events to',
  }),
});
export type WebhookConnectReply = Static<typeof WebhookConnectReply>;

export const WEBHOOK_EVENT_OUTCOMES = BILLING_EVENT_OUTCOMES;

export const WebhookProviderEventView = Type.Object(
  billingEventFields("The provider's event or delivery id"),
);
export type WebhookProviderEventView = Static<typeof WebhookProviderEventView>;

export const WebhookIntegrationReply = SuccessReply({
  provider: Type.Enum(WEBHOOK_PROVIDERS),
  label: Type.String({ description: 'The provider as people read it ("Lemon Squeezy")' }),
  connected: Type.Boolean(),
  endpoint_url: Type.String(),
  connected_at: Nullable(DateTime()),
  events_to_select: Type.Array(Type.String()),
  events: Type.Array(WebhookProviderEventView, {
    description: 'The latest events received, newest first',
  }),
});
export type WebhookIntegrationReply = Static<typeof WebhookIntegrationReply>;

export const WebhookReceivedReply = BillingWebhookReply;
export type WebhookReceivedReply = BillingWebhookReply;

/** A discount code of Paddle (its dsc_… id) or Shopify (the code customers type) given to an advocate. */
export const DiscountCodeBody = Type.Object(
  {
    provider: Type.Enum(WEBHOOK_PROVIDERS),
    code: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^\\S+$',
      description:
        "As the provider's events name it: Paddle's discount id (dsc_…), Shopify's code (SPRING-ALEX10)",
    }),
    advocate_id: Type.Integer({ minimum: 1, description: 'An advocate who joined the campaign' }),
  },
  { additionalProperties: false },
);
export type DiscountCodeBody = Static<typeof DiscountCodeBody>;

export const DiscountCodeView = Type.Object({
  provider: Type.Enum(WEBHOOK_PROVIDERS),
  code: Type.String(),
  campaign_id: Type.Integer(),
  advocate_id: Type.Integer(),
  advocate: Type.String({ description: "The advocate's username" }),
  created_at: DateTime(),
});
export type DiscountCodeView = Static<typeof DiscountCodeView>;

export const DiscountCodeListReply = SuccessReply({ codes: Type.Array(DiscountCodeView) });
export type DiscountCodeListReply = Static<typeof DiscountCodeListReply>;
