import type {
  PromotionCodeView,
  StripeEventView,
  StripeIntegrationReply,
  StripePromotionCodeView,
} from 'contract';

/** GET brand/{id}/integrations/stripe/ as the server answers it; not connected unless overridden. */
export function makeStripeIntegration(
  overrides: Partial<StripeIntegrationReply> = {},
): StripeIntegrationReply {
  return {
    status: 'success',
    connected: false,
    mode: null,
    connected_with: null,
    verified_at: null,
    webhook_endpoint_id: null,
    api_key_hint: null,
    endpoint_url: 'https://app.example/api/v1/integrations/stripe/webhook/3/',
    connected_at: null,
    events_to_select: ['checkout.session.completed', 'invoice.paid', 'charge.refunded'],
    key_permissions: [
      {
        resource: 'Webhook Endpoints',
        access: 'Write',
        permission: 'rak_webhook_write',
        why: 'creates the endpoint that receives the events',
      },
      {
        resource: 'Promotion Codes',
        access: 'Read',
        permission: 'rak_promotion_code_read',
        why: 'lists your codes',
      },
    ],
    create_key_url: 'https://dashboard.stripe.com/apikeys/create?name=Advocately',
    events: [],
    promotion_codes: [],
    ...overrides,
  };
}

export function makeStripeEvent(overrides: Partial<StripeEventView> = {}): StripeEventView {
  return {
    id: 'evt_1',
    type: 'checkout.session.completed',
    object_id: 'cs_1',
    outcome: 'attributed',
    detail: 'Purchase of 50.00 USD by click id: reward 5.00 USD',
    conversion_id: 7,
    livemode: true,
    received_at: '2030-01-01T12:01:05.000Z',
    ...overrides,
  };
}

export function makePromotionCode(overrides: Partial<PromotionCodeView> = {}): PromotionCodeView {
  return {
    code: 'SPRING-ALEX10',
    promotion_code_id: 'promo_1',
    campaign_id: 9,
    campaign: 'Spring',
    advocate_id: 42,
    advocate: 'alex',
    created_at: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeStripePromotionCode(
  overrides: Partial<StripePromotionCodeView> = {},
): StripePromotionCodeView {
  return {
    id: 'promo_1',
    code: 'SPRING-ALEX10',
    active: true,
    times_redeemed: 0,
    assigned: null,
    ...overrides,
  };
}
