// The parts of Stripe's objects this integration reads, as the API reference shapes them. Read
// defensively: a webhook endpoint receives the API version set on it in Stripe's dashboard, and
// fields moved between versions (an invoice's subscription and payment intent, a charge's invoice),
// so each reader looks where every supported version puts the value.
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

export interface StripeEventEnvelope {
  id: string;
  type: string;
  created: number;
  object: Json;
}

/** The event's id, type, time and `data.object`; undefined when it is not shaped like an event. */
export function envelopeOf(event: unknown): StripeEventEnvelope | undefined {
  const e = obj(event);
  const object = obj(obj(e?.data)?.object);
  const id = str(e?.id);
  const type = str(e?.type);
  if (!e || !object || !id || !type) return undefined;
  return { id, type, created: num(e.created) ?? 0, object };
}

/** Where an object names an advocate: a click id (cid) or a share code (via). */
export interface AttributionHints {
  clickId?: string | undefined;
  via?: string | undefined;
}

function metadataHints(metadata: unknown): AttributionHints {
  const m = obj(metadata);
  return { clickId: str(m?.advocately_cid), via: str(m?.advocately_via) };
}

export interface Payment {
  /** The Stripe object the payment is recorded under (session, invoice). */
  objectId: string;
  /** Every id a later refund or a duplicate delivery may name. */
  relatedIds: string[];
  /** The idempotency key: one conversion per payment, whichever event reports it first. */
  conversionRef: string;
  eventType: 'purchase' | 'subscription_created' | 'subscription_renewal';
  currency: string;
  /** Paid, excluding tax where Stripe gives it, in minor units. */
  amountMinor: number;
  customerId: string | null;
  email: string | null;
  subscriptionId: string | null;
  /** The hints in attribution order: the session's client_reference_id first, then metadata. */
  hints: AttributionHints[];
  promotionCodes: string[];
  /** When the payment was made (Stripe's time), seconds. */
  paidAt: number;
}

/** The subscription's first payment has one reference, from the session and the invoice alike. */
export const firstPaymentRef = (subscriptionId: string) => `stripe:${subscriptionId}:first`;

function promotionCodesOf(discounts: unknown, discount: unknown): string[] {
  const codes: string[] = [];
  const add = (d: unknown) => {
    const promo = obj(d)?.promotion_code;
    const id = idOf(promo);
    if (id) codes.push(id);
    const code = str(obj(promo)?.code);
    if (code) codes.push(code);
  };
  if (Array.isArray(discounts)) discounts.forEach(add);
  add(discount);
  return codes;
}

/** checkout.session.completed / async_payment_succeeded → the payment, or why it is ignored. */
export function paymentOfSession(s: Json): Payment | string {
  const mode = str(s.mode);
  if (mode !== 'payment' && mode !== 'subscription') return `mode ${mode ?? 'unknown'}: no payment`;
  if (str(s.payment_status) === 'unpaid') return 'not paid yet (an asynchronous payment)';
  const id = str(s.id);
  const currency = str(s.currency);
  const total = num(s.amount_total);
  if (!id || !currency || total === undefined) return 'no id, currency or amount_total';
  const tax = num(obj(s.total_details)?.amount_tax) ?? 0;
  const subscriptionId = idOf(s.subscription) ?? null;
  const customer = obj(s.customer);
  const related = [id, idOf(s.payment_intent), idOf(s.invoice), subscriptionId].filter(
    (x): x is string => Boolean(x),
  );
  const isSubscription = mode === 'subscription' && subscriptionId !== null;
  return {
    objectId: id,
    relatedIds: related,
    conversionRef: isSubscription ? firstPaymentRef(subscriptionId) : `stripe:${id}`,
    eventType: isSubscription ? 'subscription_created' : 'purchase',
    currency,
    amountMinor: Math.max(0, total - tax),
    customerId: idOf(s.customer) ?? null,
    email: str(obj(s.customer_details)?.email) ?? str(s.customer_email) ?? null,
    subscriptionId,
    hints: [
      { clickId: str(s.client_reference_id) },
      metadataHints(s.metadata),
      metadataHints(obj(s.subscription)?.metadata),
      metadataHints(customer?.metadata),
    ],
    promotionCodes: promotionCodesOf(s.discounts, undefined),
    paidAt: num(s.created) ?? 0,
  };
}

