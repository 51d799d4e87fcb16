// Stripe's objects as the normalised billing facts (../provider.ts), as the API reference shapes
// them. Read defensively: a webhook endpoint receives the API version set on it, and fields moved
// between versions (an invoice's subscription and payment intent, a charge's invoice, the
// invoice's discount that became a list of discount ids in 2025-03-31), so each reader looks
// where every supported version puts the value.
import type {
  AdvocateHint,
  CustomerFact,
  DisputeFact,
  PaymentFact,
  PaymentLinkFact,
  RefundFact,
  RefundFailedFact,
} from '../provider.js';
import { country } from '../json.js';

type Json = Record<string, unknown>;

const obj = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
/** An id field that Stripe sends as an id, or as the object when expanded. */
const idOf = (value: unknown): string | undefined => str(value) ?? str(obj(value)?.id);
const ids = (...values: unknown[]): string[] =>
  values.map(idOf).filter((x): x is string => Boolean(x));

export interface StripeEventEnvelope {
  id: string;
  type: string;
  /** When Stripe created the event, seconds. */
  created: number;
  /** Stripe's livemode; null when it did not say. */
  livemode: boolean | null;
  object: Json;
}

/** The event's id, type, time and `data.object`; undefined when it is not shaped like an event. */
export function envelopeOf(event: unknown): StripeEventEnvelope | undefined {
  const e = obj(event);
  const object = obj(obj(e?.data)?.object);
  const id = str(e?.id);
  const type = str(e?.type);
  if (!e || !object || !id || !type) return undefined;
  const livemode = typeof e.livemode === 'boolean' ? e.livemode : null;
  return { id, type, created: num(e.created) ?? 0, livemode, object };
}

/** What every fact of the event carries. */
export interface EventTime {
  livemode: boolean | null;
  occurredAt: Date;
}

export const eventTime = (envelope: StripeEventEnvelope, fallback: Date): EventTime => ({
  livemode: envelope.livemode,
  occurredAt: envelope.created > 0 ? new Date(envelope.created * 1000) : fallback,
});

function metadataHints(metadata: unknown): AdvocateHint {
  const m = obj(metadata);
  return { clickId: str(m?.advocately_cid), via: str(m?.advocately_via) };
}

/** The subscription's first payment has one id, from the session and the invoice alike. */
export const firstPaymentId = (subscriptionId: string) => `${subscriptionId}:first`;

/**
 * Promotion codes of discounts: Discount objects (expanded, or before 2025-03-31 the invoice's
 * `discount`) name theirs in `promotion_code` (an id, or the object with its typed `code`). A
 * bare discount id (`di_…`, an invoice's `discounts` since 2025-03-31) names none: the code is
 * then read from customer.discount.created or the subscription (see discountFact).
 */
export function promotionCodesOf(...discounts: unknown[]): string[] {
  const codes: string[] = [];
  const add = (d: unknown) => {
    const promo = obj(d)?.promotion_code;
    const id = idOf(promo);
    if (id) codes.push(id);
    const code = str(obj(promo)?.code);
    if (code) codes.push(code);
  };
  for (const d of discounts) {
    if (Array.isArray(d)) d.forEach(add);
    else add(d);
  }
  return codes;
}

