// The one interface every billing provider (Stripe, Paddle, Lemon Squeezy, Shopify) implements,
// and the normalised facts it turns a verified request into. A provider adapter knows its
// provider's signature scheme and payload shapes and nothing else; apply-facts.ts applies the
// facts (attribution, customers remembered for renewals, rewards, the ledger, fraud rules, the
// outbox events and the audit log) the same way for every provider, and knows none by name.
//
// Amounts are integers in the currency's minor unit as the provider counts it (JPY 999 is 999,
// KWD 12.345 is 12345, USD 10.00 is 1000): an adapter whose provider sends decimal strings
// (Shopify's "10.00") converts them with minorUnits() from ./currency.ts. Currencies are
// ISO 4217 codes, any case.
import type { Database } from '../../db/client.js';
import type { SQL } from 'drizzle-orm';

/** The providers, as they appear in routes (`integrations/{provider}/`) and conversion refs. */
export const BILLING_PROVIDERS = ['stripe', 'paddle', 'lemonsqueezy', 'shopify'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** Where an object names an advocate: a click id (`cid`, the `adv_cid` cookie) or a share code (`via`). */
export interface AdvocateHint {
  clickId?: string | undefined;
  via?: string | undefined;
}

/** Amount in the currency's minor unit (an integer), and the currency's ISO 4217 code. */
export interface MinorAmount {
  minor: number;
  currency: string;
}

/** What every fact carries. */
interface FactBase {
  /** False for a test-mode event, true for live, null when the provider does not say. */
  livemode: boolean | null;
  /** When it happened at the provider (its timestamp), which orders out-of-order deliveries. */
  occurredAt: Date;
}

/**
 * A payment: a one-off sale, a subscription's first paid payment, or any later paid invoice of a
 * subscription (a renewal, an upgrade's proration, a manual invoice: all follow the campaign's
 * renewal rule and recurring_months). A payment of 0 is no sale: it only remembers its customer
 * with the advocate it names (a free trial's checkout), so the first paid payment follows it.
 */
export interface PaymentFact extends FactBase {
  kind: 'sale' | 'first_payment' | 'renewal';
  /**
   * The provider's id the conversion is recorded under, unique per payment: the conversion's
   * transaction_id / conversion_ref is `{provider}:{transactionId}`. Two events reporting the
   * same payment (a checkout session and its invoice) must give the same id.
   */
  transactionId: string;
  /** Every other provider id a later refund or dispute of this payment may name (charge, order, …). */
  relatedIds: string[];
  /** Paid, excluding tax where the provider says it. */
  amount: MinorAmount;
  /** The provider's customer id (renewals follow the customer's first attribution). */
  customerId: string | null;
  email: string | null;
  /**
   * The customer's country (ISO 3166-1 alpha-2) where the provider gives it (Stripe's checkout
   * customer details and invoice address, Shopify's billing address); groups' rules read it.
   */
  country?: string | null;
  subscriptionId: string | null;
  /** Advocate hints in the order they are tried (the click id first). */
  hints: AdvocateHint[];
  /** Promotion / discount codes used (ids and typed codes: either may be assigned to an advocate). */
  codes: string[];
  /**
   * For a renewal: the transactionId its subscription's first payment has, or an id another event
   * linked to that payment (Lemon Squeezy's `subscription:{id}`, tied to the subscription's order
   * by subscription_created). When no conversion has it (the first invoice was free: a trial),
   * this renewal is the first payment and is recorded under that id.
   */
  firstPaymentTransactionId?: string | undefined;
  /**
   * The first payment is named only through a link another event makes (see above): until that
   * link is recorded, a customer already remembered with a payment has made its first payment,
   * and this renewal stays a renewal.
   */
  firstPaymentLinked?: boolean | undefined;
}

/**
 * A refund of a payment. Providers report either the running total refunded on the payment
 * (Stripe's charge.amount_refunded: `cumulative`) or each refund on its own (Paddle, Lemon
 * Squeezy, Shopify: a `refundId` per refund, summed). A refund whose payment is not known yet is
 * kept and applied when the payment arrives.
 */
export interface RefundFact extends FactBase {
  kind: 'refund';
  /** Ids that may name the refunded payment (its transactionId or one of its relatedIds). */
  paymentIds: string[];
  /** This refund's own id; null for a cumulative report. */
  refundId: string | null;
  /** Refunded: this refund's amount, or (cumulative) the total refunded so far. */
  amount: MinorAmount;
  /**
   * The payment's total in the same unit as `amount` (the refunded share is amount / of); null
   * when the provider's refund does not carry it (a Paddle adjustment, a Shopify refund): then
   * `amount` is before tax like the payment's, and the share is amount / the payment's amount.
   */
  ofMinor: number | null;
  cumulative: boolean;
}

/** A refund that did not go through after all (Stripe refund.failed): what it took is restored. */
export interface RefundFailedFact extends FactBase {
  kind: 'refund_failed';
  paymentIds: string[];
  refundId: string;
  amount: MinorAmount;
}

/**
 * A dispute (chargeback): `opened` holds an unpaid reward for a person, `won` releases it,
 * `lost` takes the reward back as a full refund does.
 */
export interface DisputeFact extends FactBase {
  kind: 'dispute';
  status: 'opened' | 'won' | 'lost';
  disputeId: string;
  paymentIds: string[];
}

/** A customer the provider told about, with advocate hints and/or codes (remembered for later payments). */
export interface CustomerFact extends FactBase {
  kind: 'customer';
  customerId: string;
  email: string | null;
  hints: AdvocateHint[];
  /** Promotion / discount codes the customer got (Stripe customer.discount.created). */
  codes: string[];
}

/** A subscription ended: no more renewals are expected from the customer. */
export interface SubscriptionEndedFact extends FactBase {
  kind: 'subscription_ended';
  customerId: string;
}

/**
 * Ids that belong to an already reported payment (Stripe invoice_payment.paid ties a charge to
 * its invoice): a refund naming one of `ids` finds the payment named by `paymentId`.
 */
export interface PaymentLinkFact extends FactBase {
  kind: 'payment_link';
  /** The payment's transactionId or one of its relatedIds. */
  paymentId: string;
  ids: string[];
}

export type BillingFact =
  | PaymentFact
  | RefundFact
  | RefundFailedFact
  | DisputeFact
  | CustomerFact
  | SubscriptionEndedFact
  | PaymentLinkFact;

/** A verified request: the provider's event id (the idempotency key), its type, and its facts. */
export interface VerifiedEvent {
  eventId: string;
  type: string;
  /** The provider's main object id, shown in the event log. */
  objectId: string | null;
  /** What it says; empty with `ignored` saying why, when it says nothing this product reads. */
  facts: BillingFact[];
  ignored?: string;
  /** The event's mode (false: test), recorded in the log; null or left out when not said. */
  livemode?: boolean | null;
}

/** A request as received: the exact bytes (signatures are computed over them) and the headers. */
export interface RawRequest {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** Thrown by verify: a bad or missing signature (answered 400, nothing recorded). */
export class BadSignature extends Error {}

/** An advocate a code was assigned to. */
export interface CodeOwner {
  campaignId: number;
  advocateId: number;
}

/** One row of a provider's event log. */
export interface EventLogEntry {
  brandId: number;
  eventId: string;
  type: string;
  objectId: string | null;
  outcome: 'attributed' | 'ignored' | 'refused';
  detail: string;
  conversionId: number | null;
  /** The event's mode, when the provider says. */
  livemode?: boolean | null;
  at: Date;
}

export interface BillingProvider {
  name: BillingProviderName;
  /** As people read it ("Lemon Squeezy"): event log details, the audit log's actor. */
  label: string;
  /**
   * Verifies the request with the brand's secret (the provider's own library where one exists)
   * and reads it; throws BadSignature when it is not the provider's.
   */
  verify(request: RawRequest, secret: string, now: Date): VerifiedEvent;
  /** What the provider calls the codes codeOwner reads ("promotion code"); default "discount code". */
  codeName?: string;
  /** The key a customer is remembered by (brand_customers); default `{provider}:{id}`. */
  customerKey?(customerId: string): string;
  /** The advocate a promotion / discount code (id or typed code) was given to, if any. */
  codeOwner(
    db: Database,
    brandId: number,
    codes: readonly string[],
  ): Promise<CodeOwner | undefined>;
  /**
   * Records the event in the provider's log once, in one statement with `bookkeeping` (CTEs
   * apply-facts built: the customer remembered, the payment's ids): false when the event id
   * was recorded before (a redelivery). integrations/store.ts has the shared implementation.
   */
  recordEvent(db: Database, entry: EventLogEntry, bookkeeping: SQL[]): Promise<boolean>;
}
