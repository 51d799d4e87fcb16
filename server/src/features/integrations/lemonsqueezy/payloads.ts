// Lemon Squeezy's webhooks as its API reference shapes them ({ meta: { event_name, test_mode,
// custom_data }, data: { type, id, attributes } }) → the normalised facts. Amounts are integers in
// the currency's smallest unit ("cents": JPY 999 is 999, KWD 12.345 is 12345).
//
// A subscription's first payment is reported twice, by `order_created` (the checkout's order) and
// by `subscription_payment_success` with billing_reason `initial`, and the invoice does not name
// its order: the order is taken as the payment and the initial invoice is acknowledged without a
// fact, so the payment counts once. Later invoices (`renewal`, `updated`) are renewals, except
// after a free trial: the order was free (no sale), so the first paid invoice is the
// subscription's first payment. `subscription_created` (the subscription names its order) links
// the subscription to its order, which tells the two apart; without it, the customer remembered
// with a payment does.
import type { AdvocateHint, BillingFact, PaymentFact, VerifiedEvent } from '../provider.js';
import { idText, integer, obj, str, time, type Json } from '../json.js';

/** meta.custom_data.advocately_cid / advocately_via, as passed to the checkout (checkout[custom][…]). */
function hintsOf(meta: Json): AdvocateHint[] {
  const data = obj(meta.custom_data);
  const hint = { clickId: str(data?.advocately_cid), via: str(data?.advocately_via) };
  return hint.clickId || hint.via ? [hint] : [];
}

/** An invoice's conversion id: orders and subscription invoices are numbered apart. */
const invoiceRef = (id: string) => `subscription-invoice:${id}`;
/** The id a subscription's first payment is found by: linked to its order by subscription_created. */
const subscriptionRef = (id: string) => `subscription:${id}`;

function payment(
  kind: PaymentFact['kind'],
  transactionId: string,
  a: Json,
  meta: Json,
): PaymentFact | string {
  if (str(a.status) !== 'paid') return `Status ${str(a.status) ?? 'unknown'}: not paid`;
  const currency = str(a.currency);
  const total = integer(a.total);
  if (!currency || total === undefined) return 'No currency or total';
  // A free order (a trial's checkout) stays a fact: it remembers its customer's advocate.
  const minor = Math.max(0, total - (integer(a.tax) ?? 0));
  const subscriptionId = idText(a.subscription_id) ?? null;
  return {
    kind,
    livemode: typeof a.test_mode === 'boolean' ? !a.test_mode : null,
    occurredAt: time(a.created_at) ?? new Date(0),
    transactionId,
    relatedIds: [str(a.identifier)].filter((x): x is string => Boolean(x)),
    amount: { minor, currency },
    customerId: idText(a.customer_id) ?? null,
    email: str(a.user_email) ?? null,
    subscriptionId,
    hints: hintsOf(meta),
    codes: [],
  };
}

/** order_refunded / subscription_payment_refunded: the running total refunded of the whole. */
function refund(paymentId: string, a: Json): BillingFact | string {
  const currency = str(a.currency);
  const total = integer(a.total);
  if (!currency || total === undefined || total <= 0) return 'No currency or total';
  // refunded_amount is the total refunded so far; payloads from before Lemon Squeezy had partial
  // refunds only say `refunded` (the whole order).
  const refunded = integer(a.refunded_amount) ?? (a.refunded === true ? total : 0);
  if (refunded <= 0) return 'Nothing refunded';
  return {
    kind: 'refund',
    paymentIds: [paymentId],
    refundId: null,
    amount: { minor: Math.min(refunded, total), currency },
    ofMinor: total,
    cumulative: true,
    livemode: typeof a.test_mode === 'boolean' ? !a.test_mode : null,
    occurredAt: time(a.refunded_at) ?? time(a.updated_at) ?? new Date(0),
  };
}

/**
 * A verified webhook's body → its facts. Lemon Squeezy sends no event id: `eventId` (the hash of
 * the exact body, computed by the adapter) tells a redelivery from a new event, a second partial
 * refund having another refunded_amount.
 */
export function readLemonSqueezyEvent(body: unknown, eventId: string): VerifiedEvent | undefined {
  const e = obj(body);
  const meta = obj(e?.meta);
  const data = obj(e?.data);
  const type = str(meta?.event_name);
  const id = idText(data?.id);
  const a = obj(data?.attributes);
  if (!meta || !data || !type || !id || !a) return undefined;
  // The mode: the object's test_mode, else the envelope's (meta.test_mode).
  const test = typeof a.test_mode === 'boolean' ? a.test_mode : meta.test_mode;
  const livemode = typeof test === 'boolean' ? !test : null;
  const read = (fact: BillingFact | string): VerifiedEvent =>
    typeof fact === 'string'
      ? { eventId, type, objectId: id, facts: [], ignored: fact, livemode }
      : { eventId, type, objectId: id, facts: [fact], livemode };
  switch (type) {
    case 'order_created':
      return read(payment('sale', id, a, meta));
    case 'order_refunded':
      return read(refund(id, a));
    case 'subscription_payment_success': {
      const reason = str(a.billing_reason);
      if (reason === 'initial')
        return read("The subscription's first payment: recorded from its order (order_created)");
      const renewal = payment('renewal', invoiceRef(id), a, meta);
      return read(
        typeof renewal === 'string' || !renewal.subscriptionId
          ? renewal
          : {
              ...renewal,
              firstPaymentTransactionId: subscriptionRef(renewal.subscriptionId),
              firstPaymentLinked: true,
            },
      );
    }
    case 'subscription_created': {
      // The subscription's order is its first payment (none when the order was a free trial's).
      const orderId = idText(a.order_id);
      return read(
        orderId
          ? {
              kind: 'payment_link',
              paymentId: orderId,
              ids: [subscriptionRef(id)],
              livemode,
              occurredAt: time(a.created_at) ?? new Date(0),
            }
          : 'No order_id',
      );
    }
    case 'subscription_payment_refunded':
      return read(refund(invoiceRef(id), a));
    case 'subscription_expired': {
      const customerId = idText(a.customer_id);
      return read(
        customerId
          ? {
              kind: 'subscription_ended',
              customerId,
              livemode: typeof a.test_mode === 'boolean' ? !a.test_mode : null,
              occurredAt: time(a.updated_at) ?? new Date(0),
            }
          : 'No customer_id',
      );
    }
    default:
      return read('Not an event this integration reads');
  }
}