/** checkout.session.completed / async_payment_succeeded → the payment, or why it is ignored. */
export function paymentOfSession(s: Json, at: EventTime): PaymentFact | string {
  const mode = str(s.mode);
  if (mode !== 'payment' && mode !== 'subscription') return `mode ${mode ?? 'unknown'}: no payment`;
  if (str(s.payment_status) === 'unpaid') return 'not paid yet (an asynchronous payment)';
  const id = str(s.id);
  const currency = str(s.currency);
  const total = num(s.amount_total);
  if (!id || !currency || total === undefined) return 'no id, currency or amount_total';
  const tax = num(obj(s.total_details)?.amount_tax) ?? 0;
  const subscriptionId = idOf(s.subscription) ?? null;
  const isSubscription = mode === 'subscription' && subscriptionId !== null;
  const created = num(s.created);
  return {
    ...at,
    ...(created ? { occurredAt: new Date(created * 1000) } : {}),
    kind: isSubscription ? 'first_payment' : 'sale',
    transactionId: isSubscription ? firstPaymentId(subscriptionId) : id,
    relatedIds: ids(s.id, s.payment_intent, s.invoice, s.subscription),
    amount: { minor: Math.max(0, total - tax), currency },
    customerId: idOf(s.customer) ?? null,
    email: str(obj(s.customer_details)?.email) ?? str(s.customer_email) ?? null,
    country: country(obj(obj(s.customer_details)?.address)?.country) ?? null,
    subscriptionId,
    hints: [
      { clickId: str(s.client_reference_id) },
      metadataHints(s.metadata),
      metadataHints(obj(s.subscription)?.metadata),
      metadataHints(obj(s.customer)?.metadata),
    ],
    codes: promotionCodesOf(s.discounts),
  };
}

/** The invoice's subscription: `parent.subscription_details` (2025 API versions) or `subscription`. */
function invoiceSubscription(inv: Json): { id: string | null; metadata: unknown } {
  const details = obj(obj(inv.parent)?.subscription_details);
  const id = idOf(details?.subscription) ?? idOf(inv.subscription) ?? null;
  const metadata = details?.metadata ?? obj(inv.subscription_details)?.metadata;
  return { id, metadata };
}

/**
 * invoice.paid → the payment, or why it is ignored. Every paid invoice of a subscription is
 * revenue: `subscription_create` is its first payment; any other billing reason (a cycle, an
 * upgrade's proration `subscription_update`, `manual`, `subscription_threshold`) is a renewal.
 * An invoice of 0 (a trial's) only remembers its customer (apply-facts).
 */
export function paymentOfInvoice(inv: Json, at: EventTime): PaymentFact | string {
  const reason = str(inv.billing_reason);
  const sub = invoiceSubscription(inv);
  if (!sub.id)
    return 'not a subscription invoice (a one-off payment is read from its Checkout session)';
  const id = str(inv.id);
  const currency = str(inv.currency);
  const paid = num(inv.amount_paid);
  if (!id || !currency || paid === undefined) return 'no id, currency or amount_paid';
  // Tax: `tax` (older versions) or the sum of `total_taxes` (2025 versions).
  const taxes = Array.isArray(inv.total_taxes)
    ? inv.total_taxes.reduce<number>((sum, t) => sum + (num(obj(t)?.amount) ?? 0), 0)
    : (num(inv.tax) ?? 0);
  const paidAt = num(obj(inv.status_transitions)?.paid_at) ?? num(inv.created);
  const first = reason === 'subscription_create';
  const related = ids(inv.id, inv.payment_intent, inv.charge, sub.id);
  return {
    ...at,
    ...(paidAt ? { occurredAt: new Date(paidAt * 1000) } : {}),
    kind: first ? 'first_payment' : 'renewal',
    transactionId: first ? firstPaymentId(sub.id) : id,
    // The subscription id names the first payment only (a refund of its charge finds it).
    relatedIds: first ? related : related.filter((x) => x !== sub.id),
    amount: { minor: Math.max(0, paid - taxes), currency },
    customerId: idOf(inv.customer) ?? null,
    email: str(inv.customer_email) ?? null,
    country: country(obj(inv.customer_address)?.country) ?? null,
    subscriptionId: sub.id,
    hints: [metadataHints(sub.metadata), metadataHints(obj(inv.customer)?.metadata)],
    codes: promotionCodesOf(inv.discounts, inv.discount),
    firstPaymentTransactionId: first ? undefined : firstPaymentId(sub.id),
  };
}

