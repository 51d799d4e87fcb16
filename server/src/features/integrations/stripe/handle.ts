// Stripe as a billing provider (../provider.ts): its events read into the normalised facts
// (payloads.ts) that ../apply-facts.ts applies like every provider's, its signature verified
// with the official package, its own event log (stripe_events) and its promotion codes.
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { rowsOf } from '../../../lib/sql.js';
import {
  applyVerifiedEvent,
  type ApplyDeps,
  type EventResult,
  type HandledEvent,
} from '../apply-facts.js';
import {
  BadSignature,
  type BillingFact,
  type BillingProvider,
  type EventLogEntry,
  type RawRequest,
  type VerifiedEvent,
} from '../provider.js';
import {
  customerFact,
  disputeOf,
  discountFact,
  envelopeOf,
  eventTime,
  failedRefundOf,
  invoicePaymentOf,
  paymentOfInvoice,
  paymentOfSession,
  refundOfCharge,
  type StripeEventEnvelope,
} from './payloads.js';
import { promotionCodeOwner } from './repository.js';

export type StripeDeps = ApplyDeps;
export type { EventResult, HandledEvent };

/** What one event says, as facts, or why it says nothing this product reads. */
export function stripeFacts(
  envelope: StripeEventEnvelope,
  now: Date,
): { facts: BillingFact[]; ignored?: string } {
  const object = envelope.object;
  const at = eventTime(envelope, now);
  const one = (fact: BillingFact | string | undefined, why: string) =>
    fact === undefined
      ? { facts: [], ignored: why }
      : typeof fact === 'string'
        ? { facts: [], ignored: fact }
        : { facts: [fact] };
  switch (envelope.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return one(paymentOfSession(object, at), '');
    case 'invoice.paid':
      return one(paymentOfInvoice(object, at), '');
    case 'charge.refunded':
      return one(refundOfCharge(object, at), '');
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated':
      return one(failedRefundOf(object, at), '');
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return one(disputeOf(object, envelope.type, at), '');
    case 'invoice_payment.paid':
      // API versions from 2025 no longer name the invoice on a charge or the payment intent on
      // an invoice: this event is what ties them, so a refund of the charge finds the invoice's
      // conversion whichever of the two events came first.
      return one(invoicePaymentOf(object, at), 'Not a payment of an invoice');
    case 'customer.subscription.deleted': {
      const customerId = typeof object.customer === 'string' ? object.customer : undefined;
      return customerId
        ? { facts: [{ ...at, kind: 'subscription_ended', customerId }] }
        : { facts: [], ignored: 'No customer' };
    }
    case 'customer.created':
    case 'customer.updated':
      return one(customerFact(object, at), 'No advocately_cid/advocately_via metadata');
    case 'customer.discount.created':
    case 'customer.subscription.created':
      return one(discountFact(object, at), 'No promotion code or advocate metadata');
    default:
      return { facts: [], ignored: 'Not an event this integration reads' };
  }
}

/** A verified envelope as the provider interface's event. */
export function verifiedEvent(envelope: StripeEventEnvelope, now: Date): VerifiedEvent {
  const { facts, ignored } = stripeFacts(envelope, now);
  return {
    eventId: envelope.id,
    type: envelope.type,
    objectId: typeof envelope.object.id === 'string' ? envelope.object.id : null,
    facts,
    livemode: envelope.livemode,
    ...(ignored ? { ignored } : {}),
  };
}

const header = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Records the event once in stripe_events, in one statement with the facts' bookkeeping. */
async function recordStripeEvent(
  db: ApplyDeps['db'],
  e: EventLogEntry,
  bookkeeping: SQL[],
): Promise<boolean> {
  const event = sql`event as (insert into stripe_events (brand_id, event_id, type, object_id, outcome,
      detail, conversion_id, livemode, received_at)
    values (${e.brandId}::integer, ${e.eventId.slice(0, 255)}::varchar, ${e.type.slice(0, 100)}::varchar,
      ${e.objectId?.slice(0, 255) ?? null}::varchar, ${e.outcome}::text, ${e.detail}::text,
      ${e.conversionId}::integer, ${e.livemode ?? null}::boolean, ${e.at.toISOString()}::timestamptz)
    on conflict do nothing returning event_id)`;
  const [row] = await rowsOf<{ first: boolean }>(
    db,
    sql`with ${sql.join([...bookkeeping, event], sql`, `)} select exists (select 1 from event) as first`,
  );
  return row?.first === true;
}

export const stripeProvider: BillingProvider = {
  name: 'stripe',
  label: 'Stripe',
  codeName: 'promotion code',
  verify(request, secret, now) {
    const signature = header(request, 'stripe-signature');
    if (!signature) throw new BadSignature('Missing Stripe-Signature');
    let event: unknown;
    try {
      event = Stripe.webhooks.constructEvent(
        request.body,
        signature,
        secret,
        undefined,
        undefined,
        now.getTime(),
      );
    } catch {
      throw new BadSignature('Invalid Stripe-Signature');
    }
    const envelope = envelopeOf(event);
    if (!envelope)
      return { eventId: '', type: '', objectId: null, facts: [], ignored: 'Not an event' };
    return verifiedEvent(envelope, now);
  },
  // Stripe's customer ids (cus_…) are remembered as they are (brand_customers rows predate the
  // provider interface).
  customerKey: (id) => id,
  codeOwner: (db, brandId, codes) => promotionCodeOwner(db, brandId, codes),
  recordEvent: recordStripeEvent,
};

/**
 * Handles one verified event of the brand's Stripe account and records it: the route's entry
 * point (it verifies the signature and decides the connection's mode first).
 */
export async function handleStripeEvent(
  deps: StripeDeps,
  brandId: number,
  envelope: StripeEventEnvelope,
): Promise<HandledEvent> {
  return applyVerifiedEvent(deps, stripeProvider, brandId, verifiedEvent(envelope, deps.clock()));
}
