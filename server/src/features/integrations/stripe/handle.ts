// What a verified Stripe event becomes: a conversion (a purchase, a subscription's first payment
// or a renewal) attributed like any other and rewarded by the campaign's rules, a refund through
// the ledger's refund path, a customer remembered or marked as cancelled, or nothing (with why).
// Every outcome is recorded against the event (repository.ts), in one statement with what the
// event leaves besides money (the customer remembered, the Stripe objects linked). A purchase so
// takes five statements and two commits, the conversion's and the event's (it took eight and
// four), and the conversion's statement, which holds the brand's rollup rows until it commits,
// never waits on a round trip to this process.
import { LIMITS } from 'contract';
import type { Database } from '../../../db/client.js';
import type { StripeEventOutcome } from '../../../db/schema.js';
import { HttpError } from '../../../lib/http-error.js';
import { findCampaign } from '../../campaigns/index.js';
import { attribute, type Attribution } from '../../conversions/attribution.js';
import { findConversionByRef, insertConversion } from '../../conversions/repository.js';
import { centsText, eventReward } from '../../conversions/rewards.js';
import {
  customerAttribution,
  customerMemory,
  customerTerms,
  markSubscriptionEnded,
  maskEmail,
  sdkCustomerKey,
  termsReadCustomer,
  type CustomerAttribution,
} from '../../customers/index.js';
import { integrationActor } from '../../audit/index.js';
import { holdReasons, type FraudHashes } from '../../fraud/index.js';
import { campaignEnded, findLinkFor } from '../../joins/index.js';
import { refundConversion } from '../../ledger/index.js';
import type { ClickBuffer, ShareLinkResolver } from '../../redirects/index.js';
import { centsToAmount, isCurrencyCode, stripeToCents } from './currency.js';
import {
  customerHints,
  customerOfSubscription,
  invoicePaymentOf,
  paymentOfInvoice,
  paymentOfSession,
  refundOfCharge,
  type AttributionHints,
  type Payment,
  type StripeEventEnvelope,
} from './payloads.js';
import {
  conversionRefOf,
  promotionCodeOwner,
  recordEvent,
  type EventBookkeeping,
} from './repository.js';

/** stripe_objects' value for a payment known only by its invoice (invoice_payment.paid). */
const INVOICE_LINK = 'invoice:';

export interface StripeDeps {
  db: Database;
  shareLinks: ShareLinkResolver;
  clicks: ClickBuffer;
  clock: () => Date;
  /** The keyed hashes the fraud rules compare (the customer's email). */
  hashes: FraudHashes;
}

export interface EventResult {
  outcome: StripeEventOutcome;
  detail: string;
  objectId: string | null;
  conversionId: number | null;
}

/** The event's result, and whether its id was new (false: a redelivery, already recorded). */
export interface HandledEvent {
  result: EventResult;
  first: boolean;
}

/** An event's result and the bookkeeping recorded with it. */
interface Outcome {
  result: EventResult;
  keep?: EventBookkeeping;
}

const ignored = (detail: string, objectId: string | null = null): EventResult => ({
  outcome: 'ignored',
  detail,
  objectId,
  conversionId: null,
});

type Campaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;
type Found = CustomerAttribution & {
  productId: number | null;
  how: string;
  /** The campaign, when attribution already read it. */
  campaign?: Campaign;
};

