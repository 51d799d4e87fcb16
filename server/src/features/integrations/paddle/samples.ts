// Paddle Billing notifications shaped as the samples in Paddle's API reference (transaction.completed,
// adjustment.updated, subscription.created), with the fields a test varies as parameters; used by
// the tests and the bench, signed as Paddle signs them (verify.ts paddleSignature).
let seq = 0;
const next = (prefix: string) => `${prefix}_01hv8x${String(++seq).padStart(20, '0')}`;

export interface PaddleTransactionSample {
  id?: string;
  origin?: 'web' | 'api' | 'subscription_recurring' | 'subscription_charge' | 'subscription_update';
  subscriptionId?: string | null;
  customerId?: string;
  currency?: string;
  /** details.totals.total (tax included), lowest denomination. */
  total: number;
  tax?: number;
  customData?: Record<string, string> | null;
  discountId?: string | null;
  at: Date;
}

export function paddleTransactionCompleted(s: PaddleTransactionSample) {
  const id = s.id ?? next('txn');
  const currency = s.currency ?? 'USD';
  const tax = s.tax ?? 0;
  const money = (n: number) => String(n);
  const totals = {
    fee: money(Math.round(s.total * 0.05)),
    tax: money(tax),
    total: money(s.total),
    credit: '0',
    balance: '0',
    discount: '0',
    earnings: money(s.total - tax - Math.round(s.total * 0.05)),
    subtotal: money(s.total - tax),
    grand_total: money(s.total),
    currency_code: currency,
    credit_to_balance: '0',
  };
  return {
    event_id: next('evt'),
    event_type: 'transaction.completed',
    occurred_at: s.at.toISOString(),
    notification_id: next('ntf'),
    data: {
      id,
      items: [
        {
          price: {
            id: 'pri_01gsz8x8sawmvhz1pv30nge1ke',
            product_id: 'pro_01gsz4t5hdjse780zja8vvr7jg',
          },
          quantity: 1,
          proration: null,
        },
      ],
      origin: s.origin ?? 'web',
      status: 'completed',
      details: {
        totals,
        line_items: [],
        payout_totals: { ...totals, exchange_rate: '1' },
        tax_rates_used: [{ tax_rate: '0.2', totals: { tax: money(tax), total: money(s.total) } }],
        adjusted_totals: totals,
      },
      checkout: { url: `https://shop.example/pay?_ptxn=${id}` },
      payments: [],
      billed_at: s.at.toISOString(),
      address_id: 'add_01hv8gq3318ktkfengj2r75gfx',
      created_at: s.at.toISOString(),
      invoice_id: `inv_${id.slice(4)}`,
      updated_at: s.at.toISOString(),
      business_id: null,
      custom_data: s.customData ?? null,
      customer_id: s.customerId ?? 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
      discount_id: s.discountId ?? null,
      receipt_data: null,
      currency_code: currency,
      billing_period:
        s.subscriptionId === null || s.subscriptionId === undefined
          ? null
          : { ends_at: s.at.toISOString(), starts_at: s.at.toISOString() },
      invoice_number: '325-10566',
      billing_details: null,
      collection_mode: 'automatic',
      subscription_id: s.subscriptionId ?? null,
    },
  };
}

export function paddleAdjustment(s: {
  transactionId: string;
  action: 'refund' | 'credit' | 'chargeback' | 'chargeback_reverse';
  status?: 'pending_approval' | 'approved' | 'rejected';
  /** totals.subtotal (before tax), lowest denomination. */
  subtotal: number;
  tax?: number;
  currency?: string;
  type?: 'adjustment.created' | 'adjustment.updated';
  id?: string;
  at: Date;
}) {
  const tax = s.tax ?? 0;
  const currency = s.currency ?? 'USD';
  const totals = {
    fee: '0',
    tax: String(tax),
    total: String(s.subtotal + tax),
    earnings: String(s.subtotal),
    subtotal: String(s.subtotal),
    currency_code: currency,
  };
  return {
    event_id: next('evt'),
    event_type: s.type ?? 'adjustment.updated',
    occurred_at: s.at.toISOString(),
    notification_id: next('ntf'),
    data: {
      id: s.id ?? next('adj'),
      items: [
        {
          id: next('adjitm'),
          type: 'partial',
          amount: String(s.subtotal + tax),
          item_id: 'txnitm_01h8bxryv3065dyh6103p3yg28',
          totals: {
            tax: String(tax),
            total: String(s.subtotal + tax),
            subtotal: String(s.subtotal),
          },
          proration: null,
        },
      ],
      action: s.action,
      reason: 'error',
      status: s.status ?? 'approved',
      totals,
      created_at: s.at.toISOString(),
      updated_at: s.at.toISOString(),
      customer_id: 'ctm_01hv6y1jedq4p1n0yqn5ba3ky4',
      payout_totals: totals,
      currency_code: currency,
      transaction_id: s.transactionId,
      subscription_id: null,
      credit_applied_to_balance: null,
    },
  };
}

export function paddleSubscriptionCreated(s: {
  id: string;
  customerId: string;
  customData: Record<string, string> | null;
  at: Date;
}) {
  return {
    event_id: next('evt'),
    event_type: 'subscription.created',
    occurred_at: s.at.toISOString(),
    notification_id: next('ntf'),
    data: {
      id: s.id,
      items: [],
      status: 'active',
      discount: null,
      paused_at: null,
      address_id: 'add_01hv8gq3318ktkfengj2r75gfx',
      created_at: s.at.toISOString(),
      started_at: s.at.toISOString(),
      updated_at: s.at.toISOString(),
      business_id: null,
      canceled_at: null,
      custom_data: s.customData,
      customer_id: s.customerId,
      billing_cycle: { interval: 'month', frequency: 1 },
      currency_code: 'USD',
      next_billed_at: s.at.toISOString(),
      collection_mode: 'automatic',
      first_billed_at: s.at.toISOString(),
      scheduled_change: null,
    },
  };
}
