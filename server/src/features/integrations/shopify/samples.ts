// Shopify webhooks shaped as the order and refund samples of its Admin REST reference (orders/paid,
// refunds/create: the object itself, money as decimal strings, 64-bit integer ids), with the fields
// a test varies as parameters; signed as Shopify signs them (shopifySignature).
import { hmacSha256 } from '../hmac.js';

/** X-Shopify-Hmac-Sha256: the base64 HMAC-SHA256 of the body under the shop's signing key. */
export const shopifySignature = (body: string, secret: string) =>
  hmacSha256(body, secret, 'base64');

let seq = 0;
/** An id as large as the samples' (18 digits: beyond a double's exact integers). */
export const shopifyId = () => `8209829119461545${String(10 + (++seq % 90))}`;

/**
 * The body's JSON text with `ids` written as bare integers, as Shopify writes them: JSON.stringify
 * cannot write an integer beyond 2^53 exactly, so the sample holds them as `"#id:<digits>"` strings.
 */
export function shopifyJson(body: object): string {
  return JSON.stringify(body).replace(/"#id:(\d+)"/g, '$1');
}
const id = (digits: string) => `#id:${digits}`;

export interface ShopifyOrderSample {
  orderId: string;
  currency?: string;
  /** total_price and total_tax as Shopify writes them ("10.00", "999", "12.345"). */
  total: string;
  tax?: string;
  noteAttributes?: { name: string; value: string }[];
  landingSite?: string | null;
  discountCodes?: string[];
  customerId?: string;
  sourceName?: string;
  test?: boolean;
  at: Date;
}

export function shopifyOrder(s: ShopifyOrderSample) {
  const currency = s.currency ?? 'USD';
  const tax = s.tax ?? '0.00';
  const money = (amount: string) => ({
    shop_money: { amount, currency_code: currency },
    presentment_money: { amount, currency_code: currency },
  });
  return {
    id: id(s.orderId),
    admin_graphql_api_id: `gid://shopify/Order/${s.orderId}`,
    app_id: null,
    browser_ip: null,
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: null,
    cart_token: null,
    checkout_id: null,
    confirmed: true,
    created_at: s.at.toISOString(),
    currency,
    current_total_price: s.total,
    discount_codes: (s.discountCodes ?? []).map((code) => ({
      code,
      amount: '0.00',
      type: 'percentage',
    })),
    email: 'jon@example.com',
    financial_status: 'paid',
    landing_site: s.landingSite ?? null,
    name: '#9999',
    note: null,
    note_attributes: s.noteAttributes ?? [],
    number: 234,
    order_number: 1234,
    presentment_currency: currency,
    processed_at: s.at.toISOString(),
    source_name: s.sourceName ?? 'web',
    subtotal_price: s.total,
    tags: '',
    taxes_included: false,
    test: s.test ?? false,
    total_discounts: '0.00',
    total_price: s.total,
    total_price_set: money(s.total),
    total_tax: tax,
    total_tax_set: money(tax),
    updated_at: s.at.toISOString(),
    customer: {
      id: id(s.customerId ?? '115310627314723954'),
      email: 'john@example.com',
      first_name: 'John',
      last_name: 'Smith',
    },
    line_items: [],
    refunds: [],
  };
}

export function shopifyRefund(s: {
  orderId: string;
  refundId?: string;
  currency?: string;
  /** The money returned (its refund transactions), tax included. */
  amount: string;
  /** The tax returned with the refunded lines. */
  lineTax?: string;
  at: Date;
}) {
  const currency = s.currency ?? 'USD';
  const refundId = s.refundId ?? shopifyId();
  return {
    id: id(refundId),
    order_id: id(s.orderId),
    created_at: s.at.toISOString(),
    note: 'Things were damaged',
    user_id: id('548380009'),
    processed_at: s.at.toISOString(),
    restock: false,
    duties: [],
    total_duties_set: null,
    admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    refund_line_items: [
      {
        id: id('104689539'),
        quantity: 1,
        line_item_id: id('703073504'),
        location_id: null,
        restock_type: 'no_restock',
        subtotal: 195.66,
        total_tax: Number(s.lineTax ?? '0'),
        subtotal_set: {
          shop_money: { amount: '195.66', currency_code: currency },
          presentment_money: { amount: '195.66', currency_code: currency },
        },
        total_tax_set: {
          shop_money: { amount: s.lineTax ?? '0.00', currency_code: currency },
          presentment_money: { amount: s.lineTax ?? '0.00', currency_code: currency },
        },
      },
    ],
    transactions: [
      {
        id: id('179259969'),
        order_id: id(s.orderId),
        kind: 'refund',
        gateway: 'bogus',
        status: 'success',
        message: null,
        created_at: s.at.toISOString(),
        test: false,
        authorization: 'authorization-key',
        parent_id: id('801038806'),
        processed_at: s.at.toISOString(),
        source_name: 'web',
        amount: s.amount,
        currency,
        amount_set: {
          shop_money: { amount: s.amount, currency_code: currency },
          presentment_money: { amount: s.amount, currency_code: currency },
        },
      },
    ],
    order_adjustments: [],
  };
}