/** The invoice's subscription: `parent.subscription_details` (2025 API versions) or `subscription`. */
function invoiceSubscription(inv: Json): { id: string | null; metadata: unknown } {
  const details = obj(obj(inv.parent)?.subscription_details);
  const id = idOf(details?.subscription) ?? idOf(inv.subscription) ?? null;
  const metadata = details?.metadata ?? obj(inv.subscription_details)?.metadata;
  return { id, metadata };
}

/** invoice.paid → the payment (a subscription's first payment or a renewal), or why it is ignored. */
export function paymentOfInvoice(inv: Json): Payment | string {
  const reason = str(inv.billing_reason);
  const sub = invoiceSubscription(inv);
  if (!sub.id) return 'not a subscription invoice';
  if (reason !== 'subscription_create' && reason !== 'subscription_cycle')
    return `billing_reason ${reason ?? 'unknown'}: not a first payment nor a renewal`;
  const id = str(inv.id);
  const currency = str(inv.currency);
  const paid = num(inv.amount_paid);
  if (!id || !currency || paid === undefined) return 'no id, currency or amount_paid';
  // Tax: `tax` (older versions) or the sum of `total_taxes` (2025 versions).
  const taxes = Array.isArray(inv.total_taxes)
    ? inv.total_taxes.reduce<number>((sum, t) => sum + (num(obj(t)?.amount) ?? 0), 0)
    : (num(inv.tax) ?? 0);
  const paidAt = num(obj(inv.status_transitions)?.paid_at) ?? num(inv.created) ?? 0;
  const first = reason === 'subscription_create';
  const related = [id, idOf(inv.payment_intent), idOf(inv.charge), sub.id].filter(
    (x): x is string => Boolean(x),
  );
  return {
    objectId: id,
    // The subscription id names the first payment only (a refund of its charge finds it).
    relatedIds: first ? related : related.filter((x) => x !== sub.id),
    conversionRef: first ? firstPaymentRef(sub.id) : `stripe:${id}`,
    eventType: first ? 'subscription_created' : 'subscription_renewal',
    currency,
    amountMinor: Math.max(0, paid - taxes),
    customerId: idOf(inv.customer) ?? null,
    email: str(inv.customer_email) ?? null,
    subscriptionId: sub.id,
    hints: [metadataHints(sub.metadata), metadataHints(obj(inv.customer)?.metadata)],
    promotionCodes: promotionCodesOf(inv.discounts, inv.discount),
    paidAt,
  };
}

export interface Refund {
  chargeId: string;
  /** Ids that may name the paid conversion: the charge, its payment intent, its invoice. */
  lookupIds: string[];
  refundedMinor: number;
  amountMinor: number;
}

/** charge.refunded → the cumulative refund of the charge, or why it is ignored. */
export function refundOfCharge(ch: Json): Refund | string {
  const id = str(ch.id);
  const amount = num(ch.amount);
  const refunded = num(ch.amount_refunded);
  if (!id || amount === undefined || refunded === undefined || amount <= 0)
    return 'no id, amount or amount_refunded';
  if (refunded <= 0) return 'nothing refunded';
  const lookupIds = [id, idOf(ch.payment_intent), idOf(ch.invoice)].filter((x): x is string =>
    Boolean(x),
  );
  return { chargeId: id, lookupIds, refundedMinor: refunded, amountMinor: amount };
}

/** customer.subscription.deleted → the customer, or why it is ignored. */
export function customerOfSubscription(sub: Json): string | undefined {
  return idOf(sub.customer);
}

/** customer.created / customer.updated: a customer whose metadata names an advocate. */
export function customerHints(customer: Json): { id: string; hints: AttributionHints } | undefined {
  const id = str(customer.id);
  const hints = metadataHints(customer.metadata);
  return id && (hints.clickId || hints.via) ? { id, hints } : undefined;
}

/** invoice_payment.paid (2025 API versions): the invoice and the payment intent or charge that paid it. */
export function invoicePaymentOf(
  payment: Json,
): { invoiceId: string; paymentIds: string[] } | undefined {
  const invoiceId = idOf(payment.invoice);
  const paid = obj(payment.payment);
  const paymentIds = [idOf(paid?.payment_intent), idOf(paid?.charge)].filter((x): x is string =>
    Boolean(x),
  );
  return invoiceId && paymentIds.length > 0 ? { invoiceId, paymentIds } : undefined;
}
