// Lemon Squeezy webhooks shaped as the order and subscription-invoice objects of its API reference
// and the samples of its webhook docs (meta.event_name, meta.custom_data, data.attributes), with
// the fields a test varies as parameters; signed as Lemon Squeezy signs them (lemonSqueezySignature).
import { hmacSha256 } from '../hmac.js';

/** X-Signature: the hex HMAC-SHA256 of the body under the webhook's signing secret. */
export const lemonSqueezySignature = (body: string, secret: string) =>
  hmacSha256(body, secret, 'hex');

let seq = 0;

function envelope(
  eventName: string,
  customData: Record<string, string> | null,
  testMode: boolean,
  data: object,
) {
  return {
    meta: {
      test_mode: testMode,
      event_name: eventName,
      webhook_id: 'f4c98b1e-2a3d-4c5b-6a7e-8f9d0c1b2a3d',
      ...(customData ? { custom_data: customData } : {}),
    },
    data,
  };
}

export interface LemonSqueezyOrderSample {
  id?: string;
  event?: 'order_created' | 'order_refunded';
  customerId?: number;
  email?: string;
  currency?: string;
  /** total (tax included), in the currency's smallest unit. */
  total: number;
  tax?: number;
  /** order_refunded: refunded_amount so far. */
  refunded?: number;
  customData?: Record<string, string> | null;
  testMode?: boolean;
  at: Date;
}

export function lemonSqueezyOrder(s: LemonSqueezyOrderSample) {
  const id = s.id ?? String(1000 + ++seq);
  const tax = s.tax ?? 0;
  const refunded = s.refunded ?? 0;
  const at = s.at.toISOString();
  return envelope(s.event ?? 'order_created', s.customData ?? null, s.testMode ?? false, {
    type: 'orders',
    id,
    attributes: {
      store_id: 1,
      customer_id: s.customerId ?? 1,
      identifier: `89b36d62-4f2a-4b2a-8a55-${id.padStart(12, '0')}`,
      order_number: Number(id),
      user_name: 'Jane Doe',
      user_email: s.email ?? 'jane.doe@example.com',
      currency: s.currency ?? 'USD',
      currency_rate: '1.0000',
      subtotal: s.total - tax,
      setup_fee: 0,
      discount_total: 0,
      tax,
      total: s.total,
      refunded_amount: refunded,
      subtotal_usd: s.total - tax,
      discount_total_usd: 0,
      tax_usd: tax,
      total_usd: s.total,
      refunded_amount_usd: refunded,
      tax_name: tax ? 'VAT' : null,
      tax_rate: tax ? '20.00' : '0.00',
      tax_inclusive: false,
      status:
        refunded > 0 && refunded >= s.total ? 'refunded' : refunded > 0 ? 'partial_refund' : 'paid',
      status_formatted: refunded > 0 ? 'Refunded' : 'Paid',
      refunded: refunded > 0,
      refunded_at: refunded > 0 ? at : null,
      subtotal_formatted: '',
      discount_total_formatted: '$0.00',
      tax_formatted: '',
      total_formatted: '',
      first_order_item: {
        id: 1,
        order_id: Number(id),
        product_id: 1,
        variant_id: 1,
        price_id: 1,
        product_name: 'Pro plan',
        variant_name: 'Default',
        price: s.total - tax,
        quantity: 1,
        created_at: at,
        updated_at: at,
        test_mode: s.testMode ?? false,
      },
      urls: { receipt: `https://app.lemonsqueezy.com/my-orders/${id}` },
      created_at: at,
      updated_at: at,
      test_mode: s.testMode ?? false,
    },
    relationships: {},
    links: { self: `https://api.lemonsqueezy.com/v1/orders/${id}` },
  });
}

export function lemonSqueezyInvoice(s: {
  id?: string;
  event?: 'subscription_payment_success' | 'subscription_payment_refunded';
  billingReason: 'initial' | 'renewal' | 'updated';
  subscriptionId: number;
  customerId: number;
  total: number;
  tax?: number;
  refunded?: number;
  currency?: string;
  customData?: Record<string, string> | null;
  at: Date;
}) {
  const id = s.id ?? String(5000 + ++seq);
  const tax = s.tax ?? 0;
  const refunded = s.refunded ?? 0;
  const at = s.at.toISOString();
  return envelope(s.event ?? 'subscription_payment_success', s.customData ?? null, false, {
    type: 'subscription-invoices',
    id,
    attributes: {
      store_id: 1,
      subscription_id: s.subscriptionId,
      customer_id: s.customerId,
      user_name: 'Jane Doe',
      user_email: 'jane.doe@example.com',
      billing_reason: s.billingReason,
      card_brand: 'visa',
      card_last_four: '4242',
      currency: s.currency ?? 'USD',
      currency_rate: '1.00000000',
      status: refunded > 0 ? 'refunded' : 'paid',
      status_formatted: refunded > 0 ? 'Refunded' : 'Paid',
      refunded: refunded > 0,
      refunded_at: refunded > 0 ? at : null,
      subtotal: s.total - tax,
      discount_total: 0,
      tax,
      tax_inclusive: false,
      total: s.total,
      refunded_amount: refunded,
      subtotal_usd: s.total - tax,
      discount_total_usd: 0,
      tax_usd: tax,
      total_usd: s.total,
      refunded_amount_usd: refunded,
      urls: { invoice_url: `https://app.lemonsqueezy.com/my-orders/invoice/${id}` },
      created_at: at,
      updated_at: at,
      test_mode: false,
    },
    relationships: {},
    links: { self: `https://api.lemonsqueezy.com/v1/subscription-invoices/${id}` },
  });
}

/** subscription_created: the subscription object, which names its order (order_id). */
export function lemonSqueezySubscription(s: {
  id: number;
  orderId: number;
  customerId: number;
  /** on_trial after a free trial's checkout, else active. */
  status?: 'on_trial' | 'active';
  trialEndsAt?: Date | null;
  customData?: Record<string, string> | null;
  at: Date;
}) {
  const at = s.at.toISOString();
  return envelope('subscription_created', s.customData ?? null, false, {
    type: 'subscriptions',
    id: String(s.id),
    attributes: {
      store_id: 1,
      customer_id: s.customerId,
      order_id: s.orderId,
      order_item_id: s.orderId,
      product_id: 1,
      variant_id: 1,
      product_name: 'Pro plan',
      variant_name: 'Monthly',
      user_name: 'Jane Doe',
      user_email: 'jane.doe@example.com',
      status: s.status ?? 'active',
      status_formatted: s.status === 'on_trial' ? 'On Trial' : 'Active',
      card_brand: 'visa',
      card_last_four: '4242',
      pause: null,
      cancelled: false,
      trial_ends_at: s.trialEndsAt?.toISOString() ?? null,
      billing_anchor: s.at.getUTCDate(),
      first_subscription_item: {
        id: s.id,
        subscription_id: s.id,
        price_id: 1,
        quantity: 1,
        created_at: at,
        updated_at: at,
      },
      urls: {
        update_payment_method: `https://app.lemonsqueezy.com/my-orders/${s.orderId}/subscription/${s.id}/update-payment-method`,
        customer_portal: 'https://app.lemonsqueezy.com/my-orders',
      },
      renews_at: at,
      ends_at: null,
      created_at: at,
      updated_at: at,
      test_mode: false,
    },
    relationships: {},
    links: { self: `https://api.lemonsqueezy.com/v1/subscriptions/${s.id}` },
  });
}
