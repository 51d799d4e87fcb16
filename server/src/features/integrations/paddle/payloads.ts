// Paddle Billing's notifications as its API reference shapes them (event_id, event_type,
// occurred_at, data) → the normalised facts. Amounts are strings of the currency's lowest
// denomination ("1000" is USD 10.00, JPY 1000, KWD 1.000), so they are read as integers as they
// are. Paddle keeps sandbox and live in separate accounts with separate secrets: an event does
// not say its mode (livemode null).
import type { AdvocateHint, BillingFact, PaymentFact, VerifiedEvent } from '../provider.js';
import { integer, obj, str, time, type Json } from '../json.js';

/** custom_data.advocately_cid / advocately_via, as passed to Paddle.js Checkout.open({ customData }). */
function hintsOf(customData: unknown): AdvocateHint[] {
  const data = obj(customData);
  const hint = { clickId: str(data?.advocately_cid), via: str(data?.advocately_via) };
  return hint.clickId || hint.via ? [hint] : [];
}

/**
 * What a completed transaction's origin makes of it: `subscription_recurring` is a renewal, any
 * other charge on a subscription (`subscription_charge`, `subscription_update`: one-off charges
 * and upgrades) is paid like one, a checkout (`web`, `api`) of a subscription is its first payment,
 * anything else a sale.
 */
/**
 * A subscription's first payment is recorded under the subscription (`sub_…:first`) rather than its
 * transaction, so a renewal can name it: after a free trial the first paid transaction is a
 * `subscription_recurring` one, and it is then the first payment.
 */
export const firstPaymentId = (subscriptionId: string) => `${subscriptionId}:first`;

function kindOf(origin: string | undefined, subscriptionId: string | null): PaymentFact['kind'] {
  if (!subscriptionId) return 'sale';
  if (origin === 'web' || origin === 'api') return 'first_payment';
  return 'renewal';
}

function payment(t: Json, occurredAt: Date): PaymentFact | string {
  const id = str(t.id);
  if (!id) return 'No transaction id';
  if (str(t.status) !== 'completed') return `Transaction ${str(t.status) ?? 'without status'}`;
  const totals = obj(obj(t.details)?.totals);
  const currency = str(t.currency_code) ?? str(totals?.currency_code);
  const total = integer(totals?.total);
  const tax = integer(totals?.tax) ?? 0;
  if (!currency || total === undefined) return 'No currency_code or details.totals.total';
  // A free transaction (a trial's checkout) stays a fact: it remembers its customer's advocate.
  const minor = Math.max(0, total - tax);
  const subscriptionId = str(t.subscription_id) ?? null;
  const discount = str(t.discount_id);
  const kind = kindOf(str(t.origin), subscriptionId);
  const first = subscriptionId && firstPaymentId(subscriptionId);
  return {
    kind,
    livemode: null,
    occurredAt: time(t.billed_at) ?? occurredAt,
    transactionId: kind === 'first_payment' && first ? first : id,
    relatedIds: [kind === 'first_payment' ? id : undefined, str(t.invoice_id)].filter(
      (x): x is string => Boolean(x),
    ),
    firstPaymentTransactionId: kind === 'renewal' && first ? first : undefined,
    amount: { minor, currency },
    customerId: str(t.customer_id) ?? null,
    email: str(obj(t.customer)?.email) ?? null,
    subscriptionId,
    hints: hintsOf(t.custom_data),
    codes: discount ? [discount] : [],
  };
}

/**
 * An adjustment once approved: a refund (its `totals.subtotal`, before tax like the sale's amount,
 * counted on its own: each adjustment is one refund), a chargeback (a dispute lost) or its reversal
 * (won). Credits and pending or rejected adjustments move no money.
 */
function adjustment(a: Json, occurredAt: Date): BillingFact | string {
  const id = str(a.id);
  const transactionId = str(a.transaction_id);
  if (!id || !transactionId) return 'No adjustment or transaction id';
  const status = str(a.status);
  if (status !== 'approved') return `Adjustment ${status ?? 'without status'}: nothing moved yet`;
  const action = str(a.action);
  const at = time(a.updated_at) ?? occurredAt;
  if (action === 'chargeback' || action === 'chargeback_reverse')
    return {
      kind: 'dispute',
      status: action === 'chargeback' ? 'lost' : 'won',
      disputeId: id,
      paymentIds: [transactionId],
      livemode: null,
      occurredAt: at,
    };
  if (action !== 'refund') return `Adjustment action ${action ?? 'unknown'}: no money returned`;
  const totals = obj(a.totals);
  const currency = str(a.currency_code) ?? str(totals?.currency_code);
  const subtotal = integer(totals?.subtotal);
  if (!currency || subtotal === undefined || subtotal <= 0) return 'No refunded amount';
  return {
    kind: 'refund',
    paymentIds: [transactionId],
    refundId: id,
    amount: { minor: subtotal, currency },
    ofMinor: null,
    cumulative: false,
    livemode: null,
    occurredAt: at,
  };
}

/** A verified notification's body → its facts (or why it has none). */
export function readPaddleEvent(body: unknown): VerifiedEvent | undefined {
  const e = obj(body);
  const eventId = str(e?.event_id);
  const type = str(e?.event_type);
  const data = obj(e?.data);
  if (!e || !eventId || !type || !data) return undefined;
  const objectId = str(data.id) ?? null;
  const occurredAt = time(e.occurred_at) ?? new Date(0);
  const read = (fact: BillingFact | string): VerifiedEvent =>
    typeof fact === 'string'
      ? { eventId, type, objectId, facts: [], ignored: fact }
      : { eventId, type, objectId, facts: [fact] };
  switch (type) {
    case 'transaction.completed':
      return read(payment(data, occurredAt));
    case 'adjustment.created':
    case 'adjustment.updated':
      return read(adjustment(data, occurredAt));
    case 'subscription.created': {
      // The subscription keeps the checkout's custom_data: its customer is remembered with the
      // advocate, so renewals follow it even when their transactions carry no custom_data.
      const customerId = str(data.customer_id);
      const hints = hintsOf(data.custom_data);
      const discount = str(obj(data.discount)?.id);
      if (!customerId || (hints.length === 0 && !discount))
        return read('No advocately_cid/advocately_via custom_data');
      return read({
        kind: 'customer',
        customerId,
        email: null,
        hints,
        codes: discount ? [discount] : [],
        livemode: null,
        occurredAt,
      });
    }
    case 'subscription.canceled': {
      const customerId = str(data.customer_id);
      return read(
        customerId
          ? { kind: 'subscription_ended', customerId, livemode: null, occurredAt }
          : 'No customer_id',
      );
    }
    default:
      return read('Not an event this integration reads');
  }
}