/** A click id or share code of this brand's links → its attribution; undefined when it names none. */
async function fromHint(
  deps: StripeDeps,
  brandId: number,
  hint: AttributionHints,
): Promise<(Attribution & { campaign: Campaign }) | undefined> {
  for (const [clickId, via] of [
    [hint.clickId, undefined],
    [undefined, hint.via],
  ] as const) {
    if (!clickId && !via) continue;
    try {
      const found = await attribute(
        { db: deps.db, shareLinks: deps.shareLinks, clicks: deps.clicks },
        { clickId, via, mayReport: (campaign) => campaign.brandId === brandId },
      );
      const campaign = await findCampaign(deps.db, found.campaignId);
      if (campaign?.brandId === brandId) return { ...found, campaign };
    } catch (err) {
      // An unknown or foreign click id or code is just not this hint's advocate: try the next.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return undefined;
}

/**
 * The payment's advocate, in order: the session's client_reference_id (the click id), the
 * advocately_cid / advocately_via metadata of the session, subscription or customer, a promotion
 * code the brand gave an advocate, and last the customer's remembered advocate.
 */
async function attributionOf(
  deps: StripeDeps,
  brandId: number,
  payment: Payment,
): Promise<Found | undefined> {
  for (const [index, hint] of payment.hints.entries()) {
    const found = await fromHint(deps, brandId, hint);
    if (found)
      return {
        ...found,
        how: index === 0 && hint.clickId && !hint.via ? 'click id' : 'metadata',
      };
  }
  const promo = await promotionCodeOwner(deps.db, brandId, payment.promotionCodes);
  if (promo) {
    const link = await findLinkFor(deps.db, promo.advocateId, promo.campaignId, null);
    return {
      ...promo,
      productId: null,
      linkId: link?.id ?? null,
      clickId: null,
      source: 'direct',
      how: 'promotion code',
    };
  }
  // The customer as Stripe knows it, then as the SDK may have reported it (a sign-up sent with
  // the Stripe customer id as customer.id, or with the email).
  const keys = [
    payment.customerId,
    payment.customerId && sdkCustomerKey({ id: payment.customerId }),
    payment.email && sdkCustomerKey({ email: payment.email }),
  ];
  for (const key of keys) {
    if (!key) continue;
    const remembered = await customerAttribution(deps.db, brandId, key);
    if (remembered) return { ...remembered, productId: null, how: 'customer' };
  }
  return undefined;
}

/**
 * The payment as already recorded (through another event of it, or an earlier delivery), or
 * undefined. Its ids are linked again and its customer remembered again, in case the delivery
 * that recorded it stopped between the conversion and the event's record.
 */
async function alreadyRecorded(
  deps: StripeDeps,
  brandId: number,
  payment: Payment,
  paidAt: Date,
): Promise<Outcome | undefined> {
  const existing = await findConversionByRef(deps.db, brandId, payment.conversionRef);
  if (!existing) return undefined;
  return {
    result: {
      outcome: 'ignored',
      detail: `The same payment as conversion #${existing.id}, already recorded`,
      objectId: payment.objectId,
      conversionId: existing.id,
    },
    keep: {
      objects: { ids: payment.relatedIds, conversionRef: payment.conversionRef },
      customer:
        existing.customerKey === null
          ? undefined
          : customerMemory({
              brandId,
              customerKey: existing.customerKey,
              attribution: existing,
              eventType: existing.eventType,
              value: existing.value,
              paidAt,
              label: maskEmail(payment.email),
              at: deps.clock(),
            }),
    },
  };
}

/**
 * A payment: attributed and recorded as a conversion. The conversion's statement itself finds a
 * payment already recorded (ON CONFLICT), so it is looked up only when this event cannot record
 * it, to tell "already recorded" from "not recordable".
 */
async function recordPayment(
  deps: StripeDeps,
  brandId: number,
  payment: Payment,
): Promise<EventResult | Outcome> {
  const { db } = deps;
  const now = deps.clock();
  const objectId = payment.objectId;
  const paidAt = payment.paidAt > 0 ? new Date(payment.paidAt * 1000) : now;
  const ignoredUnlessRecorded = async (detail: string) =>
    (await alreadyRecorded(deps, brandId, payment, paidAt)) ?? ignored(detail, objectId);
  if (!isCurrencyCode(payment.currency)) return ignoredUnlessRecorded('No ISO 4217 currency');
  const currency = payment.currency.toUpperCase();
  const valueCents = stripeToCents(payment.amountMinor, currency);
  if (valueCents > BigInt(Math.round(LIMITS.moneyMax * 100)))
    return ignoredUnlessRecorded(`Amount above ${LIMITS.moneyMax}: not recorded`);
  const value = centsToAmount(valueCents);

  const found = await attributionOf(deps, brandId, payment);
  if (!found)
    return ignoredUnlessRecorded(
      'No advocate: no click id (client_reference_id), advocately_cid/advocately_via metadata, assigned promotion code or known customer',
    );
  const campaign = found.campaign ?? (await findCampaign(db, found.campaignId));
  if (!campaign || campaign.brandId !== brandId)
    return ignoredUnlessRecorded("The advocate's campaign is not this brand's");
  if (campaign.status === 'cancelled')
    return ignoredUnlessRecorded(`Campaign "${campaign.title ?? campaign.id}" was cancelled`);

  const customerKey =
    payment.customerId ?? (payment.email ? sdkCustomerKey({ email: payment.email }) : null);
  const customer = customerKey && {
    brandId,
    customerKey,
    attribution: found,
    eventType: payment.eventType,
    value,
    paidAt,
    label: maskEmail(payment.email),
    at: now,
  };
  // A renewal's terms read the customer's row, so it is remembered first; any other payment's
  // customer is remembered with the event, after the conversion.
  const terms =
    customer && termsReadCustomer(payment.eventType)
      ? await customerTerms(db, { ...customer, recurringMonths: campaign.recurringMonths })
      : { pays: true, renewalNumber: null };
  const keep: EventBookkeeping = {
    // The payment's ids help a later refund find the conversion.
    objects: { ids: payment.relatedIds, conversionRef: payment.conversionRef },
    customer:
      customer && !termsReadCustomer(payment.eventType) ? customerMemory(customer) : undefined,
  };
  const active = campaign.status === 'active' && !campaignEnded(campaign, now);
  const wanted = active && terms.pays ? eventReward(campaign, payment.eventType, value) : 0n;
  // The brand's fraud rules (features/fraud): an advocate buying with their own email, a
  // visitor converting again and again, … hold the reward for a person, as from any source.
  const held = await holdReasons(db, undefined, {
    brandId,
    campaignId: campaign.id,
    advocateId: found.advocateId,
    reportedWith: 'stripe',
    clickId: found.clickId,
    visitorHash:
      'visitorHash' in found && typeof found.visitorHash === 'string' ? found.visitorHash : null,
    clientHash: null,
    customerEmail: payment.email ?? null,
    now,
  });
  const created = await insertConversion(
    db,
    {
      brandId,
      campaignId: campaign.id,
      advocateId: found.advocateId,
      productId: found.productId,
      linkId: found.linkId,
      clickId: found.clickId,
      source: found.source,
      conversionRef: payment.conversionRef,
      eventType: payment.eventType,
      value,
      currency,
      reportedWith: 'stripe',
      sessionId: null,
      // As the SDK stores it, so the fraud rules see the same customer whichever way it came.
      customerEmailHash: payment.email ? deps.hashes.email(payment.email) : null,
      customerKey,
      renewalNumber: terms.renewalNumber,
      createdAt: now,
    },
    wanted,
    campaign.budgetLimit !== null,
    held,
  );
  if (!created)
    return (
      (await alreadyRecorded(deps, brandId, payment, paidAt)) ?? {
        result: ignored('The same payment, already recorded', objectId),
        keep,
      }
    );
  const what =
    payment.eventType === 'subscription_renewal'
      ? `Renewal${terms.renewalNumber ? ` #${terms.renewalNumber}` : ''}`
      : payment.eventType === 'subscription_created'
        ? 'Subscription (first payment)'
        : 'Purchase';
  const why = !terms.pays
    ? " (outside the campaign's recurring_months: reward 0)"
    : !active
      ? ' (campaign not active: reward 0)'
      : '';
  return {
    result: {
      outcome: 'attributed',
      detail: `${what} of ${centsText(valueCents)} ${currency} by ${found.how}: reward ${centsText(
        BigInt(Math.round(created.rewardAmount * 100)),
      )} ${currency}${why}`,
      objectId,
      conversionId: created.id,
    },
    keep,
  };
}

async function recordRefund(
  deps: StripeDeps,
  brandId: number,
  object: Record<string, unknown>,
): Promise<EventResult> {
  const refund = refundOfCharge(object);
  if (typeof refund === 'string')
    return ignored(refund, typeof object.id === 'string' ? object.id : null);
  const found = await conversionRefOf(deps.db, brandId, refund.lookupIds);
  // A payment linked to its invoice by invoice_payment.paid: the invoice names the conversion.
  const ref = found?.startsWith(INVOICE_LINK)
    ? await conversionRefOf(deps.db, brandId, [found.slice(INVOICE_LINK.length)])
    : found;
  if (!ref) return ignored('No conversion was recorded for this charge', refund.chargeId);
  const outcome = await refundConversion(deps.db, {
    brandId,
    conversionRef: ref,
    actorId: null,
    reason: `Stripe charge ${refund.chargeId}`,
    now: deps.clock(),
    refunded: { amount: BigInt(refund.refundedMinor), of: BigInt(refund.amountMinor) },
    // A change to money: recorded in the audit log, in the refund's transaction, as Stripe's.
    audit: integrationActor('Stripe'),
  });
  if (!outcome.found) return ignored('No conversion was recorded for this charge', refund.chargeId);
  const share = (refund.refundedMinor * 100) / refund.amountMinor;
  const detail = outcome.duplicate
    ? `Refund of ${share.toFixed(2)}% already applied`
    : `Refunded ${share.toFixed(2)}% of the sale: reward now ${outcome.netReward.toFixed(2)}${
        outcome.clawback !== null
          ? ` (clawback ${outcome.clawback.toFixed(2)} from the next payout)`
          : ''
      }`;
  return {
    outcome: outcome.duplicate ? 'ignored' : 'attributed',
    detail,
    objectId: refund.chargeId,
    conversionId: outcome.conversionId,
  };
}

/** What one verified event becomes (its money written), and the bookkeeping to record with it. */
async function eventOutcome(
  deps: StripeDeps,
  brandId: number,
  event: StripeEventEnvelope,
): Promise<EventResult | Outcome> {
  const object = event.object;
  const objectId = typeof object.id === 'string' ? object.id : null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const payment = paymentOfSession(object);
      return typeof payment === 'string'
        ? ignored(payment, objectId)
        : recordPayment(deps, brandId, payment);
    }
    case 'invoice.paid': {
      const payment = paymentOfInvoice(object);
      return typeof payment === 'string'
        ? ignored(payment, objectId)
        : recordPayment(deps, brandId, payment);
    }
    case 'charge.refunded':
      return recordRefund(deps, brandId, object);
    case 'invoice_payment.paid': {
      // API versions from 2025 no longer name the invoice on a charge or the payment intent on
      // an invoice: this event is what ties them, so a refund of the charge finds the invoice's
      // conversion whichever of the two events came first.
      const link = invoicePaymentOf(object);
      if (!link) return ignored('Not a payment of an invoice', objectId);
      return {
        result: ignored(`Payment of invoice ${link.invoiceId} noted for its refunds`, objectId),
        keep: {
          objects: { ids: link.paymentIds, conversionRef: `${INVOICE_LINK}${link.invoiceId}` },
        },
      };
    }
    case 'customer.subscription.deleted': {
      const customer = customerOfSubscription(object);
      const known =
        customer && (await markSubscriptionEnded(deps.db, brandId, customer, deps.clock()));
      return known
        ? {
            ...ignored('Subscription cancelled: no more renewals expected', objectId),
            outcome: 'attributed',
          }
        : ignored('A customer no advocate brought', objectId);
    }
    case 'customer.created':
    case 'customer.updated': {
      const hinted = customerHints(object);
      if (!hinted) return ignored('No advocately_cid/advocately_via metadata', objectId);
      const found = await fromHint(deps, brandId, hinted.hints);
      if (!found) return ignored('The metadata names no link of this brand', objectId);
      return {
        result: {
          ...ignored('Customer remembered with its advocate', objectId),
          outcome: 'attributed',
        },
        keep: {
          customer: {
            brandId,
            customerKey: hinted.id,
            attribution: found,
            label: maskEmail(typeof object.email === 'string' ? object.email : null),
            paidAt: null,
            at: deps.clock(),
          },
        },
      };
    }
    default:
      return ignored('Not an event this integration reads', objectId);
  }
}

/**
 * Handles one verified event of the brand's Stripe account and records it. Handling is idempotent
 * (one conversion per payment, refunds to a cumulative target), so a redelivery is simply handled
 * again and told apart when its id is recorded: no read of the event log on the way in.
 */
export async function handleStripeEvent(
  deps: StripeDeps,
  brandId: number,
  event: StripeEventEnvelope,
): Promise<HandledEvent> {
  const handled = await eventOutcome(deps, brandId, event);
  const { result, keep } = 'result' in handled ? handled : { result: handled, keep: undefined };
  const first = await recordEvent(
    deps.db,
    {
      brandId,
      eventId: event.id,
      type: event.type,
      objectId: result.objectId,
      outcome: result.outcome,
      detail: result.detail,
      conversionId: result.conversionId,
      at: deps.clock(),
    },
    keep,
  );
  return { result, first };
}