/** charge.refunded → the running total refunded on the charge, or why it is ignored. */
export function refundOfCharge(ch: Json, at: EventTime): RefundFact | string {
  const id = str(ch.id);
  const amount = num(ch.amount);
  const refunded = num(ch.amount_refunded);
  const currency = str(ch.currency) ?? '';
  if (!id || amount === undefined || refunded === undefined || amount <= 0)
    return 'no id, amount or amount_refunded';
  return {
    ...at,
    kind: 'refund',
    paymentIds: ids(ch.id, ch.payment_intent, ch.invoice),
    refundId: null,
    amount: { minor: Math.max(0, refunded), currency },
    ofMinor: amount,
    cumulative: true,
  };
}

/** refund.failed, or refund.updated / charge.refund.updated to `failed`: the refund undone. */
export function failedRefundOf(refund: Json, at: EventTime): RefundFailedFact | string {
  const id = str(refund.id);
  const amount = num(refund.amount);
  if (str(refund.status) !== 'failed') return `refund status ${str(refund.status) ?? 'unknown'}`;
  if (!id || amount === undefined) return 'no id or amount';
  return {
    ...at,
    kind: 'refund_failed',
    paymentIds: ids(refund.charge, refund.payment_intent),
    refundId: id,
    amount: { minor: amount, currency: str(refund.currency) ?? '' },
  };
}

/**
 * charge.dispute.created → opened; charge.dispute.closed → lost, or won (`won`, and a warning
 * that closed without a chargeback).
 */
export function disputeOf(d: Json, type: string, at: EventTime): DisputeFact | string {
  const id = str(d.id);
  if (!id) return 'no dispute id';
  const status = str(d.status);
  const state =
    type === 'charge.dispute.created'
      ? 'opened'
      : status === 'lost'
        ? 'lost'
        : status === 'won' || status === 'warning_closed'
          ? 'won'
          : undefined;
  if (!state) return `dispute status ${status ?? 'unknown'}: nothing to change`;
  return {
    ...at,
    kind: 'dispute',
    status: state,
    disputeId: id,
    paymentIds: ids(d.charge, d.payment_intent),
  };
}

/** customer.created / customer.updated: a customer whose metadata names an advocate. */
export function customerFact(customer: Json, at: EventTime): CustomerFact | undefined {
  const id = str(customer.id);
  const hints = metadataHints(customer.metadata);
  return id && (hints.clickId || hints.via)
    ? {
        ...at,
        kind: 'customer',
        customerId: id,
        email: str(customer.email) ?? null,
        hints: [hints],
        codes: [],
      }
    : undefined;
}

/**
 * customer.discount.created (a Discount), or customer.subscription.created/updated (its
 * `discounts` expanded, or `discount` before 2025-03-31): the customer's promotion code, which
 * an invoice of the newest API versions no longer names. The customer is remembered with the
 * code's advocate, so its payments follow.
 */
export function discountFact(object: Json, at: EventTime): CustomerFact | undefined {
  const customerId = idOf(object.customer);
  const codes =
    str(object.object) === 'discount'
      ? promotionCodesOf(object)
      : promotionCodesOf(object.discounts, object.discount);
  const hints = str(object.object) === 'subscription' ? [metadataHints(object.metadata)] : [];
  return customerId && (codes.length > 0 || hints.some((h) => h.clickId || h.via))
    ? { ...at, kind: 'customer', customerId, email: null, hints, codes }
    : undefined;
}

/** invoice_payment.paid (2025 API versions): the payment intent or charge that paid an invoice. */
export function invoicePaymentOf(payment: Json, at: EventTime): PaymentLinkFact | undefined {
  const invoiceId = idOf(payment.invoice);
  const paid = obj(payment.payment);
  const paymentIds = ids(paid?.payment_intent, paid?.charge);
  return invoiceId && paymentIds.length > 0
    ? { ...at, kind: 'payment_link', paymentId: invoiceId, ids: paymentIds }
    : undefined;
}
